import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// Issue 51, "Smaller, each seen": each item through the whole app on the virtual screen over a
/// real data file.
@MainActor
@Suite("Issue 51: the smaller items", .serialized)
struct SmallerItemsTests {
    /// ada signed in with these contacts in the file, on Main.
    func harness(_ contacts: [ContactRecord] = [], width: Int = 100, height: Int = 30,
                 syncProcesses: (@MainActor @Sendable (Scheduler) -> any SyncProcessStarting)? = nil) throws -> (AppHarness, SQLiteContactsStore) {
        let h = AppHarness(width: width, height: height, syncProcesses: syncProcesses)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: account.id)
        for c in contacts { _ = try store.add(c) }
        h.press("wait:400ms")
        return (h, store)
    }

    @Test func ctrlCInAHalfFilledNewContactAsksFirstAsQDoes() throws {
        let (h, store) = try harness()
        h.press("C wait:400ms a wait:400ms \"Ada\" C-c wait:400ms")
        #expect(h.text.contains("Discard changes?"), "\(h.text)")
        #expect(h.app.exitReason != .signal(.interrupt))
        h.press("Esc wait:400ms")                                      // Keep editing
        #expect(h.lines[0].contains("New Contact"), "\(h.text)")
        h.press("C-s wait:400ms")
        #expect(try store.count(matching: "") == 1)                    // nothing was lost
        // An empty form, or a list: ^C quits at once, as ever.
        h.press("C-c")
        #expect(h.app.exitReason == .signal(.interrupt))
    }

    @Test func aSecondCtrlCWhileAskingQuits() throws {
        let (h, _) = try harness()
        h.press("C wait:400ms a wait:400ms \"Ada\" C-c wait:400ms")
        #expect(h.text.contains("Discard changes?"))
        h.press("C-c")
        #expect(h.app.exitReason == .signal(.interrupt))
    }

    @Test func aYearlessBirthdayReadsOneWayOnTheCardAndOnBirthdays() throws {
        var ada = ContactRecord(firstName: "Ada", lastName: "Lovelace")
        ada.birthday = "--12-10"
        var grace = ContactRecord(firstName: "Grace", lastName: "Hopper")
        grace.birthday = "1906-12-09"
        let (h, _) = try harness([ada, grace])
        h.press("B wait:400ms")
        let row = try #require(h.lines.first { $0.contains("Ada Lovelace") }, "\(h.text)")
        #expect(row.contains(" 10 Dec"), "\(row)")
        h.press("Esc wait:400ms C wait:400ms End Enter wait:400ms")       // Lovelace sorts after Hopper
        #expect(h.lines[0].contains("Ada Lovelace"), "\(h.text)")
        #expect(h.text.contains("10 Dec"), "\(h.text)")
        #expect(!h.text.contains("12-10"), "\(h.text)")
        h.press("Esc wait:400ms Home Enter wait:400ms")
        #expect(h.text.contains("9 Dec 1906"), "\(h.text)")
    }

    @Test func anIdleAppWithoutACardDAVAccountHasNoSyncTimer() throws {
        let processes = RecordedSyncProcesses()
        let (h, _) = try harness(syncProcesses: { _ in processes })
        let center = try #require(h.switchboard.rootAssemblyForTests.services.sync.center)
        #expect(center.intervalMinutes == 15)
        #expect(!center.hasTimer, "no account: nothing to wake for")
        // An account set up (here by the command line), read at the next start: the timer runs.
        let db = try SQLiteDatabase(path: h.databasePath)
        let ada = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        _ = try SQLiteSyncStore(database: db).addAccount(accountID: ada.id, url: "https://dav.example.com/", homeURL: "https://dav.example.com/alice/",
                                                         username: "alice", passwordCommand: "pass show dav", caFile: nil,
                                                         books: [("https://dav.example.com/alice/contacts/", "Contacts")])
        h.launch()
        h.press("wait:2s")
        #expect(h.switchboard.rootAssemblyForTests.services.sync.center?.hasTimer == true)
    }

    @Test func twoMergedAreLoggedAsOneMerge() throws {
        let (h, store) = try harness([ContactRecord(firstName: "Ada", lastName: "Lovelace", emails: ["ada@example.org"]),
                                      ContactRecord(firstName: "Ada", lastName: "Lovelace", emails: ["countess@example.org"])])
        let ids = try store.contacts(matching: "", offset: 0, limit: 2).map(\.id)
        let kept = try #require(try store.contact(id: ids[0]))
        let other = try #require(try store.contact(id: ids[1]))
        #expect(try store.merge(kept.merged(with: other), removing: ids[1]))
        h.press("C-t wait:400ms")
        #expect(h.text.contains("Contacts merged · Ada Lovelace ← Ada Lovelace"), "\(h.text)")
        #expect(!h.text.contains("Contact deleted"), "\(h.text)")
        #expect(!h.text.contains("Contact edited"), "\(h.text)")
    }

    @Test func anUndoIsLoggedAsAnUndoAndTheContactKeepsItsId() throws {
        let (h, store) = try harness([ContactRecord(firstName: "Ada", lastName: "Lovelace")])
        let id = try #require(try store.contacts(matching: "", offset: 0, limit: 1).first?.id)
        h.press("C wait:400ms d wait:400ms Left Enter wait:400ms u wait:400ms")
        #expect(try store.contact(id: id)?.lastName == "Lovelace")
        h.press("Esc wait:400ms C-t wait:400ms")
        #expect(h.text.contains("Contact brought back · Ada Lovelace"), "\(h.text)")
        #expect(h.lines.filter { $0.contains("Contact added") }.count == 1, "\(h.text)")
    }
}

/// Issue 51: a name over the limit is said while it is typed, in the words ^S uses.
@MainActor
@Suite("Issue 51: a long name refused while typing", .serialized)
struct LongNameWhileTypingTests {
    @Test func theEightyFirstCharacterIsToldAtOnce() throws {
        let h = AppHarness(width: 100, height: 30)
        h.createAccount()
        h.press("C wait:400ms a wait:400ms \"\(String(repeating: "a", count: 80))\"")
        #expect(!h.text.contains("At most 80 characters"), "\(h.text)")
        h.press("\"b\"")
        #expect(h.text.contains("At most 80 characters (81 now)."), "\(h.text)")
        h.press("Backspace")
        #expect(!h.text.contains("At most 80 characters"), "\(h.text)")
    }
}
