import AppServices

/// Wires the birthdays scene: view controller → interactor → presenter → view controller, and the router.
@MainActor
enum BirthdaysConfigurator {
    static func configure(_ viewController: BirthdaysViewController, contacts: ContactsWork, book: ContactBook = .both, coordinator: Coordination,
                          now: @escaping () -> Int64) {
        let interactor = BirthdaysInteractor(worker: BirthdaysWorker(contacts: contacts), now: now)
        let presenter = BirthdaysPresenter()
        let router = BirthdaysRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.dataStore = interactor
        router.coordinator = coordinator
        router.book = book
    }
}
