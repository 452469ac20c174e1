/// The popup's two view models together (seed 000's `FriendsListViewModel`).
@MainActor
public protocol FriendsListViewModelProtocol: AnyObject {
    var headerViewModel: FriendsListHeaderViewModelProtocol { get }
    var contentViewModel: FriendsListContentViewModelProtocol { get }
}

@MainActor
public final class FriendsListViewModel: FriendsListViewModelProtocol {
    public let headerViewModel: FriendsListHeaderViewModelProtocol
    public let contentViewModel: FriendsListContentViewModelProtocol

    public init(headerViewModel: FriendsListHeaderViewModelProtocol, contentViewModel: FriendsListContentViewModelProtocol) {
        self.headerViewModel = headerViewModel
        self.contentViewModel = contentViewModel
    }
}

/// The popup container's view model: what a tap (or Esc) outside the content does.
@MainActor
public final class FriendsListContainerViewModel {
    public let onOutsideContentTapAction: () -> Void
    public init(onOutsideContentTapAction: @escaping () -> Void) {
        self.onOutsideContentTapAction = onOutsideContentTapAction
    }
}
