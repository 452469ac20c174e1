import TUIKit

/// The birthdays scene on the signed-in person's contacts (both books on a team's directory).
@MainActor
struct BirthdaysAssembly: Assembly {
    let session: AppSession
    let coordinator: Coordinator
    let now: () -> Int64
    let book: ContactBook
    func build() -> ViewController {
        let vc = BirthdaysViewController()
        BirthdaysConfigurator.configure(vc, contacts: session.contactReadsWork(in: book) ?? session.contactsWork(in: book), book: book,
                                        coordinator: coordinator, now: now)
        return vc
    }
}
