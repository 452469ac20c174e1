import TUIKit

/// The list of friends (seed 000): clickable cells, more loaded as the
/// selection nears the end, a "loading…" row while a page is on its way, and
/// the states around it — "Loading friends…" before the first page, "No
/// friends to show", "Oops! <error>".
@MainActor
public final class FriendsListContentView: View {
    public struct ViewConfig {
        public var message: Style
        public var cell: FriendsListCell.ViewConfig
        /// Ask for the next page this many rows before the end.
        public var loadMoreThreshold: Int
    }

    private let viewModel: FriendsListContentViewModelProtocol
    public let list = ListView()
    private let messageLabel = Label("", alignment: .center)
    private var observers: [ObserverProtocol] = []
    public let viewConfig: ViewConfig

    public init(viewModel: FriendsListContentViewModelProtocol, viewConfig: ViewConfig = .defaultConfig) {
        self.viewModel = viewModel
        self.viewConfig = viewConfig
        super.init(frame: .zero)
        messageLabel.textStyle = viewConfig.message
        messageLabel.wrapsText = true
        list.rowHeight = FriendsListCell.height
        list.nearEndThreshold = viewConfig.loadMoreThreshold
        list.emptyText = ""
        list.makeRowView = { FriendsListCell(viewConfig: viewConfig.cell) }
        list.configureRow = { [weak self] row, index, selected in self?.configure(row, index: index, selected: selected) }
        list.onNearEnd = { [weak viewModel] in viewModel?.loadMore() }
        list.onSelect = { [weak self] index in
            guard let self, index < self.viewModel.numberOfItems.value else { return }
            self.viewModel.selectItem(at: index)
        }
        addSubview(list)
        list.pinEdges(to: self)
        addSubview(messageLabel)
        messageLabel.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            messageLabel.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 2),
            messageLabel.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -2),
            messageLabel.centerYAnchor.constraint(equalTo: centerYAnchor),
            messageLabel.heightAnchor.constraint(equalToConstant: 2),
        ])
        observers.append(viewModel.numberOfItems.observe { [weak self] _, _ in self?.reload() })
        observers.append(viewModel.isLoadingMore.observe { [weak self] _, _ in self?.reload() })
        observers.append(viewModel.state.observeNewAndCall { [weak self] state in self?.show(state) })
        reload()
    }

    /// Rows: the items, plus the "loading…" row while a page loads.
    private var rowCount: Int {
        viewModel.numberOfItems.value + (viewModel.isLoadingMore.value && viewModel.numberOfItems.value > 0 ? 1 : 0)
    }

    private func reload() {
        if list.numberOfRows != rowCount { list.reloadData(numberOfRows: rowCount) } else { list.setNeedsLayout() }
        // At the last friend, the "loading…" row under it comes into view.
        let items = viewModel.numberOfItems.value
        if viewModel.isLoadingMore.value, items > 0, list.selectedIndex == items - 1 { list.scrollToRow(items) }
    }

    private func configure(_ row: View, index: Int, selected: Bool) {
        guard let cell = row as? FriendsListCell else { return }
        if index >= viewModel.numberOfItems.value { cell.configure(.loading, selected: false); return }
        guard let item = viewModel.item(at: index) else { cell.configure(.blank, selected: selected); return }
        cell.configure(.friend(item), selected: selected)
    }

    private func show(_ state: FriendsListContentState) {
        switch state {
        case .loading: messageLabel.text = "Loading friends…"
        case .normal: messageLabel.text = ""
        case .empty: messageLabel.text = "No friends to show"
        case .failed(let message): messageLabel.text = "Oops! " + message
        }
        messageLabel.isHidden = state == .normal
        list.isHidden = state != .normal
        // Focus goes to the list once it shows, unless the user has moved it elsewhere in the popup.
        if state == .normal, let window, !(window.firstResponder?.isDescendant(of: superview ?? self) ?? false) {
            window.makeFirstResponder(list)
        }
    }

    /// The message over the list ("" when the list shows).
    public var messageText: String { messageLabel.isHidden ? "" : messageLabel.text }
}

@MainActor
extension FriendsListContentView.ViewConfig {
    public static var defaultConfig: FriendsListContentView.ViewConfig {
        FriendsListContentView.ViewConfig(message: Theme.current.secondary, cell: .defaultConfig, loadMoreThreshold: 3)
    }
}
