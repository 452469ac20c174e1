import Testing
import AppServices
@testable import App
@testable import Storage
@testable import TUIKit

/// Two people edit the same contact: the second save, made from what was read before the first,
/// is refused, the first person's change is kept, and the conflict screen shows both versions of
/// each field that differs — the other side's where only they changed it, the person's where they
/// did — to pick from and save on top of the other's; Esc goes back to the form as typed.
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
        // Refused; the conflict screen lists what differs: her last name (hers picked), their company (theirs picked).
        #expect(h.text.contains("Changed meanwhile"), "\(h.text)")
        #expect(h.text.contains("Last name   ● yours: Brewster Hopper   ○ theirs: Hopper"), "\(h.text)")
        #expect(h.text.contains("Company     ○ yours: (none)   ● theirs: US Navy"), "\(h.text)")
        #expect(!h.text.contains("First name"))                              // the same on both sides: not listed
        var stored = try #require(try elsewhere.contact(id: id))
        #expect(stored.company == "US Navy" && stored.lastName == "Hopper")    // theirs kept, nothing of the refused save
        h.press("Esc wait:400ms")                                              // back to the form, as typed
        #expect(h.text.contains("Edit Contact") && h.text.contains("Brewster Hopper"), "\(h.text)")
        #expect(h.text.contains("Someone else changed it since you opened it"), "\(h.text)")
        h.press("C-s wait:400ms")                                              // again: the same choice
        #expect(h.text.contains("Changed meanwhile"), "\(h.text)")
        h.press("Space wait:100ms")                                            // last name: theirs after all…
        #expect(h.text.contains("Last name   ○ yours: Brewster Hopper   ● theirs: Hopper"), "\(h.text)")
        h.press("Left wait:100ms C-s wait:400ms")                              // …no, hers; saved on top of theirs
        #expect(h.text.contains("Grace Brewster Hopper") && !h.text.contains("Edit Contact"), "\(h.text)")
        stored = try #require(try elsewhere.contact(id: id))
        #expect(stored.company == "US Navy" && stored.lastName == "Brewster Hopper")   // both changes, nothing lost
    }
}
