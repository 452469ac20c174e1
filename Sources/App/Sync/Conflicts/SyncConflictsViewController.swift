import AppServices
import Components
import TUIKit

@MainActor
protocol SyncConflictsDisplayLogic: AnyObject {
    func displayLoad(viewModel: SyncConflicts.Load.ViewModel)
    func displaySettle(message: String, isError: Bool)
}

/// "Conflicts": the changes made on both sides that sync kept for the person (the server's
/// version in the list, the local one beside it). Enter picks a side field by field (the same
/// scene as a refused save), `s` keeps the server's, `d` deletes a contact deleted here again;
/// what is kept goes out at the next sync.
@MainActor
final class SyncConflictsViewController: ViewController, SyncConflictsDisplayLogic {
    var interactor: SyncConflictsBusinessLogic?
    private let list = ListView()
    private let message = Label("")
    private(set) var rows: [SyncConflicts.Load.ViewModel.Row] = []
    /// The conflict whose fields are being picked (its scene is on top).
    var pickingIndex: Int?
    /// The picks were just saved and the list read again: showing again needs no read (its notice stays).
    private var readJustNow = false

    override func viewDidLoad() {
        title = "Conflicts"
        view.style = Theme.live.base
        list.emptyText = "No conflicts"
        list.configureRow = { [weak self] row, index, selected in
            guard let self, index < self.rows.count else { return }
            (row as? ListRowLabel)?.configure(text: " " + self.rows[index].text, selected: selected)
        }
        list.onSelect = { [weak self] index in self?.interactor?.settle(request: .init(index: index, choice: .pickFields)) }
        message.textStyle = Theme.live.secondary
        view.fill(with: list, footer: message)
        interactor?.load(request: .init())
    }

    override var preferredFirstResponder: View? { list }

    override func viewWillAppear() {
        super.viewWillAppear()
        if isViewLoaded, pickingIndex == nil, !readJustNow { interactor?.load(request: .init()) }
        readJustNow = false
    }

    /// The conflict scene saved the picks (its router pops back here).
    func pickedFieldsSaved() {
        guard let index = pickingIndex else { return }
        pickingIndex = nil
        readJustNow = true
        interactor?.pickedFieldsSaved(index: index)
    }

    func displayLoad(viewModel: SyncConflicts.Load.ViewModel) {
        rows = viewModel.rows
        list.reloadData(numberOfRows: rows.count)
        message.textStyle = Theme.live.secondary
        message.text = viewModel.message
    }

    func displaySettle(message text: String, isError: Bool) {
        message.textStyle = isError ? Theme.live.error : Theme.live.emphasis
        message.text = text
    }

    var footer: String { message.text }

    override var keyCommands: [KeyCommand] {
        guard !rows.isEmpty else { return [] }
        return [KeyCommand(.character("s"), title: "Keep server's") { [weak self] in
                    guard let self, let i = self.list.selectedIndex else { return }
                    self.interactor?.settle(request: .init(index: i, choice: .keepServers)) },
                KeyCommand(.character("d"), title: "Delete here") { [weak self] in
                    guard let self, let i = self.list.selectedIndex else { return }
                    self.interactor?.settle(request: .init(index: i, choice: .deleteHere)) },
                KeyCommand(.character("k"), title: "Keep mine", showsInStatusLine: false) { [weak self] in
                    guard let self, let i = self.list.selectedIndex else { return }
                    self.interactor?.settle(request: .init(index: i, choice: .keepMine)) }]
    }
}

/// Wires the Conflicts scene.
@MainActor
enum SyncConflictsConfigurator {
    static func configure(_ viewController: SyncConflictsViewController, worker: SyncConflictsWorking, coordinator: Coordination) {
        let interactor = SyncConflictsInteractor(worker: worker)
        let presenter = SyncConflictsPresenter()
        let router = SyncConflictsRouter()
        viewController.interactor = interactor
        interactor.presenter = presenter
        interactor.router = router
        presenter.viewController = viewController
        router.coordinator = coordinator
        router.viewController = viewController
    }
}
