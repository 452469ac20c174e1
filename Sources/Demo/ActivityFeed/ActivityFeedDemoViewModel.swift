import Components
import TUIKit

/// A made-up activity feed for the demo (and the kiosk): deterministic for a
/// seed and a clock, newest first, a few events a day; the days arrive one at
/// a time, at once, and End reads the last day directly. Today's events are a
/// little before the clock's time, and the days are named from its date as
/// the real feed names them ("Today", "Yesterday", "Mon 30 Nov 2026").
@MainActor
public final class ActivityFeedDemoViewModel: ActivityFeedViewModelProtocol {
    public let windowCount = Observable(0)
    public let isLoadingWindow = Observable(false)
    public private(set) var lastWindowChange: ListWindowChange = .grew
    public let message = Observable("")
    private var rows: [ActivityFeedItem] = []
    private var random: DemoRandom
    private var day = 0
    private let days: Int
    private static let titles = ["Contact added", "Contact edited", "Marked as a friend", "Setting changed", "Signed in", "Contact deleted"]
    private let friends: DemoFriends

    /// The clock, as local time in seconds since 1970 (the UTC time plus the zone's offset).
    private let localNow: Int64

    /// Wed 2 Dec 2026, 23:59 local time: the clock of a feed not given one (snapshots of the component).
    public static let fixedLocalNow: Int64 = 1_796_255_940

    /// `days` of made-up events up to `localNow` (local time in seconds since 1970: UTC plus the zone's offset).
    public init(seed: UInt64? = nil, days: Int = 7, localNow: Int64 = ActivityFeedDemoViewModel.fixedLocalNow) {
        let seed = seed ?? DemoRandom.randomSeed()
        random = DemoRandom(seed: seed)
        friends = DemoFriends(seed: seed)
        self.days = max(1, days)
        self.localNow = localNow
    }

    /// The window starts at this row of the made-up feed (after a type-ahead seek; 0 otherwise).
    private var windowStart = 0

    public func item(at index: Int) -> ActivityFeedItem? {
        let row = windowStart + index
        return index >= 0 && rows.indices.contains(row) ? rows[row] : nil
    }

    public var hasMoreBefore: Bool { windowStart > 0 }
    public var hasMoreAfter: Bool { day < days }

    /// Up from a seek: the rows above it, a few at a time.
    public func loadPreviousPage() {
        guard windowStart > 0 else { return }
        let added = min(windowStart, 10)
        windowStart -= added
        announce(.shifted(by: added))
    }

    public func showFirstPage() {
        guard windowStart > 0 else { return }
        windowStart = 0
        announce(.jumped(to: .first))
    }

    /// Every remaining day (a few dozen rows), the last one selected.
    public func showLastPage() {
        while day < days { appendDay() }
        announce(.jumped(to: .last))
    }

    public func position(ofItem index: Int) -> Double? { nil }

    /// The first made-up event whose subject starts with `prefix` (every day is made first: a few dozen rows).
    public func seek(toPrefix prefix: String) {
        while day < days { appendDay() }
        let wanted = prefix.lowercased()
        guard let row = rows.firstIndex(where: { if case .event(_, _, let s) = $0 { s.lowercased().hasPrefix(wanted) } else { false } }) else {
            message.value = "Nothing about “\(prefix)”."
            return
        }
        message.value = ""
        windowStart = row
        announce(.jumped(to: .first))
    }

    /// The next day's events.
    public func loadNextPage() {
        guard day < days else { return }
        appendDay()
        announce(.grew)
    }

    private func announce(_ change: ListWindowChange) {
        lastWindowChange = change
        windowCount.value = rows.count - windowStart
    }

    private func appendDay() {
        let today = localNow.floorDivided(by: 86_400)
        rows.append(.day(day == 0 ? "Today" : day == 1 ? "Yesterday" : Self.dayName(today - Int64(day))))
        // Today's newest event is a few minutes ago; other days end late in the evening.
        let nowMinutes = Int((localNow - today * 86_400) / 60)
        var minutes = day == 0 ? max(0, nowMinutes - random.int(in: 1...20)) : 23 * 60 - random.int(in: 0...90)
        for _ in 0..<random.int(in: 3...8) {
            let title = random.pick(Self.titles)
            let subject = title == "Setting changed" ? random.pick(["theme: light", "animations: off", "mouse: on"])
                : (title == "Signed in" ? "demo" : friends.friend(at: random.int(in: 0...500)).name)
            rows.append(.event(time: Self.twoDigits(minutes / 60) + ":" + Self.twoDigits(minutes % 60), title: title, subject: subject))
            minutes -= random.int(in: 5...120)
            if minutes < 0 { break }
        }
        day += 1
    }

    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// "Mon 30 Nov 2026" for a day counted from 1 Jan 1970 (proleptic Gregorian; Howard Hinnant's civil-from-days).
    static func dayName(_ days: Int64) -> String {
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let dayOfMonth = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        let weekday = weekdays[Int(days - days.floorDivided(by: 7) * 7)]
        return "\(weekday) \(dayOfMonth) \(months[Int(month) - 1]) \(year)"
    }

    public func selectItem(at index: Int) {
        guard case .event(_, let title, let subject)? = item(at: index) else { return }
        message.value = "\(title) · \(subject) (made-up)"
    }
}

private extension Int64 {
    /// Division rounding toward minus infinity.
    func floorDivided(by d: Int64) -> Int64 { self >= 0 ? self / d : (self - d + 1) / d }
}
