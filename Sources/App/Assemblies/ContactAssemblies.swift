import AppServices
import TUIKit

/// The contacts scenes, each put together by its configurator.
@MainActor
struct ContactListAssembly: Assembly {
    let services: AssemblyServices
    func build() -> ViewController {
        let vc = ContactListViewController()
        // On a team's directory the list's filter key shows both books, the own or the team's; the
        // card and forms opened from it then read and change the same (or the contact's own book).
        let contactsOfBook: ((ContactBook) -> ContactsWork)? = services.teamBook == nil ? nil : { [services] book in
            services.showing(book).contactsWork // the services live as long as the app
        }
        ContactListConfigurator.configure(vc, contacts: services.contactsWork, reads: services.contactReadsWork,
                                          coordinator: services.coordinator, book: services.book, contactsOfBook: contactsOfBook,
                                          runProgram: services.configuration.runProgram, findsProgram: services.configuration.findsProgram)
        vc.asksBeforeDeleting = { [weak services] in services?.confirmsBeforeDelete ?? true }
        vc.listOrder = services.listOrder
        vc.savesListOrder = { [weak services, weak vc] order in
            services?.saveListOrder(order) { message in vc?.showMessage(message) }
        }
        vc.offersTransfer = services.configuration.interchange != nil
        return vc
    }
}

@MainActor
struct ShowContactAssembly: Assembly {
    let services: AssemblyServices
    let contactID: Int64
    func build() -> ViewController {
        let vc = ShowContactViewController()
        ShowContactConfigurator.configure(vc, contactID: contactID, contacts: services.contactsWork, coordinator: services.coordinator,
                                          syncStatus: services.backend.syncStatusWork, runProgram: services.configuration.runProgram,
                                          findsProgram: services.configuration.findsProgram)
        vc.asksBeforeDeleting = { [weak services] in services?.confirmsBeforeDelete ?? true }
        return vc
    }
}

@MainActor
struct AddContactAssembly: Assembly {
    let services: AssemblyServices
    func build() -> ViewController {
        let vc = AddContactViewController()
        AddContactConfigurator.configure(vc, contacts: services.contactsWork, coordinator: services.coordinator)
        return vc
    }
}

@MainActor
struct EditContactAssembly: Assembly {
    let services: AssemblyServices
    let contactID: Int64
    func build() -> ViewController {
        let vc = EditContactViewController()
        EditContactConfigurator.configure(vc, contactID: contactID, contacts: services.contactsWork, coordinator: services.coordinator)
        return vc
    }
}

@MainActor
struct ResolveConflictAssembly: Assembly {
    let services: AssemblyServices
    let yours: ContactRecord
    let read: ContactRecord?
    func build() -> ViewController {
        let vc = ResolveConflictViewController()
        ResolveConflictConfigurator.configure(vc, yours: yours, read: read, contacts: services.contactsWork, coordinator: services.coordinator)
        return vc
    }
}

/// "Possible duplicates", on the book the contacts scenes show.
@MainActor
struct DuplicatesAssembly: Assembly {
    let services: AssemblyServices
    func build() -> ViewController {
        let vc = DuplicatesViewController()
        DuplicatesConfigurator.configure(vc, contacts: services.contactsWork, coordinator: services.coordinator)
        return vc
    }
}

/// The Trash, on the contacts the list shows (seed 002: a `Screen` case, this, the coordinator).
@MainActor
struct TrashAssembly: Assembly {
    let services: AssemblyServices
    func build() -> ViewController {
        let vc = TrashViewController()
        TrashConfigurator.configure(vc, contacts: services.contactsWork, now: services.now)
        return vc
    }
}

/// Import… or Export… (only offered when the configuration has an interchange: not in the kiosk).
@MainActor
struct ContactTransferAssembly: Assembly {
    let services: AssemblyServices
    let export: Bool
    var scope = ExportScope.all
    func build() -> ViewController {
        guard let interchange = services.interchange, let book = services.addressBookWork else {
            return ComingSoonAssembly(feature: "Import and export").build()
        }
        return ContactTransferViewController(kind: export ? .exporting : .importing, interchange: interchange,
                                             book: book, coordinator: services.coordinator, scope: scope)
    }
}
