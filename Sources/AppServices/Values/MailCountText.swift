/// How the mail harvest's counts are said: a day (`2026-12-03`, and `3 Dec 2026` in a sentence)
/// and a card's line ("You wrote 12 times, last on 3 Dec 2026"). Days are UTC's.
public enum MailCountText {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The civil date of `seconds` since 1970 (Howard Hinnant's civil_from_days).
    static func civil(_ seconds: Int64) -> (year: Int, month: Int, day: Int) {
        let z = Int((seconds >= 0 ? seconds : seconds - 86399) / 86400) + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `2026-12-03`.
    public static func day(_ seconds: Int64) -> String {
        let d = civil(seconds)
        return "\(d.year)-\(d.month < 10 ? "0" : "")\(d.month)-\(d.day < 10 ? "0" : "")\(d.day)"
    }

    /// `3 Dec 2026`.
    public static func spokenDay(_ seconds: Int64) -> String {
        let d = civil(seconds)
        return "\(d.day) \(months[d.month - 1]) \(d.year)"
    }

    /// A card's line: how often and when last the person was written to (and, if never, heard
    /// from); nil when the harvest found neither.
    public static func cardLine(_ counts: MailCorrespondent) -> String? {
        if counts.sent > 0 {
            let times = counts.sent == 1 ? "once" : "\(counts.sent) times"
            return "You wrote \(times)" + (counts.lastSent.map { ", last on \(spokenDay($0))" } ?? "")
        }
        if counts.received > 0 {
            let times = counts.received == 1 ? "once" : "\(counts.received) times"
            return "Wrote to you \(times)" + (counts.lastReceived.map { ", last on \(spokenDay($0))" } ?? "")
        }
        return nil
    }
}
