import TUIKit

/// Made from a view model and a view configuration only (seed 000): the
/// controller adds a `FriendsListView` and pins it to its edges.
@MainActor
public final class FriendsListViewController: ViewController {
    public struct ViewConfig {
        public var background: Style
        public var list: FriendsListView.ViewConfig
    }

    private(set) var infoView: FriendsListView!
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
        let infoView = FriendsListView(frame: .zero, viewModel: viewModel, viewConfig: viewConfig.list)
        infoView.style = viewConfig.background
        view.addSubview(infoView)
        self.infoView = infoView
        infoView.translatesAutoresizingMaskIntoConstraints = false
        infoView.leadingAnchor.constraint(equalTo: view.leadingAnchor).isActive = true
        infoView.trailingAnchor.constraint(equalTo: view.trailingAnchor).isActive = true
        infoView.topAnchor.constraint(equalTo: view.topAnchor).isActive = true
        infoView.bottomAnchor.constraint(equalTo: view.bottomAnchor).isActive = true
    }

    public override var preferredFirstResponder: View? { infoView?.contentView.list }

    /// The header and content, for tests and the kiosk tour.
    public var friendsListView: FriendsListView { _ = view; return infoView }
}

@MainActor
extension FriendsListViewController.ViewConfig {
    public static var defaultConfig: FriendsListViewController.ViewConfig {
        FriendsListViewController.ViewConfig(background: Theme.current.base, list: .defaultConfig)
    }
}
