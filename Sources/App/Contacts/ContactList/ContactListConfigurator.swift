import AppServices

/// Wires the list scene: view controller → interactor → presenter → view controller, router with its data store.
@MainActor
enum ContactListConfigurator {
    static func configure(_ viewController: ContactListViewController, contacts: ContactsWork, coordinator: Coordination,
                          book: ContactBook = .own) {
        let interactor = ContactListInteractor(worker: ContactListWorker(contacts: contacts))
        // A search's exact count is read once typing pauses, off the keys' way.
        interactor.countLater = { [weak viewController] run in
            guard let scheduler = viewController?.scheduler else { run(); return }
            scheduler.after(ContactListInteractor.countPause) { run() }
        }
        let presenter = ContactListPresenter()
        if book == .team { presenter.bookName = "Team contacts" }
        let router = ContactListRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
        router.coordinator = coordinator
    }
}
