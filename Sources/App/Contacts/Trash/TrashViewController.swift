import TUIKit

@MainActor
protocol TrashDisplayLogic: AnyObject {
    func displayTrash(viewModel: Trash.ShowTrash.ViewModel)
    func displayRestore(viewModel: Trash.RestoreContact.ViewModel)
    func displayEmpty(viewModel: Trash.EmptyTrash.ViewModel)
}

/// The Trash: the contacts deleted lately (the last 100 deletes), the newest first; Enter or `r`
/// brings the selected back, `E` forgets them all (asked first). `T` in Contacts opens it.
@MainActor
final class TrashViewController: ViewController, TrashDisplayLogic {
    var interactor: TrashBusinessLogic?

    private let scene = TitledListView(hasStatus: true)
    var list: ListView { scene.list }
    private(set) var displayed = Trash.ShowTrash.ViewModel(rows: [], status: "", emptyText: "Loading…")

    override func loadView() { view = scene }

    override func viewDidLoad() {
        title = "Trash"
        list.emptyText = displayed.emptyText
        scene.rowText = { [weak self] index in self.flatMap { index < $0.displayed.rows.count ? " " + $0.displayed.rows[index].text : nil } }
        list.onSelect = { [weak self] index in self?.interactor?.restoreContact(request: .init(index: index)) }
    }

    override var preferredFirstResponder: View? { list }

    /// Read anew each time it appears.
    override func viewWillAppear() { interactor?.showTrash(request: .init()) }

    override var keyCommands: [KeyCommand] {
        guard !displayed.rows.isEmpty else { return [] }
        return [
            KeyCommand(.character("r"), title: "Bring back") { [weak self] in
                guard let self, let index = self.list.selectedIndex else { return }
                self.interactor?.restoreContact(request: .init(index: index))
            },
            KeyCommand(.character("E"), title: "Empty the Trash") { [weak self] in self?.confirmEmpty() },
        ]
    }

    private func confirmEmpty() {
        let count = displayed.rows.count
        let alert = AlertController(title: "Empty the Trash",
                                    message: "Forget the \(count == 1 ? "1 deleted contact" : "\(count) deleted contacts") for good? They cannot be brought back after.")
        alert.addAction(AlertAction(title: "Empty", style: .destructive) { [weak self] in self?.interactor?.emptyTrash(request: .init()) })
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        present(alert)
    }

    func displayTrash(viewModel: Trash.ShowTrash.ViewModel) {
        displayed = viewModel
        scene.status?.text = viewModel.status
        list.emptyText = viewModel.emptyText
        scene.reload(rows: viewModel.rows.count)
        setNeedsKeyCommandsUpdate()
    }

    func displayRestore(viewModel: Trash.RestoreContact.ViewModel) { scene.message.text = viewModel.message }

    func displayEmpty(viewModel: Trash.EmptyTrash.ViewModel) { scene.message.text = viewModel.message }

    /// The line under the list.
    var messageText: String { scene.message.text }
}
