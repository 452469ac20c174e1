import AppServices

@MainActor
enum AddContactConfigurator {
    static func configure(_ viewController: AddContactViewController, contacts: ContactsWork, coordinator: Coordination) {
        let interactor = AddContactInteractor(worker: AddContactWorker(contacts: contacts))
        let presenter = AddContactPresenter()
        let router = AddContactRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.dataStore = interactor
        router.coordinator = coordinator
    }
}
