import Components
import AppServices
import TUIKit

/// The friends popup on the signed-in user's friends (seed 000's
/// `presentRealFriendsList`): item factory → data provider → view-model
/// factory → presenter. Choosing a friend opens their card through the `Screen` enum.
@MainActor
struct FriendsListAssembly: PresentingAssembly {
    let changes: ChangesElsewhere
    let coordinator: Coordinator
    /// The signed-in user's friends, and where their reads run (off the main loop on a server).
    let friends: ServiceWork<FriendsService>

    func present(from presentingViewController: ViewController) {
        let (header, content) = makeViewModels(scheduler: presentingViewController.scheduler)
        FriendsListPresenter(headerViewModel: header, contentViewModel: content).presentFriendsList(from: presentingViewController)
    }

    private func makeViewModels(scheduler: Scheduler?) -> (FriendsListHeaderViewModel, FriendsListContentViewModel) {
        let itemFactory = FriendsListItemFactory(avatarPlaceholder: "?")
        let dataProvider = FriendsListDataProvider(friends: friends, itemFactory: itemFactory, scheduler: scheduler)
        changes.readAgainOnChangesElsewhere(dataProvider)
        let viewModelFactory = FriendsListViewModelFactory(dataProvider: dataProvider)
        let headerViewModel = viewModelFactory.makeHeaderViewModel()
        let contentViewModel = viewModelFactory.makeContentViewModel()
        contentViewModel.onSelect = { [weak coordinator] id in coordinator?.show(.contactDetail(id: id)) }
        return (headerViewModel, contentViewModel)
    }
}

/// The same popup on the Demo target's made-up friends, when the executable handed them in.
@MainActor
struct FriendsListDemoAssembly: PresentingAssembly {
    let configuration: AppConfiguration

    func present(from presentingViewController: ViewController) {
        guard let make = configuration.demoFriendsList, let scheduler = presentingViewController.scheduler else { return }
        let viewModel = make(scheduler)
        FriendsListPresenter(headerViewModel: viewModel.headerViewModel, contentViewModel: viewModel.contentViewModel)
            .presentFriendsList(from: presentingViewController)
    }
}
