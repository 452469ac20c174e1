import AppServices
import Testing
import Foundation
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// Failures are shown, never swallowed: a write that cannot be made says so
/// and changes nothing; a row that cannot be read says it is damaged.
@MainActor
@Suite("Write failures and damaged rows", .serialized)
struct WriteFailureTests {
    /// `ada` signed in with one contact, Ada Lovelace; returns the contact's id.
    func signedInWithAContact(_ h: AppHarness) throws -> Int64 {
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1)).savedSession())
        return try SQLiteContactsStore(database: db, accountID: account.id).add(
            ContactRecord(firstName: "Ada", lastName: "Lovelace", phones: [.init(label: "work", number: "+44 1")], emails: ["ada@x.example"]))
    }

    @Test func aContactWhosePhonesAreNotJSONIsDamagedNotDeleted() throws {
        let h = AppHarness()
        let id = try signedInWithAContact(h)
        try SQLiteDatabase.raw(path: h.databasePath, "UPDATE contacts SET phones = '[[\"work\", ' WHERE id = \(id)")
        h.launch(deepLink: "switchboard://contacts/\(id)")
        h.press("wait:1500ms")
        #expect(h.text.contains("This contact is damaged and cannot be shown."), "\(h.text)")
        #expect(!h.text.contains("deleted"))
        h.press("e wait:400ms")
        #expect(h.text.contains("This contact is damaged"))
        // The app goes on: back to the card, back to main, and the list still has the name.
        h.press("Esc wait:400ms Esc wait:400ms")
        #expect(h.lines[0].contains("Main"), "\(h.text)")
        h.launch(deepLink: "switchboard://contacts")
        h.press("wait:1500ms")
        #expect(h.text.contains("Lovelace"), "\(h.text)")
    }

    @Test func logOutOnAReadOnlyFileSaysWhyAndKeepsTheSession() throws {
        let h = AppHarness()
        _ = try signedInWithAContact(h)
        h.launch()
        #expect(WriteProtection.set(h.databasePath))
        defer { WriteProtection.remove(h.databasePath) }
        h.launch()
        h.press("wait:1s C-o wait:600ms")
        #expect(h.text.contains("Could not log out"), "\(h.text)")
        #expect(h.text.contains("read-only"))
        #expect(h.root.currentFlowKind == .main)
        h.press("Enter wait:300ms")
        #expect(h.text.contains("Signed in as ada"))
        WriteProtection.remove(h.databasePath)
        h.launch()
        h.press("wait:1s")
        #expect(h.root.currentFlowKind == .main) // the session was never cleared behind the user's back
        h.press("C-o wait:600ms")
        #expect(h.root.currentFlowKind == .login)
        #expect(try h.store().savedSession() == nil)
    }

    @Test func aFriendMarkThatCannotBeWrittenSaysSo() throws {
        let h = AppHarness()
        let id = try signedInWithAContact(h)
        h.launch()
        #expect(WriteProtection.set(h.databasePath))
        defer { WriteProtection.remove(h.databasePath) }
        h.launch(deepLink: "switchboard://contacts/\(id)")
        h.press("wait:1500ms f wait:200ms")
        #expect(h.text.contains("Not changed: the data file is read-only."), "\(h.text)")
        #expect(h.text.contains("friend  no"))
    }
}
