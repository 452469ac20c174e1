import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit

/// The friends popup stays open through a resize of the terminal.
@MainActor
@Suite("The friends popup through a resize", .serialized)
struct PopupResizeTests {
    @Test func thePopupStaysOpenWhenTheTerminalGrowsOrShrinks() throws {
        let h = AppHarness(width: 100, height: 30)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: account.id)
        var generator = ContactGenerator(seed: 9)
        try store.addMany(count: 500, generator: &generator, friendPercent: 100)
        _ = try store.add(ContactRecord(firstName: "Ada", lastName: "Aaaa", isFriend: true))
        h.press("wait:1s F wait:400ms")
        #expect(h.text.contains("501 friends"), "\(h.text)")
        h.press("resize:120x40 wait:400ms")
        #expect(h.text.contains("501 friends"), "\(h.text)")
        h.press("resize:40x12 wait:400ms")
        #expect(h.text.contains("Ada Aaaa"), "\(h.text)")
    }
}
