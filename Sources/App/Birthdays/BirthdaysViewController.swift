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

    let list = ListView()
    private let message = Label("")
    private(set) var displayed: Birthdays.ShowBirthdays.ViewModel?

    override func viewDidLoad() {
        title = "Birthdays"
        view.style = Theme.live.base
        message.textStyle = Theme.live.secondary
        list.emptyText = "Loading…"
        list.configureRow = { [weak self] row, index, selected in self?.configure(row, index: index, selected: selected) }
        list.onSelect = { [weak self] index in
            self?.interactor?.selectBirthday(request: .init(index: index))
            self?.router?.routeToShowContact()
        }
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

    override func viewWillAppear() { interactor?.showBirthdays(request: .init()) }

    override var preferredFirstResponder: View? { list }

    private func configure(_ row: View, index: Int, selected: Bool) {
        guard let label = row as? ListRowLabel, let d = displayed, index < d.rows.count else { return }
        let r = d.rows[index]
        let when = ContactListColumns.fit(r.when, 13), date = ContactListColumns.fit(r.date, 12)
        label.configure(text: "  \(when)\(date)\(r.name)\(r.age.isEmpty ? "" : "  · \(r.age)")", selected: selected)
    }

    func displayBirthdays(viewModel: Birthdays.ShowBirthdays.ViewModel) {
        displayed = viewModel
        title = viewModel.title
        list.emptyText = viewModel.emptyText
        message.text = viewModel.error ?? ""
        list.reloadData(numberOfRows: viewModel.rows.count)
        if list.selectedIndex == nil, !viewModel.rows.isEmpty { list.select(0) }
        setNeedsKeyCommandsUpdate()
    }
}

extension BirthdaysViewController: ReloadsOnChangesElsewhere {
    func reloadForChangesElsewhere() { interactor?.showBirthdays(request: .init()) }
}
