import Foundation
import AppServices

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
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let date = Date(timeIntervalSince1970: TimeInterval(at)), today = Date(timeIntervalSince1970: TimeInterval(now))
        if calendar.isDate(date, inSameDayAs: today) { return "Today" }
        if let yesterday = calendar.date(byAdding: .day, value: -1, to: today), calendar.isDate(date, inSameDayAs: yesterday) { return "Yesterday" }
        return dayFormatter.string(from: date)
    }

    /// "14:05".
    static func time(_ at: Int64) -> String { timeFormatter.string(from: Date(timeIntervalSince1970: TimeInterval(at))) }

    private static let dayFormatter: DateFormatter = {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_GB")
        f.dateFormat = "EEE d MMM yyyy"
        return f
    }()

    private static let timeFormatter: DateFormatter = {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_GB")
        f.dateFormat = "HH:mm"
        return f
    }()

    /// Rows for events that follow `previousDay`'s: a heading wherever the day
    /// changes. Days are compared as numbers (local midnight to midnight); a
    /// name is made only where a heading goes.
    static func rows(for events: [ActivityEvent], after previousDay: String?, now: Int64) -> (rows: [ActivityRow], lastDay: String?) {
        var rows: [ActivityRow] = []
        rows.reserveCapacity(events.count + 4)
        var day = previousDay
        var dayNumber: Int64?
        let offset = Int64(TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(events.first?.at ?? now))))
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
