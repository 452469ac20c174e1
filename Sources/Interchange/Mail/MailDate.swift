/// A message's date as seconds since 1970 (UTC): RFC 5322's `Date:` field (`Thu, 3 Dec 2026
/// 10:00:00 +0100`, with the obsolete forms mail programs still write: two-digit years, zone
/// names, comments, no seconds) and the date of an mbox "From " line (asctime's `Thu Dec  3
/// 10:00:00 2026`, taken as UTC). Text that is not a date is nil.
public enum MailDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let zones: [String: Int] = ["ut": 0, "gmt": 0, "utc": 0, "z": 0, "est": -5, "edt": -4, "cst": -6, "cdt": -5,
                                               "mst": -7, "mdt": -6, "pst": -8, "pdt": -7]

    /// The seconds of a `Date:` field's value.
    public static func seconds(rfc5322 text: String) -> Int64? {
        var words: [Substring] = []
        var depth = 0, current = ""
        for c in text {
            if c == "(" { depth += 1; continue }
            if c == ")" { depth = max(0, depth - 1); continue }
            if depth > 0 { continue }
            if c == " " || c == "\t" || c == "," || c == "\r" || c == "\n" {
                if !current.isEmpty { words.append(Substring(current)); current = "" }
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { words.append(Substring(current)) }
        if let first = words.first, Int(first) == nil { words.removeFirst() }  // the day of the week
        guard words.count >= 4, let day = Int(words[0]), let month = month(words[1]), var year = Int(words[2]) else { return nil }
        if words[2].count <= 2 { year += year < 50 ? 2000 : 1900 } else if words[2].count == 3 { year += 1900 }
        guard let time = clock(words[3]) else { return nil }
        var offset = 0
        if words.count >= 5 {
            let zone = words[4]
            if let sign = zone.first, sign == "+" || sign == "-", zone.count == 5, let value = Int(zone.dropFirst()) {
                offset = (value / 100 * 60 + value % 100) * 60 * (sign == "-" ? -1 : 1)
            } else if let hours = zones[zone.lowercased()] {
                offset = hours * 3600
            }
        }
        return seconds(year: year, month: month, day: day, time: time).map { $0 - Int64(offset) }
    }

    /// The seconds of an mbox "From " line (`From sender DATE`): asctime's form, as UTC.
    public static func seconds(fromLine text: String) -> Int64? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        // The date's month, day, time and year: the sender comes first and may be anything.
        for index in words.indices.dropFirst() where index + 3 < words.count {
            guard let month = month(words[index]), let day = Int(words[index + 1]), let time = clock(words[index + 2]) else { continue }
            // Some writers put a zone between the time and the year.
            let yearWord = Int(words[index + 3]) != nil ? words[index + 3] : (index + 4 < words.count ? words[index + 4] : "")
            guard let year = Int(yearWord) else { continue }
            return seconds(year: year, month: month, day: day, time: time)
        }
        return nil
    }

    private static func month(_ word: Substring) -> Int? {
        months.firstIndex(of: word.prefix(3).lowercased()).map { $0 + 1 }
    }

    private static func clock(_ word: Substring) -> Int? {
        let parts = word.split(separator: ":")
        guard parts.count == 2 || parts.count == 3, let h = Int(parts[0]), let m = Int(parts[1]) else { return nil }
        let s = parts.count == 3 ? Int(parts[2].prefix(2)) ?? 0 : 0
        guard (0...23).contains(h), (0...59).contains(m), (0...60).contains(s) else { return nil }
        return h * 3600 + m * 60 + s
    }

    /// Days from 1970-01-01 by the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
    static func seconds(year: Int, month: Int, day: Int, time: Int) -> Int64? {
        guard (1...12).contains(month), (1...31).contains(day), (1000...9999).contains(year) else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146097 + doe - 719468
        return Int64(days) * 86400 + Int64(time)
    }
}
