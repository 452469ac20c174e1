/// A date that may lack its year (a birthday someone did not tell): vCard BDAY.
public struct PartialDate: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The year, if known.
    public var year: Int?
    /// 1-12.
    public var month: Int
    /// 1-31.
    public var day: Int

    /// Makes a date; nil unless month and day are in range.
    public init?(year: Int?, month: Int, day: Int) {
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        if let year, !(1...9999).contains(year) { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads `1985-04-12`, `19850412`, `--0412`, `--04-12`, `1985-04-12T00:00:00Z`, the US
    /// form `4/12/1985` that Outlook writes, and the day-first `12.4.1985` of its German export;
    /// nil for anything else.
    public init?(parsing raw: String) {
        var text = raw.trimmingSpaces
        if let t = text.firstIndex(of: "T") { text = String(text[..<t]) }
        if text.contains(".") {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 3, let d = parts[0], let m = parts[1], let y = parts[2], y != 0 else { return nil }
            self.init(year: y < 100 ? nil : y, month: m, day: d)
            return
        }
        if text.contains("/") {
            let parts = text.split(separator: "/").map { Int($0) }
            guard parts.count == 3, let m = parts[0], let d = parts[1], let y = parts[2] else { return nil }
            guard y != 0 else { return nil }
            self.init(year: y < 100 ? nil : y, month: m, day: d)
            return
        }
        var year: Int?
        let digits: String
        if text.hasPrefix("--") {
            digits = text.dropFirst(2).filter { $0 != "-" }
            guard digits.count == 4 else { return nil }
        } else {
            digits = text.filter { $0 != "-" }
            guard digits.count == 8, let y = Int(digits.prefix(4)) else { return nil }
            year = y
        }
        guard digits.allSatisfy(\.isASCII), let m = Int(digits.suffix(4).prefix(2)), let d = Int(digits.suffix(2)) else { return nil }
        self.init(year: year, month: m, day: d)
    }

    /// `1985-04-12`, or `--04-12` without a year.
    public var description: String {
        let md = "\(Self.two(month))-\(Self.two(day))"
        guard let year else { return "--" + md }
        return "\(Self.four(year))-" + md
    }

    /// vCard 4.0's basic form: `19850412`, or `--0412` without a year.
    public var basic: String {
        let md = Self.two(month) + Self.two(day)
        guard let year else { return "--" + md }
        return Self.four(year) + md
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    static func four(_ n: Int) -> String { String(repeating: "0", count: max(0, 4 - String(n).count)) + String(n) }

    /// Days from (month, day) of `today` to the next birthday on or after it (0 = today), in a
    /// year of 366 days so 29 February comes once a year.
    public func daysUntilNext(month todayMonth: Int, day todayDay: Int) -> Int {
        let cumulative = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335]
        let mine = cumulative[month - 1] + day
        let now = cumulative[todayMonth - 1] + todayDay
        return (mine - now + 366) % 366
    }
}
