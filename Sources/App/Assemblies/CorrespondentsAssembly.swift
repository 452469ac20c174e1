import TUIKit

/// The correspondents scene on the signed-in person's own contacts (on a team's directory, the
/// member's own book: the counts are theirs).
@MainActor
struct CorrespondentsAssembly: Assembly {
    let contacts: ContactsWork
    func build() -> ViewController {
        let vc = CorrespondentsViewController()
        CorrespondentsConfigurator.configure(vc, contacts: contacts)
        return vc
    }
}
