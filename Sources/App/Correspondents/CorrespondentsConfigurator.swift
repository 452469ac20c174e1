import AppServices

/// Wires the correspondents scene: view controller → interactor → presenter → view controller.
/// (It routes nowhere: adding keeps the person on the screen, Esc goes back.)
@MainActor
enum CorrespondentsConfigurator {
    static func configure(_ viewController: CorrespondentsViewController, contacts: ContactsWork) {
        let interactor = CorrespondentsInteractor(worker: CorrespondentsWorker(contacts: contacts))
        let presenter = CorrespondentsPresenter()
        viewController.interactor = interactor
        interactor.presenter = presenter
        presenter.viewController = viewController
    }
}
