import TUIKit

/// What the content area is showing.
public enum FriendsListContentState: Equatable, Sendable {
    /// The first page is on its way ("Loading friends…").
    case loading
    /// Items to show (more may still be loading at the end).
    case normal
    /// Nothing to show ("No friends to show").
    case empty
    /// Loading failed ("Oops! <message>").
    case failed(String)
}

/// The friends list's data as the content view needs it (seed 000's content
/// view model). The seed keeps all items in one observable array; a list of
/// a million friends cannot, so the items are a window: `numberOfItems` says
/// how many have been loaded from the top, `item(at:)` hands one over (a
/// model may have dropped far-away pages and read them again), and
/// `loadMore()` asks for the next page as the selection nears the end.
@MainActor
public protocol FriendsListContentViewModelProtocol: AnyObject {
    var state: Observable<FriendsListContentState> { get }
    /// Items loaded so far, from the top.
    var numberOfItems: Observable<Int> { get }
    /// A page is loading at the end (the list shows a "loading…" row).
    var isLoadingMore: Observable<Bool> { get }
    /// False once the last page has arrived.
    var hasMore: Bool { get }
    func item(at index: Int) -> FriendsListItem?
    /// Starts loading the next page, unless one is loading or there is no more.
    func loadMore()
    /// The user chose the friend at `index`.
    func selectItem(at index: Int)
}
