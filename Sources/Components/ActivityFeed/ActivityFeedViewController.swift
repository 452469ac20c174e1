import TUIKit

/// The activity screen: the feed's rows in a list (headings for days) from
/// either end of the log (`ListWindowBinding`), a message line under it.
@MainActor
public final class ActivityFeedViewController: ViewController {
    private let list = ListView()
    private let messageLabel = Label("")
    private let viewModel: ActivityFeedViewModelProtocol
    private var observers: [ObserverProtocol] = []
    private var binding: ListWindowBinding!
    private var typeAhead = TypeAhead()

    public init(viewModel: ActivityFeedViewModelProtocol) {
        self.viewModel = viewModel
        super.init()
    }

    public override func viewDidLoad() {
        title = "Activity"
        view.style = Theme.live.base
        messageLabel.textStyle = Theme.live.secondary
        list.lettersMoveSelection = false // letters are type-ahead here
        list.configureRow = { [weak self] row, index, selected in self?.configure(row, index: index, selected: selected) }
        list.onSelect = { [weak self] row in
            guard let self else { return }
            self.typeAhead.reset()
            guard let index = self.binding.itemIndex(ofRow: row) else { return }
            self.viewModel.selectItem(at: index)
        }
        view.fill(with: list, footer: messageLabel)
        binding = ListWindowBinding(list: list, model: viewModel) { [weak self] in self?.reloaded() }
        observers.append(viewModel.isLoadingWindow.observeNewAndCall { [weak self] _ in self?.updateEmptyText() })
        observers.append(viewModel.message.observeNewAndCall { [weak self] text in self?.messageLabel.text = text })
        viewModel.loadNextPage()
        updateEmptyText()
    }

    public override var preferredFirstResponder: View? { list }

    /// Type-ahead: letters and digits seek to the newest event about a name that starts with them.
    public override func handleKey(_ key: Key) -> Bool {
        guard let text = typeAhead.text(after: key, at: view.window?.scheduler.clock.now ?? .zero) else { return super.handleKey(key) }
        viewModel.seek(toPrefix: text)
        return true
    }

    private func updateEmptyText() {
        list.emptyText = viewModel.isLoadingWindow.value ? "Loading…" : "Nothing has happened yet."
    }

    /// Lands on an event, not on a heading: the first page shows from its
    /// top (the day's heading in view) with the newest event selected.
    private func reloaded() {
        guard let s = list.selectedIndex, let index = binding.itemIndex(ofRow: s), case .day? = viewModel.item(at: index),
              index + 1 < viewModel.windowCount.value else { return }
        list.select(s + 1)
    }

    private func configure(_ row: View, index: Int, selected: Bool) {
        guard let label = row as? ListRowLabel else { return }
        guard let item = binding.itemIndex(ofRow: index).flatMap(viewModel.item(at:)) else {
            label.configure(text: "  loading…", selected: false)
            return
        }
        switch item {
        case .day(let name):
            label.configure(text: " " + name.uppercased(), selected: false)
            label.style = Theme.live.emphasis
        case .event(let time, let title, let subject):
            label.configure(text: "   \(time)  \(title)\(subject.isEmpty ? "" : " · " + subject)", selected: selected)
        }
    }

    /// The message under the list.
    public var messageText: String { messageLabel.text }
}
