import TUIKit

/// The contacts scenes, each put together by its configurator.
@MainActor
struct ContactListAssembly: Assembly {
    let services: AssemblyServices
    func build() -> ViewController {
        let vc = ContactListViewController()
        ContactListConfigurator.configure(vc, store: services.contacts, coordinator: services.coordinator)
        vc.asksBeforeDeleting = { [weak services] in services?.confirmsBeforeDelete ?? true }
        return vc
    }
}

@MainActor
struct ShowContactAssembly: Assembly {
    let services: AssemblyServices
    let contactID: Int64
    func build() -> ViewController {
        let vc = ShowContactViewController()
        ShowContactConfigurator.configure(vc, contactID: contactID, store: services.contacts, coordinator: services.coordinator)
        vc.asksBeforeDeleting = { [weak services] in services?.confirmsBeforeDelete ?? true }
        return vc
    }
}

@MainActor
struct AddContactAssembly: Assembly {
    let services: AssemblyServices
    func build() -> ViewController {
        let vc = AddContactViewController()
        AddContactConfigurator.configure(vc, store: services.contacts, coordinator: services.coordinator)
        return vc
    }
}

@MainActor
struct EditContactAssembly: Assembly {
    let services: AssemblyServices
    let contactID: Int64
    func build() -> ViewController {
        let vc = EditContactViewController()
        EditContactConfigurator.configure(vc, contactID: contactID, store: services.contacts, coordinator: services.coordinator)
        return vc
    }
}
