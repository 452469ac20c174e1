import TUIKit

@MainActor
protocol CorrespondentsDisplayLogic: AnyObject {
    func display(viewModel: Correspondents.Show.ViewModel)
}

/// The people the user writes to who are not contacts, most written to first (issue 50): Space
/// marks one, Enter adds the marked as contacts (with none marked, the one under the cursor).
/// Read again each time the screen appears.
@MainActor
final class CorrespondentsViewController: ViewController, CorrespondentsDisplayLogic {
    var interactor: CorrespondentsBusinessLogic?

    let list = ListView()
    private let message = Label("")
    private(set) var displayed: Correspondents.Show.ViewModel?

    override func viewDidLoad() {
        title = "People you write to"
        view.style = Theme.live.base
        message.textStyle = Theme.live.secondary
        list.emptyText = "Loading…"
        list.configureRow = { [weak self] row, index, selected in self?.configure(row, index: index, selected: selected) }
        // Enter is the screen's own command (named in the status line), not the list's "Open".
        for v in [list, message] as [View] { view.addSubview(v); v.translatesAutoresizingMaskIntoConstraints = false }
        LayoutConstraint.activate([
            list.topAnchor.constraint(equalTo: view.topAnchor, constant: 1),
            list.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 1),
            list.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -1),
            list.bottomAnchor.constraint(equalTo: message.topAnchor),
            message.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 2),
            message.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -2),
            message.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            message.heightAnchor.constraint(equalToConstant: 1),
        ])
    }

    override func viewWillAppear() { interactor?.show(request: .init()) }

    override var preferredFirstResponder: View? { list }

    private func configure(_ row: View, index: Int, selected: Bool) {
        guard let label = row as? ListRowLabel, let d = displayed, index < d.rows.count else { return }
        let r = d.rows[index]
        label.configure(text: " \(r.marked ? "[x]" : "[ ]") \(ContactListColumns.fit(r.who, 48))\(r.counts)", selected: selected)
    }

    func display(viewModel: Correspondents.Show.ViewModel) {
        displayed = viewModel
        title = viewModel.title
        list.emptyText = viewModel.emptyText
        message.text = viewModel.message
        let selected = list.selectedIndex
        list.reloadData(numberOfRows: viewModel.rows.count)
        if !viewModel.rows.isEmpty { list.select(min(selected ?? 0, viewModel.rows.count - 1)) }
        setNeedsKeyCommandsUpdate()
    }

    override var keyCommands: [KeyCommand] {
        guard let d = displayed, !d.rows.isEmpty else { return [] }
        return [
            KeyCommand(.character(" "), title: "Mark") { [weak self] in
                guard let self, let index = self.list.selectedIndex else { return }
                self.interactor?.mark(request: .init(index: index))
                _ = self.list.handleKey(.down)
            },
            KeyCommand(.enter, title: d.rows.contains(where: \.marked) ? "Add marked" : "Add") { [weak self] in
                self?.interactor?.addMarked(request: .init(selected: self?.list.selectedIndex))
            },
        ]
    }
}

extension CorrespondentsViewController: ReloadsOnChangesElsewhere {
    func reloadForChangesElsewhere() { interactor?.show(request: .init()) }
}
