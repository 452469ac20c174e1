import AppServices

@MainActor
enum AddContactConfigurator {
    static func configure(_ viewController: AddContactViewController, store: ContactsService, coordinator: Coordination) {
        let interactor = AddContactInteractor(worker: AddContactWorker(store: store))
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
