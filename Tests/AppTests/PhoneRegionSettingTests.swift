import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// Issue 51: Settings has a "Phone region" row (its default the locale's), stored like the other
/// settings, and the contacts list's search reads a number in national form by it.
@MainActor
@Suite("The phone region setting", .serialized)
struct PhoneRegionSettingTests {
    @Test func thePhoneRegionRowChangesWhatANationalNumberFinds() throws {
        let h = AppHarness(width: 100, height: 30)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        _ = try SQLiteContactsStore(database: db, accountID: account.id)
            .add(ContactRecord(firstName: "Ada", lastName: "Lovelace", phones: [.init(label: "work", number: "+44 20 7946 0018")]))
        func row() -> String { h.lines.first { $0.contains("Phone region") } ?? "" }
        h.press("wait:1s S wait:400ms")
        #expect(row().contains("from the locale"), "\(h.text)")               // the default: the locale's (here C.UTF-8: none)
        h.press("Down Down Down Down Down Enter wait:100ms")                   // theme … confirm, then the region: → none
        #expect(row().contains("none (as typed)"), "\(h.text)")
        h.press("Esc wait:400ms C wait:400ms / \"020 7946 0018\" wait:300ms")
        #expect(h.lines[0].contains("Contacts (0 found)") || h.text.contains("No contact"), "as typed, nothing: \(h.text)")
        h.press("Esc wait:100ms Esc wait:400ms")
        if !h.lines[0].contains("Main") { h.press("Esc wait:400ms") }
        h.press("S wait:400ms Down Down Down Down Down Enter wait:100ms")                     // none → GB
        #expect(row().contains("GB"), "\(h.text)")
        #expect(try SQLiteSettingsStore(database: db).settings(for: account.id).phoneRegion == "GB")
        h.press("Esc wait:400ms C wait:400ms / \"020 7946 0018\" wait:300ms")
        #expect(h.lines[0].contains("Contacts (1 found)") && h.text.contains("Lovelace"), "by the region: \(h.text)")
    }
}
