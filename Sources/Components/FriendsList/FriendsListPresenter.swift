import TUIKit

/// Presents the friends popup (seed 000): give it the header and content view
/// models; everything else is inside the components.
@MainActor
public protocol FriendsListPresenterProtocol {
    func presentFriendsList(from presentingViewController: ViewController)
}

@MainActor
public final class FriendsListPresenter: FriendsListPresenterProtocol {
    private let headerViewModel: FriendsListHeaderViewModelProtocol
    private let contentViewModel: FriendsListContentViewModelProtocol

    public init(headerViewModel: FriendsListHeaderViewModelProtocol, contentViewModel: FriendsListContentViewModelProtocol) {
        self.headerViewModel = headerViewModel
        self.contentViewModel = contentViewModel
    }

    /// Over the current screen, with a cross-dissolve.
    public func presentFriendsList(from presentingViewController: ViewController) {
        let controller = Self.createFriendsListViewController(presentingViewController: presentingViewController,
                                                              headerViewModel: headerViewModel,
                                                              contentViewModel: contentViewModel)
        presentingViewController.present(controller, style: .overCurrentContext, transition: .crossDissolve)
    }

    /// The popup, ready to present; its close button and Esc/outside click dismiss it.
    public static func createFriendsListViewController(presentingViewController: ViewController,
                                                       headerViewModel: FriendsListHeaderViewModelProtocol,
                                                       contentViewModel: FriendsListContentViewModelProtocol) -> FriendsListContainerViewController {
        let dismissViewControllerBlock: () -> Void = { [weak presentingViewController] in
            presentingViewController?.dismiss()
        }
        return make(dismiss: dismissViewControllerBlock, headerViewModel: headerViewModel, contentViewModel: contentViewModel)
    }

    private static func make(dismiss dismissViewControllerBlock: @escaping () -> Void,
                             headerViewModel: FriendsListHeaderViewModelProtocol,
                             contentViewModel: FriendsListContentViewModelProtocol) -> FriendsListContainerViewController {
        headerViewModel.onCloseAction = dismissViewControllerBlock
        let friendsListViewModel = FriendsListViewModel(headerViewModel: headerViewModel, contentViewModel: contentViewModel)
        let containerViewModel = FriendsListContainerViewModel(onOutsideContentTapAction: dismissViewControllerBlock)
        let friendsListViewController = FriendsListViewController(viewModel: friendsListViewModel, viewConfig: .defaultConfig)
        return FriendsListContainerViewController(contentViewController: friendsListViewController,
                                                  viewModel: containerViewModel, viewConfig: .defaultConfig)
    }
}
