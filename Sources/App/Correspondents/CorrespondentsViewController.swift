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

    private let scene = TitledListView(hasStatus: false)
    var list: ListView { scene.list }
    private(set) var displayed: Correspondents.Show.ViewModel?

    override func loadView() { view = scene }

    override func viewDidLoad() {
        title = "People you write to"
        list.emptyText = "Loading…"
        scene.rowText = { [weak self] index in self?.rowText(index) }
        // Enter is the screen's own command (named in the status line), not the list's "Open".
    }

    override func viewWillAppear() { interactor?.show(request: .init()) }

    override var preferredFirstResponder: View? { list }

    private func rowText(_ index: Int) -> String? {
        guard let d = displayed, index < d.rows.count else { return nil }
        let r = d.rows[index]
        return " \(r.marked ? "[x]" : "[ ]") \(ContactListColumns.fit(r.who, 48))\(r.counts)"
    }

    func display(viewModel: Correspondents.Show.ViewModel) {
        displayed = viewModel
        title = viewModel.title
        list.emptyText = viewModel.emptyText
        scene.message.text = viewModel.message
        scene.reload(rows: viewModel.rows.count)
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
