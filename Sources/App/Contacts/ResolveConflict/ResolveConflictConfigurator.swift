import AppServices

/// Wires the conflict scene: view controller → interactor → presenter → view controller, router with its data store.
@MainActor
enum ResolveConflictConfigurator {
    static func configure(_ viewController: ResolveConflictViewController, yours: ContactRecord, read: ContactRecord?,
                          contacts: ContactsWork, coordinator: Coordination) {
        let interactor = ResolveConflictInteractor(yours: yours, read: read, worker: EditContactWorker(contacts: contacts))
        let presenter = ResolveConflictPresenter()
        let router = ResolveConflictRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.dataStore = interactor
        router.coordinator = coordinator
    }
}
