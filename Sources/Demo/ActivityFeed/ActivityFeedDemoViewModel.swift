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

    public func item(at index: Int) -> ActivityFeedItem? { rows.indices.contains(index) ? rows[index] : nil }

    public var hasMoreBefore: Bool { false }
    public var hasMoreAfter: Bool { day < days }
    public func loadPreviousPage() {}
    public func showFirstPage() {}

    /// Every remaining day (a few dozen rows), the last one selected.
    public func showLastPage() {
        while day < days { appendDay() }
        lastWindowChange = .jumped(to: .last)
        windowCount.value = rows.count
    }

    public func position(ofItem index: Int) -> Double? { nil }

    /// The next day's events.
    public func loadNextPage() {
        guard day < days else { return }
        appendDay()
        lastWindowChange = .grew
        windowCount.value = rows.count
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
