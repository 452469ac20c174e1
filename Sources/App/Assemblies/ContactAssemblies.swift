import AppServices
import TUIKit

/// The contacts scenes, each put together by its configurator on the contacts of the book its
/// `Screen` case carries.
@MainActor
struct ContactListAssembly: Assembly {
    let services: AssemblyServices
    /// The book the list shows first (its filter key shows another on a team's directory).
    let book: ContactBook
    func build() -> ViewController {
        let vc = ContactListViewController()
        let session = services.session
        // On a team's directory the list's filter key shows both books, the own or the team's; the
        // card and forms opened from it then read and change the same (their `Screen` case carries it).
        let contactsOfBook: ((ContactBook) -> ContactsWork)? = session.teamBook == nil ? nil : { [session] book in
            session.contactsWork(in: book) // the session lives as long as the app
        }
        ContactListConfigurator.configure(vc, contacts: session.contactsWork(in: book), reads: session.contactReadsWork(in: book),
                                          coordinator: services.coordinator, book: book, contactsOfBook: contactsOfBook,
                                          runProgram: services.configuration.runProgram, findsProgram: services.configuration.findsProgram)
        let settings = services.settings
        vc.asksBeforeDeleting = { [weak settings] in settings?.confirmsBeforeDelete ?? true }
        vc.listOrder = settings.listOrder
        vc.savesListOrder = { [weak settings, weak vc] order in
            settings?.saveListOrder(order) { message in vc?.showMessage(message) }
        }
        vc.offersTransfer = services.configuration.interchange != nil
        return vc
    }
}

@MainActor
struct ShowContactAssembly: Assembly {
    let services: AssemblyServices
    let contactID: Int64
    let book: ContactBook
    func build() -> ViewController {
        let vc = ShowContactViewController()
        ShowContactConfigurator.configure(vc, contactID: contactID, contacts: services.session.contactsWork(in: book), book: book,
                                          coordinator: services.coordinator, syncStatus: services.session.backend.syncStatusWork,
                                          runProgram: services.configuration.runProgram, findsProgram: services.configuration.findsProgram)
        let settings = services.settings
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
    let services: AssemblyServices
    let export: Bool
    /// Whose contacts: the team's for `.team`, else the signed-in person's own.
    let book: ContactBook
    var scope = ExportScope.all
    func build() -> ViewController {
        guard let interchange = services.interchange, let addressBook = services.session.addressBookWork(in: book) else {
            return ComingSoonAssembly(feature: "Import and export").build()
        }
        return ContactTransferViewController(kind: export ? .exporting : .importing, interchange: interchange,
                                             book: addressBook, coordinator: services.coordinator, scope: scope)
    }
}
