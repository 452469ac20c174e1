import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

@MainActor
@Suite("Contacts end to end", .serialized)
struct ContactsEndToEndTests {

    func contactsInFile(_ h: AppHarness) throws -> [ContactSummary] {
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        return try SQLiteContactsStore(database: db, accountID: account.id).contacts(matching: "", offset: 0, limit: 100)
    }

    func add(_ h: AppHarness, _ first: String, _ last: String, phone: String = "") {
        h.press("a wait:400ms \"\(first)\" Tab \"\(last)\"" + (phone.isEmpty ? "" : " Tab Tab \"\(phone)\"") + " C-s wait:400ms")
    }

    @Test func addedContactsAppearInOrderWithSections() throws {
        let h = AppHarness.onContactList()
        #expect(h.lines[0].contains("Contacts (0)"))
        #expect(h.text.contains("No contacts yet. Press a to add one."))
        add(h, "alan", "turing")
        add(h, "ada", "lovelace", phone: "+44 20 7946 0000")
        add(h, "grace", "hopper")
        add(h, "charles", "babbage")
        #expect(h.lines[0].contains("Contacts (4)"))
        let rows = h.lines.filter { $0.contains("  ") && ($0.contains("Turing") || $0.contains("Lovelace") || $0.contains("Hopper") || $0.contains("Babbage")) }
        #expect(rows.map { $0.trimmingCharacters(in: .whitespaces) } == ["B  Charles Babbage", "H  Grace Hopper", "L  Ada Lovelace                                             +44 20 7946 0000", "T  Alan Turing"])
        #expect(try contactsInFile(h).map(\.lastName) == ["babbage", "hopper", "lovelace", "turing"])
    }

    /// A contact just added is selected in the list, scrolled to, wherever it sorts (issue 20).
    @Test func aNewContactIsSelectedWhereItSorts() throws {
        let h = AppHarness.onContactList()
        let db = try SQLiteDatabase(path: h.databasePath)
        let ada = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        var generator = ContactGenerator(seed: 3)
        try SQLiteContactsStore(database: db, accountID: ada.id).addMany(count: 300, generator: &generator, friendPercent: 0)
        h.press("Esc wait:400ms C wait:400ms")                         // the list again, with the 300
        add(h, "Zed", "Zzyzx")                                          // sorts last
        let row = try #require(h.lines.firstIndex { $0.contains("Zed Zzyzx") }, "\(h.text)")
        let column = try #require(h.lines[row].range(of: "Zed")).lowerBound.utf16Offset(in: h.lines[row])
        #expect(h.terminal.cell(x: column, y: row).style.background == Theme.current.selection.background)
        add(h, "Aaron", "Aaa")                                          // sorts first: the list goes back up to it
        let first = try #require(h.lines.firstIndex { $0.contains("Aaron Aaa") }, "\(h.text)")
        let at = try #require(h.lines[first].range(of: "Aaron")).lowerBound.utf16Offset(in: h.lines[first])
        #expect(h.terminal.cell(x: at, y: first).style.background == Theme.current.selection.background)
        #expect(!h.text.contains("Zed Zzyzx"))
    }

