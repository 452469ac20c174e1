import AppServices

/// A birthday as a person types it into the form, and as it is stored: `1985-04-12`, or
/// `--04-12` when the year is not known (typed `04-12` or `--04-12`).
enum BirthdayText {
    static let problem = "Date like 1985-04-12 or 04-12"

    /// The stored form of `text`: "" for "", nil when it is not a date (`BirthdayDate` says what is).
    static func stored(_ text: String) -> String? {
        if text.isEmpty { return "" }
        var rest = Substring(text)
        var year: Int?
        if rest.hasPrefix("--") {
            rest = rest.dropFirst(2)
        } else if rest.count == 10 {
            guard let y = number(rest.prefix(4)), rest.dropFirst(4).first == "-" else { return nil }
            year = y
            rest = rest.dropFirst(5)
        }
        guard rest.count == 5, rest.dropFirst(2).first == "-", let month = number(rest.prefix(2)), let day = number(rest.suffix(2)),
              let date = BirthdayDate(year: year, month: month, day: day), day <= BirthdayDate.daysIn(month: month, year: year) else { return nil }
        return date.stored
    }

    private static func number(_ digits: Substring) -> Int? {
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}
