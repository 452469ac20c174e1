#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A birthday as a contact keeps it (vCard BDAY), which may lack its year: read from `1985-04-12`,
/// `19850412`, `--04-12` and `--0412` (what import and the form store), else not a date. The one
/// reading of a stored birthday: the Birthdays screen, the form's check (`BirthdayText`) and
/// `switchboard query --birthdays` use it. (Interchange's `PartialDate` reads what files write —
/// Outlook's `4/12/1985`, `12.4.1985` — before it is stored; Interchange depends on nothing.)
public struct BirthdayDate: Equatable, Sendable {
    public var year: Int?
    public var month: Int
    public var day: Int

    /// Nil unless the day can be in its month (29 February in any year: a card may say so, and the
    /// birthday is then kept on 1 March; the form asks for a real date, `BirthdayText`).
    public init?(year: Int?, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: nil)).contains(day) else { return nil }
        if let year, !(1...9999).contains(year) { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    public init?(parsing raw: String) {
        var text = Substring(raw.filter { $0 != " " })
        if let t = text.firstIndex(of: "T") { text = text[..<t] }
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
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let m = Int(digits.suffix(4).prefix(2)), let d = Int(digits.suffix(2)) else { return nil }
        self.init(year: year, month: m, day: d)
    }

    /// `1985-04-12`, or `--04-12` without a year (as stored).
    public var stored: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let md = two(month) + "-" + two(day)
        guard let year else { return "--" + md }
        return String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year) + "-" + md
    }

    /// A day of the calendar, in the machine's time zone.
    public struct Day: Equatable, Sendable {
        public var year: Int
        public var month: Int
        public var day: Int

        /// The local day at `seconds` since 1970 (the C library's `localtime_r`, TZ honoured).
        public init(at seconds: Int64) {
            var t = time_t(seconds), parts = tm()
            localtime_r(&t, &parts)
            self.init(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        }

        public init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }

        /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
        public var number: Int {
            let y = month <= 2 ? year - 1 : year
            let era = (y >= 0 ? y : y - 399) / 400
            let yoe = y - era * 400
            let mp = (month + 9) % 12
            let doy = (153 * mp + 2) / 5 + day - 1
            let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
            return era * 146_097 + doe - 719_468
        }

        /// 0 Sunday … 6 Saturday.
        public var weekday: Int { ((number % 7) + 11) % 7 }
    }

    /// When it next comes round on or after `today`: 29 February is kept on 1 March in a year without one.
    public func next(after today: Day) -> Day {
        func on(_ year: Int) -> Day {
            month == 2 && day == 29 && Self.daysIn(month: 2, year: year) == 28 ? Day(year: year, month: 3, day: 1) : Day(year: year, month: month, day: day)
        }
        let thisYear = on(today.year)
        return thisYear.number >= today.number ? thisYear : on(today.year + 1)
    }

    /// The days of `month` in `year`; February without a year has 29 (a birthday on the 29th is a birthday).
    public static func daysIn(month: Int, year: Int?) -> Int {
        switch month {
        case 2:
            guard let year else { return 29 }
            return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