    @Test func searchNarrowsAndClears() {
        let h = AppHarness.onContactList()
        for (f, l) in [("anders", "ångström"), ("ada", "lovelace"), ("alan", "turing")] { add(h, f, l) }
        h.press(#"/ "ANGS""#)
        #expect(h.lines[0].contains("Contacts (1 found)"))
        #expect(h.text.contains("Anders Ångström"))
        #expect(!h.text.contains("Lovelace"))
        h.press(#""zz""#)
        #expect(h.text.contains("No contact matches “ANGSzz”."))
        h.press("C-u")
        #expect(h.lines[0].contains("Contacts (3)"))
    }

    @Test func openEditAndSave() throws {
        let h = AppHarness.onContactList()
        add(h, "ada", "lovelace")
        h.press("Enter wait:400ms")
        #expect(h.lines[0].contains("Ada Lovelace"))
        h.press("e wait:400ms")
        #expect(h.lines[0].contains("Edit Contact"))
        h.press(#"Tab C-a C-k "King" C-s wait:400ms"#)
        // Back on the card, re-read; a name with a capital is shown as stored (issue 36: "van Gogh").
        #expect(h.lines[0].contains("ada King"))
        h.press("Esc wait:400ms")
        #expect(h.text.contains("K  ada King"))
        #expect(try contactsInFile(h).map(\.lastName) == ["King"])
    }

    @Test func deleteAsksAndCancelKeepsIt() throws {
        let h = AppHarness.onContactList()
        add(h, "ada", "lovelace")
        add(h, "alan", "turing")                                 // selected, as just added
        h.press("Home d wait:400ms")                             // the first row: Ada Lovelace
        #expect(h.text.contains("Delete Ada Lovelace?") && h.text.contains("brings it"), "\(h.text)")
        h.press("Esc wait:400ms")
        #expect(try contactsInFile(h).count == 2)
        h.press("d wait:400ms Enter wait:400ms")                 // Enter on the default button: Cancel
        #expect(try contactsInFile(h).count == 2)
        h.press("d wait:400ms Left Enter wait:400ms")
        #expect(h.text.contains("Deleted Ada Lovelace (u brings it back)."), "\(h.text)")
        #expect(try contactsInFile(h).map(\.lastName) == ["turing"])
        #expect(h.lines[0].contains("Contacts (1)"))
    }

    /// `u` brings back the contact deleted last, with everything it had — after a restart too.
    @Test func undoBringsBackADeleteAfterARestartToo() throws {
        let h = AppHarness.onContactList()
        add(h, "ada", "lovelace")
        add(h, "alan", "turing")
        h.press("Home d wait:400ms Left Enter wait:400ms")      // Ada Lovelace, deleted
        h.press("d wait:400ms Left Enter wait:400ms")           // Alan Turing, deleted
        #expect(try contactsInFile(h).isEmpty)
        h.launch()                                              // the app started again on the same file
        h.press("wait:1s wait:400ms C wait:400ms u wait:400ms")
        #expect(h.text.contains("Brought back Alan Turing (u again: the one deleted before)."), "\(h.text)")
        #expect(h.text.contains("Alan Turing") && h.lines[0].contains("Contacts (1)"), "\(h.text)")
        h.press("u wait:400ms")
        #expect(h.text.contains("Brought back Ada Lovelace"), "\(h.text)")
        #expect(try contactsInFile(h).map(\.lastName).sorted() == ["lovelace", "turing"])
        h.press("u wait:400ms")
        #expect(h.text.contains("Nothing to bring back"), "\(h.text)")
    }

    @Test func deleteFromTheCardGoesBackToTheList() throws {
        let h = AppHarness.onContactList()
        add(h, "ada", "lovelace")
        h.press("Enter wait:400ms d wait:400ms Left Enter wait:400ms wait:400ms")   // Cancel has the focus: Left to Delete
        #expect(h.lines[0].contains("Contacts (0)"))
        #expect(try contactsInFile(h).isEmpty)
    }

    @Test func friendFlagToggles() throws {
        let h = AppHarness.onContactList()
        add(h, "ada", "lovelace")
        h.press("f")
        #expect(h.text.contains("Ada Lovelace  ★"))
        #expect(h.text.contains("Ada Lovelace is now a friend (f again undoes it)."))
        #expect(try contactsInFile(h).first?.isFriend == true)
    }

    @Test func everyValidationFailureLeavesTheFileUnchanged() throws {
        let h = AppHarness.onContactList()
        h.press("a wait:400ms C-s")
        #expect(h.text.contains("A name or a company needed."))
        h.press(#""ada" Tab Tab Tab "12ab" C-s"#)
        #expect(h.text.contains("Like 555.123.4567 x89."))
        h.press(#"C-u Tab Tab Tab Tab Tab Tab "not-an-email" C-s"#) // from the bad phone number (past the labels) to email 1
        #expect(h.text.contains("Not an email address"))
        #expect(h.text.contains("Nothing was saved"))
        #expect(try contactsInFile(h).isEmpty)
        h.press("Esc wait:400ms")
        #expect(h.text.contains("Discard changes?"))
        h.press("Left Enter wait:400ms")
        #expect(h.lines[0].contains("Contacts (0)"))
        #expect(try contactsInFile(h).isEmpty)
    }

    @Test func aDeepLinkOpensACardAndAMissingOneSaysSo() throws {
        let h = AppHarness.onContactList()
        add(h, "ada", "lovelace")
        let id = try contactsInFile(h)[0].id
        h.switchboard.coordinator.open(DeepLink.parse("switchboard://contacts/\(id)"))
        h.press("wait:400ms wait:400ms")
        #expect(h.lines[0].contains("Ada Lovelace"))
        h.switchboard.coordinator.open(DeepLink.parse("switchboard://contacts/999999"))
        h.press("wait:400ms wait:400ms")
        #expect(h.text.contains("There is no such contact (deleted, or never made)."))
        #expect(!h.text.contains("Delete") && !h.text.contains("Friend") && !h.text.contains("Edit"), "\(h.text)") // nothing to act on
    }
}
