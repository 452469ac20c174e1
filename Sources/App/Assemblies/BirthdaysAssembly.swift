import TUIKit

/// The birthdays scene on the signed-in person's contacts (both books on a team's directory).
@MainActor
struct BirthdaysAssembly: Assembly {
    let services: AssemblyServices
    func build() -> ViewController {
        let vc = BirthdaysViewController()
        BirthdaysConfigurator.configure(vc, contacts: services.contactReadsWork ?? services.contactsWork, coordinator: services.coordinator, now: services.now)
        return vc
    }
}
