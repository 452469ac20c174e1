import TUIKit

/// The container of the header and the content (seed 000's `FriendsListView`),
/// with a rule between them.
@MainActor
public final class FriendsListView: View {
    public struct ViewConfig {
        public var rule: Style
        /// What type-ahead is seeking, shown on the rule.
        public var typed: Style = Theme.live.emphasis
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
        contentView.onTypeAheadChange = { [weak self] _ in self?.setNeedsDisplay() }
    }

    public override func draw(in canvas: Canvas) {
        guard canvas.bounds.height > 1 else { return }
        canvas.fill(Rect(x: 0, y: 1, width: canvas.bounds.width, height: 1), with: "─", style: viewConfig.rule)
        // What type-ahead is seeking, on the rule at the right ("Go to: tur").
        let typed = contentView.shownTypeAhead
        guard !typed.isEmpty else { return }
        let text = TextLayout.truncate(" Go to: " + typed + " ", toWidth: max(0, canvas.bounds.width - 4))
        canvas.write(text, at: Point(x: max(1, canvas.bounds.width - DisplayWidth.of(text) - 2), y: 1), style: viewConfig.typed)
    }
}

@MainActor
extension FriendsListView.ViewConfig {
    public static var defaultConfig: FriendsListView.ViewConfig {
        FriendsListView.ViewConfig(rule: Theme.live.border, header: .defaultConfig, content: .defaultConfig)
    }
}
