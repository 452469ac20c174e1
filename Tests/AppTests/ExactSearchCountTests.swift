import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit

/// A broad search says how many it found, exactly, once typing pauses (issue 39, item 11:
/// "Contacts (1,200+ found)" never gave an exact count until End).
@MainActor
@Suite("The exact count of a broad search", .serialized)
struct ExactSearchCountTests {
    @Test func theTitleSaysTheExactCountOnceTypingPauses() throws {
        let h = AppHarness(width: 100, height: 30)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: account.id)
        var generator = ContactGenerator(seed: 5)
        try store.addMany(count: 4_000, generator: &generator, friendPercent: 0)
        let exact = try store.count(matching: "exa")
        #expect(exact > 1_300) // more than the first read counts
        h.press(#"wait:1s C wait:400ms / "exa""#)
        #expect(h.lines[0].contains("Contacts (1,200+ found)"), "\(h.lines[0])") // at once: as far as it counted
        h.press("wait:100ms")
        #expect(h.lines[0].contains("1,200+"))                                   // not while typing may go on
        h.press("wait:300ms")
        #expect(h.lines[0].contains("Contacts (\(CountText.grouped(exact)) found)"), "\(h.lines[0])")
        h.press("Enter End")                                                  // the list is as long as the count
        let list = try #require(h.app.window.firstResponder as? ListView)
        #expect(list.selectedIndex == exact - 1)
        h.press("wait:400ms")
        #expect(h.lines[0].contains("Contacts (\(CountText.grouped(exact)) found)"), "\(h.lines[0])") // no "+" back after a scroll
        h.press(#"/ "m" wait:10ms"#)                                           // typed on: the count of "exam" next
        let narrower = try store.count(matching: "exam")
        #expect(!h.lines[0].contains("(\(CountText.grouped(exact)) found)"))
        h.press("wait:400ms")
        #expect(h.lines[0].contains("(\(CountText.grouped(narrower)) found)"), "\(h.lines[0])")
    }
}
