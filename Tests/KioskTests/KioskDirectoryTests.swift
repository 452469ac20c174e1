import AppServices
import Demo
import Testing
import TUIKit
@testable import App
@testable import Kiosk

/// The kiosk's data is the demo's, by construction: its target does not see Storage (the build's
/// import check fails any `import Storage`), and every service its directory hands the app is
/// made up in memory.
@MainActor
@Suite struct KioskDirectoryTests {
    @Test func everyServiceIsTheDemoOne() throws {
        let directory = KioskDirectory(seed: 7, idleSeconds: 60)
        #expect(try directory.open() == nil) // nothing to open, no saved session
        #expect(directory.accounts is DemoAccounts)
        #expect(directory.settings is InMemorySettingsStore)
        let account = DemoAccounts.account
        let contacts = directory.contacts(for: account)
        #expect(contacts is InMemoryContacts)
        #expect(try contacts.count(matching: "") == DemoContacts.make(seed: 7).count)
        #expect(directory.addressBook(for: account) == nil) // no import or export
        #expect(directory.syncStatus == nil) // made-up data does not sync
        #expect(directory.signInKind == .demo(hint: DemoAccounts.hint))
        #expect(!directory.location.isFile)
        #expect(directory.location.bytes == nil)
        let backend = StoreBackend(directory: directory, now: { 1_789_992_000 })
        _ = try backend.start()
        #expect(backend.isDemo)
        #expect(backend.friendsWork(for: account) == nil) // the popup shows the Demo target's use-case
        #expect(backend.accountsWork == nil) // no password to change, no account to delete
        #expect(backend.addressBookWork(for: account) == nil)
        #expect(backend.syncStatusWork == nil)
    }

    @Test func signingInTakesOnlyTheDemoAccount() throws {
        let backend = StoreBackend(directory: KioskDirectory(seed: 7, idleSeconds: 60), now: { 1_789_992_000 })
        _ = try backend.start()
        #expect(backend.signIn.signIn(username: "ada", password: "analytical") == .refused(DemoAccounts.hint))
        #expect(backend.signIn.signIn(username: " Demo ", password: "demo") == .signedIn(DemoAccounts.account))
        #expect(try backend.signIn.savedSession() == DemoAccounts.account)
        guard case .failure(let problem) = backend.signIn.createAccount(username: "ada", password: "analytical", repeated: "analytical") else {
            Issue.record("the demo made an account")
            return
        }
        #expect(problem.general?.contains("cannot make accounts") == true)
    }
}
