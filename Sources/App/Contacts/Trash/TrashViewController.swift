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

    let list = ListView()
    private let status = Label("")
    private let message = Label("")
    private(set) var displayed = Trash.ShowTrash.ViewModel(rows: [], status: "", emptyText: "Loading…")

    override func viewDidLoad() {
        title = "Trash"
        view.style = Theme.live.base
        status.textStyle = Theme.live.secondary
        message.textStyle = Theme.live.secondary
        list.emptyText = displayed.emptyText
        list.configureRow = { [weak self] row, index, selected in
            guard let self, let label = row as? ListRowLabel, index < self.displayed.rows.count else { return }
            label.configure(text: " " + self.displayed.rows[index].text, selected: selected)
        }
        list.onSelect = { [weak self] index in self?.interactor?.restoreContact(request: .init(index: index)) }
        for v in [status, list, message] as [View] { view.addSubview(v); v.translatesAutoresizingMaskIntoConstraints = false }
        LayoutConstraint.activate([
            status.topAnchor.constraint(equalTo: view.topAnchor, constant: 1),
            status.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 2),
            status.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -2),
            status.heightAnchor.constraint(equalToConstant: 1),
            list.topAnchor.constraint(equalTo: status.bottomAnchor, constant: 1),
            list.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 1),
            list.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -1),
            list.bottomAnchor.constraint(equalTo: message.topAnchor),
            message.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 2),
            message.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -2),
            message.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            message.heightAnchor.constraint(equalToConstant: 1),
        ])
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
        status.text = viewModel.status
        list.emptyText = viewModel.emptyText
        let selected = list.selectedIndex ?? 0
        list.reloadData(numberOfRows: viewModel.rows.count)
        if !viewModel.rows.isEmpty { list.select(min(selected, viewModel.rows.count - 1)) }
        setNeedsKeyCommandsUpdate()
    }

    func displayRestore(viewModel: Trash.RestoreContact.ViewModel) { message.text = viewModel.message }

    func displayEmpty(viewModel: Trash.EmptyTrash.ViewModel) { message.text = viewModel.message }

    /// The line under the list.
    var messageText: String { message.text }
}
