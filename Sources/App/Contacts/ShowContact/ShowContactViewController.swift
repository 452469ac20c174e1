import TUIKit

@MainActor
protocol ShowContactDisplayLogic: AnyObject {
    func displayContact(viewModel: ShowContact.GetContact.ViewModel)
    func displayDelete(viewModel: ShowContact.DeleteContact.ViewModel)
}

/// The contact card: the name and one line per phone, email, company, notes, friend.
@MainActor
final class ShowContactViewController: ViewController, ShowContactDisplayLogic {
    var interactor: ShowContactBusinessLogic?
    var router: (ShowContactRoutingLogic & ShowContactDataPassing)?
    private let nameLabel = Label("", style: Theme.live.emphasis)
    private let body = Label("")
    private(set) var viewModel: ShowContact.GetContact.ViewModel?

    override func viewDidLoad() {
        view.style = Theme.live.base
        body.wrapsText = true
        FormLayout.stack([(nameLabel, 1), (FormLayout.gap(), 1), (body, 16)], in: view, width: 60)
        navigationItem.setRightBarButton(BarButtonItem(title: "Edit", key: .character("e")) { [weak self] in self?.router?.routeToEditContact() })
    }

    override func viewWillAppear() { interactor?.getContact(request: .init()) }

    override var keyCommands: [KeyCommand] {
        guard viewModel?.missingMessage == nil else { return [] } // nothing to delete, befriend or edit
        return [KeyCommand(.character("d"), title: "Delete") { [weak self] in self?.confirmDelete() },
         KeyCommand(.character("f"), title: "Friend") { [weak self] in self?.interactor?.toggleFriend(request: .init()) }]
    }

    /// Whether `d` asks first (the "confirm before deleting" setting).
    var asksBeforeDeleting: () -> Bool = { true }

    private func confirmDelete() {
        guard let viewModel, viewModel.missingMessage == nil else { return }
        guard asksBeforeDeleting() else { interactor?.deleteContact(request: .init()); return }
        let alert = AlertController(title: "Delete contact", message: "Delete \(viewModel.fullName)? This cannot be undone.")
        alert.addAction(AlertAction(title: "Delete", style: .destructive) { [weak self] in self?.interactor?.deleteContact(request: .init()) })
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        present(alert)
    }

    func displayContact(viewModel: ShowContact.GetContact.ViewModel) {
        self.viewModel = viewModel
        title = viewModel.title
        if viewModel.missingMessage != nil { navigationItem.setRightBarButton(nil) }
        setNeedsKeyCommandsUpdate()
        nameLabel.text = viewModel.missingMessage ?? viewModel.fullName
        let width = viewModel.lines.map(\.label.count).max() ?? 0
        body.text = viewModel.lines.map { $0.label.padding(toLength: width) + "  " + $0.value }.joined(separator: "\n")
    }

    func displayDelete(viewModel: ShowContact.DeleteContact.ViewModel) {
        if let message = viewModel.message { nameLabel.text = message }
        if viewModel.leave { router?.routeBack() }
    }
}

extension String {
    func padding(toLength length: Int) -> String { count >= length ? self : self + String(repeating: " ", count: length - count) }
}

extension ShowContactViewController: ReloadsOnChangesElsewhere {
    /// The card as it is stored now (or that it is gone).
    func reloadForChangesElsewhere() { interactor?.getContact(request: .init()) }
}
