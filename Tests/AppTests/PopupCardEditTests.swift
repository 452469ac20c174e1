import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit

/// A card opened from the friends popup is a screen of its own: its edit form keeps Tab, typing
/// and ^S (issue 39, item 2: the keys went to the popup hidden behind it).
@MainActor
@Suite("A card's form over the friends popup", .serialized)
struct PopupCardEditTests {
    @Test func tabOnTheEditFormOverThePopupMovesWithinTheForm() throws {
        let h = AppHarness(width: 100, height: 30)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        _ = try SQLiteContactsStore(database: db, accountID: account.id)
            .add(ContactRecord(firstName: "Ada", lastName: "Lovelace", isFriend: true))
        h.press("wait:1s F wait:400ms Enter wait:400ms")
        #expect(h.lines[0].contains("Ada Lovelace"), "\(h.text)")
        h.press("e wait:400ms")
        #expect(h.lines[0].contains("Edit Contact"), "\(h.text)")
        h.press(#"Tab C-a C-k "King""#)                                  // to Last name, typed over
        #expect(h.text.contains("King"), "\(h.text)")
        #expect(!h.lines.last!.contains("Close"), "\(h.text)")        // the hints are the form's, not the popup's
        h.press("C-s wait:400ms")
        #expect(h.lines[0].contains("Ada King"), "\(h.text)")          // saved, back on the card
    }
}

/// After a card opened from the friends popup is edited, the popup behind it shows the new name,
/// and still does a second later (issue 39, item 5: it showed the old one again).
@MainActor
@Suite("The friends popup after an edit from it", .serialized)
struct PopupAfterEditTests {
    @Test func thePopupShowsTheNewNameAndKeepsShowingIt() throws {
        let h = AppHarness(width: 100, height: 30)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: account.id)
        _ = try store.add(ContactRecord(firstName: "Ada", lastName: "Lovelace", isFriend: true))
        _ = try store.add(ContactRecord(firstName: "Grace", lastName: "Hopper", isFriend: true))
        h.press("wait:1s F wait:400ms Down Enter wait:400ms")
        #expect(h.lines[0].contains("Ada Lovelace"), "\(h.text)")
        h.press(#"e wait:400ms Tab C-a C-k "King" C-s wait:400ms"#)
        #expect(h.lines[0].contains("Ada King"), "\(h.text)")
        h.press("Esc wait:400ms")
        #expect(h.text.contains("Ada King"), "\(h.text)")
        #expect(!h.text.contains("Lovelace"), "\(h.text)")
        for _ in 0..<3 {
            h.press("wait:1s")
            #expect(h.text.contains("Ada King"), "\(h.text)")
            #expect(!h.text.contains("Lovelace"), "\(h.text)")
        }
    }
}
