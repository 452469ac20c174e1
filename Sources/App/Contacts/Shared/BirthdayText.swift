/// A birthday as a person types it into the form, and as it is stored: `1985-04-12`, or
/// `--04-12` when the year is not known (typed `04-12` or `--04-12`).
enum BirthdayText {
    static let problem = "Date like 1985-04-12 or 04-12"

    /// The stored form of `text`: "" for "", nil when it is not a date.
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
              (1...12).contains(month), day >= 1, day <= days(inMonth: month, year: year) else { return nil }
        let md = two(month) + "-" + two(day)
        return year.map { String($0) + "-" + md } ?? "--" + md
    }

    private static func number(_ digits: Substring) -> Int? {
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// 29 for February without a year (a birthday on the 29th is a birthday).
    private static func days(inMonth month: Int, year: Int?) -> Int {
        switch month {
        case 2:
            guard let y = year else { return 29 }
            return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
