import TUIKit

/// A row of an activity feed, ready to show.
public enum ActivityFeedItem: Equatable, Sendable {
    /// A day's heading ("Today", "Mon 30 Nov 2026").
    case day(String)
    /// An event: its time of day, what happened, and who or what it was about.
    case event(time: String, title: String, subject: String)
}

/// What the activity screen shows and does (the component split of seed
/// 000): a window of rows (newest first, a heading where the day changes)
/// that moves a page at a time from either end (`ListWindowViewModel`), and
/// what choosing a row does. The real log and the demo feed both implement it.
@MainActor
public protocol ActivityFeedViewModelProtocol: ListWindowViewModel {
    /// A message under the list (a failure, or what choosing a row said).
    var message: Observable<String> { get }
    func item(at index: Int) -> ActivityFeedItem?
    func selectItem(at index: Int)
    /// Type-ahead: the window moves to the newest event whose subject (a
    /// contact's name, a setting) starts with `prefix`; nothing when none does.
    func seek(toPrefix prefix: String)
}
