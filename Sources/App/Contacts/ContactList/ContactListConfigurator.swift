import AppServices

/// Wires the list scene: view controller → interactor → presenter → view controller, router with its data store.
@MainActor
enum ContactListConfigurator {
    /// - Parameters:
    ///   - reads: where searches are read off the main loop when `contacts` answers at once (a file);
    ///     nil: on `contacts`.
    ///   - contactsOfBook: on a team's directory, the contacts of each book (or both),
    ///     for the list's filter key; nil where there is one book.
    ///   - runProgram: how `m` and `y` on the marked reach the mail program and the clipboard.
    static func configure(_ viewController: ContactListViewController, contacts: ContactsWork, reads: ContactsWork? = nil,
                          coordinator: Coordination, book: ContactBook = .own, contactsOfBook: ((ContactBook) -> ContactsWork)? = nil,
                          runProgram: @escaping ProgramRunner = { ExternalProgram.run($0) },
                          findsProgram: @escaping ProgramFinder = { ExternalProgram.isInstalled($0) }) {
        let interactor = ContactListInteractor(worker: ContactListWorker(contacts: contacts, reads: reads), book: book,
                                               contactsOfBook: contactsOfBook)
        // `m` and `y` on the marked: the mail program and the clipboard, as the card's.
        interactor.actions = TerminalContactActions(window: { [weak viewController] in viewController?.view.window }, run: runProgram,
                                                       finds: findsProgram)
        // A search's exact count is read once typing pauses, off the keys' way.
        interactor.countLater = { [weak viewController] run in
            guard let scheduler = viewController?.scheduler else { run(); return }
            scheduler.after(ContactListInteractor.countPause) { run() }
        }
        let presenter = ContactListPresenter()
        if contactsOfBook != nil { presenter.bookName = ContactListPresenter.name(of: book) } else if book == .team { presenter.bookName = "Team contacts" }
        viewController.choosesBooks = contactsOfBook != nil
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
