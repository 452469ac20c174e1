#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A count as every screen writes it: digits in groups of three, with the separator of the
/// user's locale (`LC_NUMERIC`: "100,005" in English, "100.005" in German, "100 005" in French),
/// "," where the locale has none (C, POSIX), so "100005" and "100,005" never stand side by side.
public enum CountText {
    /// The separator between groups of three digits; read from the locale once (the terminal sets
    /// it up from the environment before the first frame).
    public static var separator: String { cachedSeparator }

    private static let cachedSeparator: String = {
        guard let conventions = localeconv(), let sep = conventions.pointee.thousands_sep,
              let text = String(validatingCString: sep), !text.isEmpty,
              !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return "," }
        return text == " " ? "\u{00A0}" : text // a group never breaks across lines
    }()

    /// 1234567 → "1,234,567" (with `separator`); negative numbers keep their sign.
    public static func grouped(_ n: Int, separator: String = CountText.separator) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out += separator }
            out.append(c)
        }
        return n < 0 ? "-" + out : out
    }

    /// "1 friend", "9,832 friends": the count grouped, the noun in the singular for one.
    public static func counted(_ n: Int, _ singular: String, _ plural: String) -> String {
        grouped(n) + " " + (n == 1 ? singular : plural)
    }
}
