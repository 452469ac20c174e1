import AppServices

/// Wires the Trash: view controller → interactor → presenter → view controller.
@MainActor
enum TrashConfigurator {
    static func configure(_ viewController: TrashViewController, contacts: ContactsWork, now: @escaping () -> Int64) {
        let interactor = TrashInteractor(worker: TrashWorker(contacts: contacts))
        let presenter = TrashPresenter()
        presenter.now = now
        viewController.interactor = interactor
        interactor.presenter = presenter
        presenter.viewController = viewController
    }
}
