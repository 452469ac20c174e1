import TUIKit

/// Made from a view model and a view configuration only (seed 000): the
/// controller adds a `FriendsListView` and pins it to its edges.
@MainActor
public final class FriendsListViewController: ViewController {
    public struct ViewConfig {
        public var background: Style
        public var list: FriendsListView.ViewConfig
    }

    private(set) var listView: FriendsListView!
    private let viewModel: FriendsListViewModelProtocol
    private let viewConfig: ViewConfig

    public init(viewModel: FriendsListViewModelProtocol, viewConfig: ViewConfig) {
        self.viewModel = viewModel
        self.viewConfig = viewConfig
        super.init()
    }

    public override func viewDidLoad() {
        setupContainerView()
    }

    private func setupContainerView() {
        view.style = viewConfig.background
        let listView = FriendsListView(frame: .zero, viewModel: viewModel, viewConfig: viewConfig.list)
        listView.style = viewConfig.background
        view.addSubview(listView)
        self.listView = listView
        listView.translatesAutoresizingMaskIntoConstraints = false
        listView.leadingAnchor.constraint(equalTo: view.leadingAnchor).isActive = true
        listView.trailingAnchor.constraint(equalTo: view.trailingAnchor).isActive = true
        listView.topAnchor.constraint(equalTo: view.topAnchor).isActive = true
        listView.bottomAnchor.constraint(equalTo: view.bottomAnchor).isActive = true
    }

    public override var preferredFirstResponder: View? { listView?.contentView.list }

    private var hasAppeared = false

    /// Shown again after a screen over it closed (a card, perhaps edited): the friends are read again.
    public override func viewWillAppear() {
        if hasAppeared { viewModel.contentViewModel.readAgain() }
        hasAppeared = true
    }

    /// The header and content, for tests and the kiosk tour.
    public var friendsListView: FriendsListView { _ = view; return listView }
}

@MainActor
extension FriendsListViewController.ViewConfig {
    public static var defaultConfig: FriendsListViewController.ViewConfig {
        FriendsListViewController.ViewConfig(background: Theme.live.base, list: .defaultConfig)
    }
}
