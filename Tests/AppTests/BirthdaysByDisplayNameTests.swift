import AppServices
import Foundation
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// The Birthdays screen names each contact by its display name (FN), as the list does.
@MainActor
@Suite("Birthdays by the display name", .serialized)
struct BirthdaysByDisplayNameAppTests {
    @Test func theScreenShowsTheFN() throws {
        let h = AppHarness(width: 100, height: 30)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let file = SQLiteContactsStore(database: db, accountID: account.id)
        var acme = ContactRecord(firstName: "Acme Plumbing", lastName: "Ltd")
        acme.formattedName = "Acme (Leeds)"
        acme.birthday = "--09-22"
        _ = try file.add(acme)
        h.press("B wait:400ms")
        #expect(h.text.contains("Acme (Leeds)") && !h.text.contains("Acme Plumbing Ltd"), "\(h.text)")
        #expect(h.lines.contains { $0.contains("Tomorrow") && $0.contains("Acme (Leeds)") }, "\(h.text)")
    }
}
