import TUIKit

/// A list too long to hold in memory, seen through a window of loaded items
/// that can be moved from either end: the next or the previous page as the
/// selection nears an edge, the first or the last page on Home or End, a
/// seek for type-ahead. The friends list and the activity feed, real and
/// demo, are such lists.
@MainActor
public protocol ListWindowViewModel: AnyObject {
    /// Items in the window.
    var windowCount: Observable<Int> { get }
    /// A read is on its way (the list shows "loading…" where rows are missing).
    var isLoadingWindow: Observable<Bool> { get }
    /// How the window moved with the last change of `windowCount`.
    var lastWindowChange: ListWindowChange { get }
    /// More items before the window's first / after its last.
    var hasMoreBefore: Bool { get }
    var hasMoreAfter: Bool { get }
    /// Reads the page after the window (none while a read waits or nothing follows).
    func loadNextPage()
    /// Reads the page before the window.
    func loadPreviousPage()
    /// The window becomes the list's first page.
    func showFirstPage()
    /// The window becomes the list's last page.
    func showLastPage()
    /// Where window item `index` sits in the whole list, 0...1 (the scroll mark); nil when unknown.
    func position(ofItem index: Int) -> Double?
}
