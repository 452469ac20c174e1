import AppServices
import Testing
@testable import App
import TUIKit
import TUIKitTesting

/// The first run says where the data will live: a folder and a file for the SQLite default,
/// the server for a shared directory (which has neither).
@MainActor
@Suite struct FirstRunPlaceTests {
    final class NoAccountsYet: SignInServing {
        func signIn(username: String, password: String) -> SignInOutcome { .refused("no") }
        func createAccount(username: String, password: String, repeated: String) -> Result<Account, CreateAccountProblem> { .failure(CreateAccountProblem()) }
        func savedSession() throws(ServiceError) -> Account? { nil }
        func signOut() throws(ServiceError) {}
        var hasAccounts: Bool { false }
    }

    @Test func aFileIsNamedByFolderAndFile() {
        let h = Harness(width: 80, height: 24, root: CreateAccountViewController(service: NoAccountsYet(), dataPlace: "/data/team/switchboard.sqlite3") { _, _ in })
        #expect(h.text.contains("Your data will live in the folder"))
        #expect(h.text.contains("/data/team"))
        #expect(h.text.contains("in the file switchboard.sqlite3"))
    }

    @Test func aServerIsNamedAsItIs() {
        let place = "PostgreSQL postgresql://switchboard:***@127.0.0.1:5432/switchboard"
        let h = Harness(width: 80, height: 24, root: CreateAccountViewController(service: NoAccountsYet(), dataPlace: place) { _, _ in })
        #expect(h.text.contains("Your data will live on the server"))
        #expect(h.text.contains("postgresql://switchboard:***@127.0.0.1:5432/switchboard")) // on a row of its own when it does not fit beside "PostgreSQL"
        #expect(!h.text.contains("folder"))
        #expect(!h.text.contains("in the file"))
    }
}
