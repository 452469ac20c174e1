import Components
import TUIKit

/// A made-up activity feed for the demo (and the kiosk): deterministic for a
/// seed, newest first, a few events a day; the days arrive one at a time,
/// at once, and End reads the last day directly.
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
    private static let dayNames = ["Today", "Yesterday", "Mon 30 Nov", "Sun 29 Nov", "Sat 28 Nov", "Fri 27 Nov", "Thu 26 Nov"]
    private static let titles = ["Contact added", "Contact edited", "Marked as a friend", "Setting changed", "Signed in", "Contact deleted"]
    private let friends: DemoFriends

    /// `days` of made-up events (at most a week's worth of named days, then numbered ones).
    public init(seed: UInt64? = nil, days: Int = 7) {
        let seed = seed ?? DemoRandom.randomSeed()
        random = DemoRandom(seed: seed)
        friends = DemoFriends(seed: seed)
        self.days = max(1, days)
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
        rows.append(.day(day < Self.dayNames.count ? Self.dayNames[day] : "\(day) days ago"))
        var minutes = 23 * 60 - random.int(in: 0...90)
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

    public func selectItem(at index: Int) {
        guard case .event(_, let title, let subject)? = item(at: index) else { return }
        message.value = "\(title) · \(subject) (made-up)"
    }
}
