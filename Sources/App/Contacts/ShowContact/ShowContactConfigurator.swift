import AppServices

@MainActor
enum ShowContactConfigurator {
    static func configure(_ viewController: ShowContactViewController, contactID: Int64, contacts: ContactsWork, book: ContactBook = .both,
                          coordinator: Coordination,
                          syncStatus: ServiceWork<any SyncStatusService>? = nil,
                          runProgram: @escaping ProgramRunner = { ExternalProgram.run($0) },
                          findsProgram: @escaping ProgramFinder = { ExternalProgram.isInstalled($0) }) {
        let interactor = ShowContactInteractor(contactID: contactID, worker: ShowContactWorker(contacts: contacts))
        interactor.syncStatus = syncStatus
        interactor.actions = TerminalContactActions(window: { [weak viewController] in viewController?.view.window }, run: runProgram,
                                                       finds: findsProgram)
        let presenter = ShowContactPresenter()
        let router = ShowContactRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.dataStore = interactor
        router.coordinator = coordinator
        router.book = book
    }
}
