import TUIKit

@MainActor
protocol DuplicatesDisplayLogic: AnyObject {
    func displayDuplicates(viewModel: Duplicates.FindDuplicates.ViewModel)
    func displayMerge(viewModel: Duplicates.MergePair.ViewModel)
}

/// "Possible duplicates": pairs of contacts that may be one person (the same e-mail, phone or
/// name), found by reading the whole book in slices while keys are answered; `m` merges the
/// second of a pair into the first (asked first; u in Contacts brings the second back), Enter
/// opens the first's card.
@MainActor
final class DuplicatesViewController: ViewController, DuplicatesDisplayLogic {
    var interactor: DuplicatesBusinessLogic?
    var router: (DuplicatesRoutingLogic & DuplicatesDataPassing)?

    private let scene = TitledListView(hasStatus: true)
    var list: ListView { scene.list }
    private(set) var displayed = Duplicates.FindDuplicates.ViewModel(rows: DuplicateRows(pairs: []), status: "", emptyText: "Looking for duplicates…")
    /// Between two slices of the book: long enough for a lone Esc to be told from an escape sequence.
    static let pause: Duration = .milliseconds(30)

    override func loadView() { view = scene }

    override func viewDidLoad() {
        title = "Possible duplicates"
        list.emptyText = displayed.emptyText
        scene.rowText = { [weak self] index in self.flatMap { index < $0.displayed.rows.count ? " " + $0.displayed.rows[index].text : nil } }
        list.onSelect = { [weak self] index in
            self?.interactor?.selectPair(request: .init(index: index))
            self?.router?.routeToContact()
        }
    }

    override var preferredFirstResponder: View? { list }

    /// Read anew each time it appears (a card may have merged or changed contacts meanwhile).
    override func viewWillAppear() { interactor?.findDuplicates(request: .init()) }

    override var keyCommands: [KeyCommand] {
        guard list.selectedIndex != nil, !displayed.rows.isEmpty else { return [] }
        return [KeyCommand(.character("m"), title: "Merge 2nd into 1st") { [weak self] in self?.confirmMerge() }]
    }

    /// Runs `next` on a later turn of the run loop, after the keys that came meanwhile.
    func afterKeys(_ next: @escaping @MainActor () -> Void) {
        guard let scheduler else { return }
        scheduler.after(Self.pause) { next() }
    }

    private func confirmMerge() {
        guard let index = list.selectedIndex, index < displayed.rows.count else { return }
        let row = displayed.rows[index]
        // The two cards above the question: on a low screen they give way (cut to a row each, then
        // left out), the question and its buttons never do.
        let cards = row.cards.count == 2 ? ["1st: \(row.cards[0])", "2nd: \(row.cards[1])"] : []
        let alert = AlertController(title: "Merge duplicates", message: Self.mergeQuestion(cards.isEmpty ? row.mergeWhat : "the 2nd into the 1st"),
                                    details: cards)
        alert.addAction(AlertAction(title: "Merge", style: .destructive) { [weak self] in self?.interactor?.mergePair(request: .init(index: index)) })
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        present(alert)
    }

    /// The merge question: short enough to read whole in a 40x12 terminal's alert beside the cards.
    static func mergeQuestion(_ what: String) -> String {
        "Merge \(what)? Everything of both is kept; u in Contacts brings the 2nd back."
    }

    func displayDuplicates(viewModel: Duplicates.FindDuplicates.ViewModel) {
        let countChanged = viewModel.rows != displayed.rows
        displayed = viewModel
        scene.status?.text = viewModel.status
        list.emptyText = viewModel.emptyText
        if countChanged {
            let selected = list.selectedIndex
            list.reloadData(numberOfRows: viewModel.rows.count)
            if let selected, !viewModel.rows.isEmpty { list.select(min(selected, viewModel.rows.count - 1)) }
        }
        setNeedsKeyCommandsUpdate()
    }

    func displayMerge(viewModel: Duplicates.MergePair.ViewModel) {
        scene.message.text = viewModel.message
    }

    /// The status message under the list.
    var messageText: String { scene.message.text }
}
