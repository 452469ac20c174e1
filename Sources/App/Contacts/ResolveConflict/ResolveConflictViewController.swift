import TUIKit

@MainActor
protocol ResolveConflictDisplayLogic: AnyObject {
    func displayLoad(viewModel: ResolveConflict.Load.ViewModel)
    func displaySave(viewModel: ResolveConflict.Save.ViewModel)
}

/// "Changed meanwhile": the fields a save and someone else's change differ in, one a line with
/// both values; ← takes yours, → theirs, Space the other; ^S saves the picks, Esc goes back to the
/// form as it was typed.
@MainActor
final class ResolveConflictViewController: ViewController, ResolveConflictDisplayLogic {
    var interactor: ResolveConflictBusinessLogic?
    var router: (ResolveConflictRoutingLogic & ResolveConflictDataPassing)?
    let list = ListView()
    let message = Label("")
    private(set) var lines: [String] = []

    override func viewDidLoad() {
        title = "Changed meanwhile"
        view.style = Theme.live.base
        navigationItem.setLeftBarButton(BarButtonItem(title: "Back", key: .escape) { [weak self] in self?.router?.routeBack() })
        navigationItem.setRightBarButton(BarButtonItem(title: "Save", key: .ctrl("s")) { [weak self] in self?.save() })
        message.wrapsText = true
        message.textStyle = Theme.live.secondary
        list.emptyText = "Reading their version…"
        list.configureRow = { [weak self] row, index, selected in
            guard let self, self.lines.indices.contains(index) else { return }
            (row as? ListRowLabel)?.configure(text: self.lines[index], selected: selected)
        }
        for v in [message, list] as [View] { view.addSubview(v); v.translatesAutoresizingMaskIntoConstraints = false }
        LayoutConstraint.activate([
            message.topAnchor.constraint(equalTo: view.topAnchor, constant: 1),
            message.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 2),
            message.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -2),
            message.heightAnchor.constraint(equalToConstant: 2),
            list.topAnchor.constraint(equalTo: message.bottomAnchor, constant: 1),
            list.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 2),
            list.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -1),
            list.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
        interactor?.load(request: .init())
    }

    override var preferredFirstResponder: View? { list }

    override var keyCommands: [KeyCommand] {
        [KeyCommand(.left, title: "Yours") { [weak self] in self?.pick(.yours) },
         KeyCommand(.right, title: "Theirs") { [weak self] in self?.pick(.theirs) },
         KeyCommand(.character(" "), title: "Other") { [weak self] in self?.pick(nil) }]
    }

    private func pick(_ side: ResolveConflict.Side?) {
        guard let index = list.selectedIndex else { return }
        interactor?.pick(request: .init(index: index, side: side))
    }

    private func save() {
        message.text = "Saving…"
        interactor?.save(request: .init())
    }

    func displayLoad(viewModel: ResolveConflict.Load.ViewModel) {
        let selected = list.selectedIndex
        lines = viewModel.lines
        list.reloadData(numberOfRows: lines.count)
        if let selected, !lines.isEmpty { list.select(min(selected, lines.count - 1)) }
        message.text = viewModel.message
    }

    func displaySave(viewModel: ResolveConflict.Save.ViewModel) {
        if viewModel.saved { router?.routeSaved(); return }
        message.text = viewModel.message
    }
}
