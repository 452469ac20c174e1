import AppServices
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A row of the Activity screen: a day's heading, or an event.
enum ActivityRow: Equatable {
    case day(String)
    case event(ActivityEvent)

    /// Where a page of the log ends: the last event's id and its day (the next page starts a new day only if it differs).
    struct Cursor: Equatable {
        let id: Int64
        let day: String
    }

    /// "Today", "Yesterday", else "Mon 30 Nov 2026", in the machine's time zone.
    static func dayName(_ at: Int64, now: Int64) -> String {
        let date = local(at), today = local(now)
        if date.tm_year == today.tm_year && date.tm_yday == today.tm_yday { return "Today" }
        // A day before today's noon is yesterday whatever the clock change (23 or 25 hour days).
        let yesterday = local(now - Int64(today.tm_hour - 12) * 3_600 - 86_400)
        if date.tm_year == yesterday.tm_year && date.tm_yday == yesterday.tm_yday { return "Yesterday" }
        return "\(weekdays[Int(date.tm_wday)]) \(date.tm_mday) \(months[Int(date.tm_mon)]) \(1900 + Int(date.tm_year))"
    }

    /// "14:05".
    static func time(_ at: Int64) -> String {
        let t = local(at)
        return twoDigits(t.tm_hour) + ":" + twoDigits(t.tm_min)
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func twoDigits(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// The broken-down local time (the C library's `localtime_r`: the machine's time zone, TZ honoured).
    private static func local(_ at: Int64) -> tm {
        var seconds = time_t(at), result = tm()
        localtime_r(&seconds, &result)
        return result
    }

    /// Rows for events that follow `previousDay`'s: a heading wherever the day
    /// changes. Days are compared as numbers (local midnight to midnight); a
    /// name is made only where a heading goes.
    static func rows(for events: [ActivityEvent], after previousDay: String?, now: Int64) -> (rows: [ActivityRow], lastDay: String?) {
        var rows: [ActivityRow] = []
        rows.reserveCapacity(events.count + 4)
        var day = previousDay
        var dayNumber: Int64?
        let offset = Int64(local(events.first?.at ?? now).tm_gmtoff)
        for event in events {
            let number = (event.at + offset).floorDivided(by: 86_400)
            if number != dayNumber {
                dayNumber = number
                let name = dayName(event.at, now: now)
                if name != day { rows.append(.day(name)); day = name }
            }
            rows.append(.event(event))
        }
        return (rows, day)
    }
}

extension Int64 {
    /// Division rounding toward minus infinity (days before 1970 stay whole).
    func floorDivided(by d: Int64) -> Int64 { self >= 0 ? self / d : (self - d + 1) / d }
}
