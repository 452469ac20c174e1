import TUIKit

/// What the content area is showing.
public enum FriendsListContentState: Equatable, Sendable {
    /// The first page is on its way ("Loading friends…").
    case loading
    /// Items to show (more may still be loading at either end).
    case normal
    /// Nothing to show ("No friends to show").
    case empty
    /// Loading failed ("Oops! <message>").
    case failed(String)
}

/// The friends list's data as the content view needs it (seed 000's content
/// view model). The seed keeps all items in one observable array; a list of
/// a million friends cannot, so the items are a window (`ListWindowViewModel`)
/// that moves a page at a time from either end: `item(at:)` hands one of the
/// window's items over, Home and End read the first or last page, and typing
/// a name's first letters seeks to it.
@MainActor
public protocol FriendsListContentViewModelProtocol: ListWindowViewModel {
    var state: Observable<FriendsListContentState> { get }
    func item(at index: Int) -> FriendsListItem?
    /// The user chose the friend at window index `index`.
    func selectItem(at index: Int)
    /// Type-ahead: the window moves to the first friend (in list order) whose
    /// name as shown starts with `prefix`.
    func seek(toPrefix prefix: String)
    /// Reads the window (and the count) again, keeping the place: the list shows again after a
    /// screen over it, where its friends may have been changed.
    func readAgain()
}

public extension FriendsListContentViewModelProtocol {
    /// Made-up friends do not change behind the list's back.
    func readAgain() {}
}
