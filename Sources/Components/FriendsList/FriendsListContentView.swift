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
    private var binding: ListWindowBinding!
    private var typeAhead = TypeAhead()
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
        list.lettersMoveSelection = false // letters are type-ahead here
        list.makeRowView = { FriendsListCell(viewConfig: viewConfig.cell) }
        list.configureRow = { [weak self] row, index, selected in self?.configure(row, index: index, selected: selected) }
        list.onSelect = { [weak self] row in
            guard let self, let index = self.binding.itemIndex(ofRow: row) else { return }
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
        binding = ListWindowBinding(list: list, model: viewModel)
        observers.append(viewModel.state.observeNewAndCall { [weak self] state in self?.show(state) })
    }

    private func configure(_ row: View, index: Int, selected: Bool) {
        guard let cell = row as? FriendsListCell else { return }
        guard let item = binding.itemIndex(ofRow: index).flatMap(viewModel.item(at:)) else { cell.configure(.loading, selected: false); return }
        cell.configure(.friend(item), selected: selected)
    }

    /// Type-ahead: letters and digits (not `q`, which quits) seek to the first
    /// friend, in the list's order, whose name starts with what was typed in the last second;
    /// what was typed is shown (`shownTypeAhead`) until the pause ends it.
    public override func handleKey(_ key: Key) -> Bool {
        guard let text = typeAhead.text(after: key, at: window?.scheduler.clock.now ?? .zero) else {
            if !shownTypeAhead.isEmpty { showTypeAhead("") }
            return false
        }
        viewModel.seek(toPrefix: text)
        showTypeAhead(text)
        return true
    }

    /// What type-ahead has gathered and is still in time ("" once its pause has passed): the
    /// popup shows it, so a person sees what the selection is seeking.
    public private(set) var shownTypeAhead = ""
    /// Told when `shownTypeAhead` changes.
    public var onTypeAheadChange: ((String) -> Void)?
    private var typeAheadTimer: Timer?

    private func showTypeAhead(_ text: String) {
        typeAheadTimer?.cancel()
        typeAheadTimer = nil
        shownTypeAhead = text
        onTypeAheadChange?(text)
        guard !text.isEmpty, let scheduler = window?.scheduler else { return }
        typeAheadTimer = scheduler.after(typeAhead.pause) { [weak self] in self?.showTypeAhead("") }
    }

    /// The friend the selection is on (nil on a "loading…" row).
    public var selectedItem: FriendsListItem? {
        list.selectedIndex.flatMap(binding.itemIndex(ofRow:)).flatMap(viewModel.item(at:))
    }

    /// What type-ahead has gathered ("" when nothing was typed lately).
    public var typeAheadText: String { typeAhead.text }

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
        FriendsListContentView.ViewConfig(message: Theme.live.secondary, cell: .defaultConfig, loadMoreThreshold: 3)
    }
}
