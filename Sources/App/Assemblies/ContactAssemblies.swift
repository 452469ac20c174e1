import AppServices
import TUIKit

/// The contacts scenes, each put together by its configurator on the contacts of the book its
/// `Screen` case carries.
@MainActor
struct ContactListAssembly: Assembly {
    let session: AppSession
    let settings: SignedInSettings
    let coordinator: Coordinator
    let runProgram: ProgramRunner
    let findsProgram: ProgramFinder
    /// Whether the list offers Import… and Export… (the configuration has an interchange: not the kiosk).
    let offersTransfer: Bool
    /// The book the list shows first (its filter key shows another on a team's directory).
    let book: ContactBook
    func build() -> ViewController {
        let vc = ContactListViewController()
        // On a team's directory the list's filter key shows both books, the own or the team's; the
        // card and forms opened from it then read and change the same (their `Screen` case carries it).
        let contactsOfBook: ((ContactBook) -> ContactsWork)? = session.teamBook == nil ? nil : { [session] book in
            session.contactsWork(in: book) // the session lives as long as the app
        }
        ContactListConfigurator.configure(vc, contacts: session.contactsWork(in: book), reads: session.contactReadsWork(in: book),
                                          coordinator: coordinator, book: book, contactsOfBook: contactsOfBook,
                                          runProgram: runProgram, findsProgram: findsProgram)
        vc.asksBeforeDeleting = { [weak settings] in settings?.confirmsBeforeDelete ?? true }
        vc.listOrder = settings.listOrder
        vc.savesListOrder = { [weak settings, weak vc] order in
            settings?.saveListOrder(order) { message in vc?.showMessage(message) }
        }
        vc.offersTransfer = offersTransfer
        return vc
    }
}

@MainActor
struct ShowContactAssembly: Assembly {
    let session: AppSession
    let settings: SignedInSettings
    let coordinator: Coordinator
    let runProgram: ProgramRunner
    let findsProgram: ProgramFinder
    let contactID: Int64
    let book: ContactBook
    func build() -> ViewController {
        let vc = ShowContactViewController()
        ShowContactConfigurator.configure(vc, contactID: contactID, contacts: session.contactsWork(in: book), book: book,
                                          coordinator: coordinator, syncStatus: session.backend.syncStatusWork,
                                          runProgram: runProgram, findsProgram: findsProgram)
        vc.asksBeforeDeleting = { [weak settings] in settings?.confirmsBeforeDelete ?? true }
        return vc
    }
}

@MainActor
struct AddContactAssembly: Assembly {
    let contacts: ContactsWork
    let coordinator: Coordinator
    func build() -> ViewController {
        let vc = AddContactViewController()
        AddContactConfigurator.configure(vc, contacts: contacts, coordinator: coordinator)
        return vc
    }
}

@MainActor
struct EditContactAssembly: Assembly {
    let contacts: ContactsWork
    let coordinator: Coordinator
    let contactID: Int64
    let book: ContactBook
    func build() -> ViewController {
        let vc = EditContactViewController()
        EditContactConfigurator.configure(vc, contactID: contactID, contacts: contacts, book: book, coordinator: coordinator)
        return vc
    }
}

@MainActor
struct ResolveConflictAssembly: Assembly {
    let contacts: ContactsWork
    let coordinator: Coordinator
    let yours: ContactRecord
    let read: ContactRecord?
    func build() -> ViewController {
        let vc = ResolveConflictViewController()
        ResolveConflictConfigurator.configure(vc, yours: yours, read: read, contacts: contacts, coordinator: coordinator)
        return vc
    }
}

/// "Possible duplicates", on the book the list showed.
@MainActor
struct DuplicatesAssembly: Assembly {
    let contacts: ContactsWork
    let coordinator: Coordinator
    let book: ContactBook
    func build() -> ViewController {
        let vc = DuplicatesViewController()
        DuplicatesConfigurator.configure(vc, contacts: contacts, book: book, coordinator: coordinator)
        return vc
    }
}

/// The Trash, on the contacts the list showed (seed 002: a `Screen` case, this, the coordinator).
@MainActor
struct TrashAssembly: Assembly {
    let contacts: ContactsWork
    let now: () -> Int64
    func build() -> ViewController {
        let vc = TrashViewController()
        TrashConfigurator.configure(vc, contacts: contacts, now: now)
        return vc
    }
}

/// Import… or Export… (only offered when the configuration has an interchange: not in the kiosk).
@MainActor
struct ContactTransferAssembly: Assembly {
    /// The executable's import and export; nil: none (the kiosk).
    let interchange: ContactsInterchange?
    /// The whole address book of the book the list showed (the team's for `.team`, else the
    /// signed-in person's own); nil before sign-in and in the kiosk.
    let addressBook: ServiceWork<any AddressBookService>?
    let coordinator: Coordinator
    let export: Bool
    var scope = ExportScope.all
    func build() -> ViewController {
        guard let interchange, let addressBook else {
            return ComingSoonAssembly(feature: "Import and export").build()
        }
        return ContactTransferViewController(kind: export ? .exporting : .importing, interchange: interchange,
                                             book: addressBook, coordinator: coordinator, scope: scope)
    }
}
