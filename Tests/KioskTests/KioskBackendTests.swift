import App
import AppServices
import Demo
import Testing
import TUIKit
@testable import Kiosk

/// The kiosk's services are the demo ones, by construction: its target does
/// not see Storage (the build's import check fails any `import Storage`), and
/// every service its backend hands the app is made up in memory.
@MainActor
@Suite struct KioskBackendTests {
    @Test func everyServiceIsTheDemoOne() throws {
        let backend = KioskBackend(seed: 7, idleSeconds: 60, now: { 1_789_992_000 })
        #expect(try backend.start() == nil) // nothing to open, no saved session
        #expect(backend.signIn is DemoSignIn)
        #expect(backend.settings is InMemorySettingsStore)
        let account = DemoSignIn.account
        let contacts = backend.contacts(for: account)
        #expect(contacts is InMemoryContacts)
        #expect(try contacts.count(matching: "") == DemoContacts.make(seed: 7).count)
        #expect(backend.friends(for: account) == nil) // the popup shows the Demo target's use-case
        #expect(backend.accountChanges == nil) // no password to change, no account to delete
        let feed = backend.activityFeed(for: account, contacts: contacts, coordinator: Coordinator(), scheduler: nil)
        #expect(feed is ActivityFeedDemoViewModel)
        #expect(!backend.dataLocation.isFile)
        #expect(backend.dataLocation.bytes == nil)
    }

    @Test func signingInTakesOnlyTheDemoAccount() {
        let backend = KioskBackend(seed: 7, idleSeconds: 60, now: { 1_789_992_000 })
        #expect(backend.signIn.signIn(username: "ada", password: "analytical") == .refused(DemoSignIn.hint))
        #expect(backend.signIn.signIn(username: "demo", password: "demo") == .signedIn(DemoSignIn.account))
        guard case .failure(let problem) = backend.signIn.createAccount(username: "ada", password: "analytical", repeated: "analytical") else {
            Issue.record("the demo made an account")
            return
        }
        #expect(problem.general?.contains("cannot make accounts") == true)
    }
}
