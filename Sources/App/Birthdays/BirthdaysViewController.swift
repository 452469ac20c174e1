import TUIKit

@MainActor
protocol BirthdaysDisplayLogic: AnyObject {
    func displayBirthdays(viewModel: Birthdays.ShowBirthdays.ViewModel)
}

/// Upcoming birthdays, the soonest first: when, the day, whose and the age they turn; Enter
/// opens the card. Read again each time the screen appears and when changes are made elsewhere.
@MainActor
final class BirthdaysViewController: ViewController, BirthdaysDisplayLogic {
    var interactor: BirthdaysBusinessLogic?
    var router: BirthdaysRoutingLogic?

    private let scene = TitledListView(hasStatus: false)
    var list: ListView { scene.list }
    private(set) var displayed: Birthdays.ShowBirthdays.ViewModel?

    override func loadView() { view = scene }

    override func viewDidLoad() {
        title = "Birthdays"
        list.emptyText = "Loading…"
        scene.rowText = { [weak self] index in self?.rowText(index) }
        list.onSelect = { [weak self] index in
            self?.interactor?.selectBirthday(request: .init(index: index))
            self?.router?.routeToShowContact()
        }
    }

    override func viewWillAppear() { interactor?.showBirthdays(request: .init()) }

    override var preferredFirstResponder: View? { list }

    private func rowText(_ index: Int) -> String? {
        guard let d = displayed, index < d.rows.count else { return nil }
        let r = d.rows[index]
        let when = ContactListColumns.fit(r.when, 13), date = ContactListColumns.fit(r.date, 12)
        return "  \(when)\(date)\(r.name)\(r.age.isEmpty ? "" : "  · \(r.age)")"
    }

    func displayBirthdays(viewModel: Birthdays.ShowBirthdays.ViewModel) {
        displayed = viewModel
        title = viewModel.title
        list.emptyText = viewModel.emptyText
        scene.message.text = viewModel.error ?? ""
        list.reloadData(numberOfRows: viewModel.rows.count)
        if list.selectedIndex == nil, !viewModel.rows.isEmpty { list.select(0) }
        setNeedsKeyCommandsUpdate()
    }
}

extension BirthdaysViewController: ReloadsOnChangesElsewhere {
    func reloadForChangesElsewhere() { interactor?.showBirthdays(request: .init()) }
}
