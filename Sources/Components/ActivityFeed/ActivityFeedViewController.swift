import TUIKit

/// The activity screen: the feed's rows in a list (headings for days), more
/// loaded as the selection nears the end, a message line under it.
@MainActor
public final class ActivityFeedViewController: ViewController {
    private let list = ListView()
    private let messageLabel = Label("")
    private let viewModel: ActivityFeedViewModelProtocol
    private var observers: [ObserverProtocol] = []

    public init(viewModel: ActivityFeedViewModelProtocol) {
        self.viewModel = viewModel
        super.init()
    }

    public override func viewDidLoad() {
        title = "Activity"
        view.style = Theme.current.base
        messageLabel.textStyle = Theme.current.secondary
        list.configureRow = { [weak self] row, index, selected in self?.configure(row, index: index, selected: selected) }
        list.onNearEnd = { [weak self] in self?.viewModel.loadMore() }
        list.onSelect = { [weak self] index in self?.viewModel.selectItem(at: index) }
        view.fill(with: list, footer: messageLabel)
        observers.append(viewModel.loadedCount.observe { [weak self] _, _ in self?.reload() })
        observers.append(viewModel.isLoading.observe { [weak self] _, _ in self?.reload() })
        observers.append(viewModel.message.observeNewAndCall { [weak self] text in self?.messageLabel.text = text })
        viewModel.loadMore()
        reload()
    }

    public override var preferredFirstResponder: View? { list }

    private var rowCount: Int { viewModel.loadedCount.value + (viewModel.isLoading.value && viewModel.loadedCount.value > 0 ? 1 : 0) }

    private func reload() {
        list.emptyText = viewModel.isLoading.value ? "Loading…" : "Nothing has happened yet."
        list.reloadData(numberOfRows: rowCount)
        // Land on the first event, not on the heading above it.
        if let s = list.selectedIndex, case .day? = viewModel.item(at: s), s + 1 < viewModel.loadedCount.value { list.select(s + 1) }
    }

    private func configure(_ row: View, index: Int, selected: Bool) {
        guard let label = row as? ListRowLabel else { return }
        guard let item = viewModel.item(at: index) else { label.configure(text: "  loading…", selected: false); return }
        switch item {
        case .day(let name):
            label.configure(text: " " + name.uppercased(), selected: false)
            label.style = Theme.current.emphasis
        case .event(let time, let title, let subject):
            label.configure(text: "   \(time)  \(title)\(subject.isEmpty ? "" : " · " + subject)", selected: selected)
        }
    }

    /// The message under the list.
    public var messageText: String { messageLabel.text }
}
