import TestSupport
import AppServices
import Testing
import Foundation
@testable import Storage

@Suite("Accounts and sessions")
struct AccountStoreTests {
    func makeStore(_ tmp: TempFolder) throws -> SQLiteAccountStore {
        SQLiteAccountStore(database: try SQLiteDatabase(path: tmp.file("a.sqlite3")), hasher: PasswordHasher(cost: 1))
    }

    @Test func usernamesAreUniqueIgnoringCase() throws {
        let tmp = TempFolder()
        let store = try makeStore(tmp)
        let ada = try store.createAccount(username: "Ada", password: "analytical engine", now: 1)
        #expect(ada.username == "Ada")
        #expect(throws: AccountCreationFailure.usernameTaken("ADA")) { try store.createAccount(username: "ADA", password: "x12345678", now: 2) }
        #expect(try store.account(named: "aDa") == ada)
    }

    @Test func passwordsAreStoredOnlyAsSaltedHashes() throws {
        let tmp = TempFolder()
        let store = try makeStore(tmp)
        _ = try store.createAccount(username: "ada", password: "analytical engine", now: 1)
        _ = try store.createAccount(username: "bob", password: "analytical engine", now: 1)
        let a = try store.credentials(named: "ada")!.hash, b = try store.credentials(named: "bob")!.hash
        #expect(a.hasPrefix("$y$"))
        #expect(a != b) // salted
        let raw = [tmp.bytes("a.sqlite3"), tmp.bytes("a.sqlite3-wal")].compactMap { $0 }.reduce(Data(), +)
        #expect(raw.range(of: Data("analytical engine".utf8)) == nil)
    }

    @Test func verifyRightWrongAndUnknown() throws {
        let tmp = TempFolder()
        let store = try makeStore(tmp)
        _ = try store.createAccount(username: "ada", password: "analytical engine", now: 1)
        #expect(try store.verify(username: "ADA", password: "analytical engine")?.username == "ada")
        #expect(try store.verify(username: "ada", password: "analytical Engine") == nil)
        #expect(try store.verify(username: "nobody", password: "analytical engine") == nil)
    }

    @Test func sessionSaveAndClear() throws {
        let tmp = TempFolder()
        let store = try makeStore(tmp)
        let ada = try store.createAccount(username: "ada", password: "analytical engine", now: 1)
        #expect(try store.savedSession() == ada) // creating an account signs it in
        try store.clearSession()
        #expect(try store.savedSession() == nil)
        try store.saveSession(accountID: ada.id, now: 5)
        #expect(try store.savedSession() == ada)
    }

    @Test func failedSignInsCount() throws {
        let tmp = TempFolder()
        let store = try makeStore(tmp)
        try store.recordFailure(for: "Ada", now: 10)
        try store.recordFailure(for: "ada", now: 12)
        #expect(try store.failures(for: "ADA") == SignInFailures(count: 2, last: 12))
        try store.clearFailures(for: "ada")
        #expect(try store.failures(for: "ada") == SignInFailures(count: 0, last: 0))
    }
}
