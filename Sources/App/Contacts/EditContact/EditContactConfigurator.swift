import AppServices

@MainActor
enum EditContactConfigurator {
    static func configure(_ viewController: EditContactViewController, contactID: Int64, contacts: ContactsWork, book: ContactBook = .both,
                          coordinator: Coordination) {
        let interactor = EditContactInteractor(contactID: contactID, worker: EditContactWorker(contacts: contacts))
        let presenter = EditContactPresenter()
        let router = EditContactRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.dataStore = interactor
        router.coordinator = coordinator
        router.book = book
    }
}
