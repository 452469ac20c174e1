import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// Issue 21's reproductions through the whole app: text typed into the
/// contact form the way a terminal delivers it (an accent or a joiner as a
/// key of its own, after its letter or emoji) is edited by user-perceived
/// character, and what the data file holds is exactly what was typed.
@MainActor
@Suite("Text entry by character, end to end", .serialized)
struct TextEntryReproductionTests {
    func onNewContactForm() -> AppHarness {
        let h = AppHarness(width: 100, height: 30)
        h.createAccount()
        h.press("Down Enter wait:400ms a wait:400ms")
        return h
    }

    func storedFirstNames(_ h: AppHarness) throws -> [String] {
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: account.id)
        return try store.contacts(matching: "", offset: 0, limit: 10).compactMap { try store.contact(id: $0.id)?.firstName }
    }

    @Test func anAccentTypedAfterItsLetterMovesWithIt() throws {
        let h = onNewContactForm()
        h.press(#""Desce" "\#u{301}" Left "X""#)
        #expect(h.text.contains("DescXe\u{301}"))
        #expect(!h.text.contains("DesceX\u{301}"))
        h.press(#"Tab "Zola" C-s wait:400ms"#)
        let stored = try storedFirstNames(h)
        #expect(stored == ["DescXe\u{301}"])
        #expect(stored.first?.unicodeScalars.map(\.value) == [0x44, 0x65, 0x73, 0x63, 0x58, 0x65, 0x301]) // nothing doubled, nothing composed behind the user's back
    }

    @Test func aFamilyTypedScalarByScalarIsDeletedWhole() throws {
        let h = onNewContactForm()
        h.press(#""Ann " "👩" "\#u{200D}" "👩" "\#u{200D}" "👧""#)
        #expect(h.text.contains("Ann 👩‍👩‍👧"))
        h.press(#"Left "X" End Backspace"#)
        #expect(h.text.contains("Ann X"))
        #expect(!h.text.contains("\u{200D}"))
        h.press(#"Backspace Backspace "e" Tab "Lee" C-s wait:400ms"#)
        #expect(try storedFirstNames(h) == ["Anne"])
    }
}
