import TUIKit

/// The container of the header and the content (seed 000's `FriendsListView`),
/// with a rule between them.
@MainActor
public final class FriendsListView: View {
    public struct ViewConfig {
        public var rule: Style
        public var header: FriendsListHeaderView.ViewConfig
        public var content: FriendsListContentView.ViewConfig
    }

    public let headerView: FriendsListHeaderView
    public let contentView: FriendsListContentView
    private let viewConfig: ViewConfig

    public init(frame: Rect = .zero, viewModel: FriendsListViewModelProtocol, viewConfig: ViewConfig = .defaultConfig) {
        headerView = FriendsListHeaderView(viewModel: viewModel.headerViewModel, viewConfig: viewConfig.header)
        contentView = FriendsListContentView(viewModel: viewModel.contentViewModel, viewConfig: viewConfig.content)
        self.viewConfig = viewConfig
        super.init(frame: frame)
        for view in [headerView, contentView] as [View] {
            addSubview(view)
            view.translatesAutoresizingMaskIntoConstraints = false
        }
        LayoutConstraint.activate([
            headerView.leadingAnchor.constraint(equalTo: leadingAnchor),
            headerView.trailingAnchor.constraint(equalTo: trailingAnchor),
            headerView.topAnchor.constraint(equalTo: topAnchor),
            headerView.heightAnchor.constraint(equalToConstant: 1),
            contentView.leadingAnchor.constraint(equalTo: leadingAnchor),
            contentView.trailingAnchor.constraint(equalTo: trailingAnchor),
            contentView.topAnchor.constraint(equalTo: headerView.bottomAnchor, constant: 1),
            contentView.bottomAnchor.constraint(equalTo: bottomAnchor),
        ])
    }

    public override func draw(in canvas: Canvas) {
        guard canvas.bounds.height > 1 else { return }
        canvas.fill(Rect(x: 0, y: 1, width: canvas.bounds.width, height: 1), with: "─", style: viewConfig.rule)
    }
}

@MainActor
extension FriendsListView.ViewConfig {
    public static var defaultConfig: FriendsListView.ViewConfig {
        FriendsListView.ViewConfig(rule: Theme.live.border, header: .defaultConfig, content: .defaultConfig)
    }
}
