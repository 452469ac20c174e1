import TestSupport
import AppServices
import Testing
import Foundation
@testable import Storage

@Suite("Settings and account changes in SQLite")
struct SettingsStoreTests {
    func makeAccounts(_ tmp: TempFolder) throws -> (SQLiteDatabase, SQLiteAccountStore) {
        let db = try SQLiteDatabase(path: tmp.file("s.sqlite3"))
        return (db, SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1)))
    }

    @Test func settingsRoundTripPerAccountWithDefaults() throws {
        let tmp = TempFolder()
        let (db, accounts) = try makeAccounts(tmp)
        let ada = try accounts.createAccount(username: "ada", password: "analytical", now: 1)
        let bob = try accounts.createAccount(username: "bob", password: "builder1", now: 1)
        let store = SQLiteSettingsStore(database: db)
        #expect(try store.settings(for: ada.id) == UserSettings())
        var changed = UserSettings()
        changed.theme = "light"; changed.animations = false; changed.mouse = false
        changed.splashMilliseconds = 0; changed.confirmBeforeDelete = false; changed.kioskIdleSeconds = 120
        try store.save(changed, for: ada.id)
        #expect(try SQLiteSettingsStore(database: SQLiteDatabase(path: tmp.file("s.sqlite3"))).settings(for: ada.id) == changed)
        #expect(try store.settings(for: bob.id) == UserSettings())
        // A value that cannot be read keeps its default.
        try db.execute("UPDATE settings SET value = 'lots' WHERE key = 'splash_ms'")
        #expect(try store.settings(for: ada.id).splashMilliseconds == 800)
    }

    @Test func changingThePasswordNeedsTheCurrentOne() throws {
        let tmp = TempFolder()
        let (_, accounts) = try makeAccounts(tmp)
        let ada = try accounts.createAccount(username: "ada", password: "analytical", now: 1)
        #expect(throws: AccountChangeFailure.wrongPassword) {
            try accounts.changePassword(accountID: ada.id, current: "guess", new: "engine-two")
        }
        #expect(try accounts.verify(username: "ada", password: "analytical") != nil)
        try accounts.changePassword(accountID: ada.id, current: "analytical", new: "engine-two")
        #expect(try accounts.verify(username: "ada", password: "analytical") == nil)
        #expect(try accounts.verify(username: "ada", password: "engine-two") != nil)
    }

    @Test func deletingAnAccountRemovesAllOfItsDataAndNothingElse() throws {
        let tmp = TempFolder()
        let (db, accounts) = try makeAccounts(tmp)
        let ada = try accounts.createAccount(username: "ada", password: "analytical", now: 1)
        let bob = try accounts.createAccount(username: "bob", password: "builder1", now: 1)
        let adas = SQLiteContactsStore(database: db, accountID: ada.id), bobs = SQLiteContactsStore(database: db, accountID: bob.id)
        for name in ["Lovelace", "Hopper"] { _ = try adas.add(ContactRecord(firstName: "A", lastName: name, isFriend: true)) }
        _ = try bobs.add(ContactRecord(firstName: "B", lastName: "Builder"))
        try SQLiteSettingsStore(database: db).save(UserSettings(), for: ada.id)
        #expect(throws: AccountChangeFailure.wrongPassword) { try accounts.deleteAccount(accountID: ada.id, password: "nope") }
        #expect(try adas.count(matching: "") == 2)
        try accounts.deleteAccount(accountID: ada.id, password: "analytical")
        #expect(try accounts.account(named: "ada") == nil)
        #expect(try db.scalarInt("SELECT count(*) FROM contacts WHERE account_id = \(ada.id)") == 0)
        #expect(try db.scalarInt("SELECT count(*) FROM settings WHERE account_id = \(ada.id)") == 0)
        #expect(try db.scalarInt("SELECT count(*) FROM contact_search") == 1) // bob's only
        #expect(try bobs.count(matching: "builder") == 1)
        #expect(try accounts.verify(username: "ada", password: "analytical") == nil)
    }
}
