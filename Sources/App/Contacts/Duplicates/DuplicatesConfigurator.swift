import AppServices

@MainActor
enum DuplicatesConfigurator {
    static func configure(_ viewController: DuplicatesViewController, contacts: ContactsWork, book: ContactBook = .both,
                          coordinator: Coordination) {
        let interactor = DuplicatesInteractor(worker: DuplicatesWorker(contacts: contacts))
        let presenter = DuplicatesPresenter()
        let router = DuplicatesRouter()
        interactor.pause = { [weak viewController] next in viewController?.afterKeys(next) }
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.dataStore = interactor
        router.coordinator = coordinator
        router.book = book
    }
}
