import Testing
import AppServices
@testable import App
@testable import Storage
@testable import TUIKit

/// Two people edit the same contact: the second save, made from what was read before the first,
/// is refused with a message saying why, the first person's change is kept, and the form keeps
/// what the second person typed.
@MainActor
@Suite("No edit is lost between two clients")
struct NoEditIsLostTests {
    @Test func aSaveFromAnOlderReadIsRefusedAndTheOtherChangeKept() throws {
        let h = AppHarness(width: 100, height: 30)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let ada = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let elsewhere = SQLiteContactsStore(database: db, accountID: ada.id)   // another terminal on the same file
        let id = try elsewhere.add(ContactRecord(firstName: "Grace", lastName: "Hopper"))
        h.press("C wait:400ms Enter wait:400ms e wait:400ms")
        #expect(h.text.contains("Edit Contact"), "\(h.text)")
        h.press(#"Tab C-a C-k "Brewster Hopper""#)                           // here: a new last name, not saved yet
        var theirs = try #require(try elsewhere.contact(id: id))
        theirs.company = "US Navy"                                          // there: saved first
        #expect(try elsewhere.update(theirs))
        h.press("C-s wait:400ms")
        #expect(h.text.contains("Someone else changed it since you opened it: not saved. Esc, open it again."), "\(h.text)")
        #expect(h.text.contains("Edit Contact") && h.text.contains("Brewster Hopper"))   // still on the form, as typed
        let stored = try #require(try elsewhere.contact(id: id))
        #expect(stored.company == "US Navy" && stored.lastName == "Hopper")    // theirs kept, nothing of the refused save
    }
}
