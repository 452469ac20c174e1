import AppServices
import Testing
@testable import App
@testable import Storage
import TUIKit
import TUIKitTesting

/// Another terminal on the same data file changes ada's contacts: what is on screen follows
/// within a second, without a key (the run loop's poll of SQLite's data_version, on the
/// virtual clock).
@MainActor
@Suite("Changes made elsewhere show without a key", .serialized)
struct ChangesElsewhereTests {
    /// ada's contacts as another program on the same file sees them.
    func otherTerminal(_ h: AppHarness) throws -> SQLiteContactsStore {
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        return SQLiteContactsStore(database: db, accountID: account.id)
    }

    @Test func anOpenListShowsAContactAddedElsewhere() throws {
        let h = AppHarness(width: 80, height: 24)
        h.createAccount()
        h.press("C wait:400ms")
        #expect(h.text.contains("Contacts (0)"))
        let other = try otherTerminal(h)
        _ = try other.add(ContactRecord(firstName: "Grace", lastName: "Hopper"))
        h.press("wait:100ms")                      // the file's change signal wakes the loop at once
        #expect(h.text.contains("Grace Hopper"))
        #expect(h.text.contains("Contacts (1)"))
        #expect(h.app.scheduler.activeTimerCount == 0) // nothing looks on a timer
    }

    @Test func anOpenCardShowsAnEditAndADeletionMadeElsewhere() throws {
        let h = AppHarness(width: 80, height: 24)
        h.createAccount()
        let other = try otherTerminal(h)
        let id = try other.add(ContactRecord(firstName: "Grace", lastName: "Hopper", notes: "COBOL"))
        h.press("C wait:400ms Enter wait:400ms")
        #expect(h.text.contains("COBOL"))
        var grace = try #require(try other.contact(id: id))
        grace.notes = "compilers"
        _ = try other.update(grace)
        h.press("wait:1s")
        #expect(h.text.contains("compilers"))
        _ = try other.delete(id: id)
        h.press("wait:1s Esc wait:400ms")
        #expect(!h.text.contains("Grace Hopper"))
        #expect(h.text.contains("Contacts (0)"))
    }

    @Test func theHomeCountsFollow() throws {
        let h = AppHarness(width: 80, height: 24)
        h.createAccount()
        let other = try otherTerminal(h)
        _ = try other.add(ContactRecord(firstName: "Grace", lastName: "Hopper", isFriend: true))
        h.press("wait:1s")
        let contactsRow = try #require(h.lines.first { $0.contains("Contacts") && $0.contains(" C ") })
        #expect(contactsRow.hasSuffix("1") || contactsRow.contains(" 1"), "\(contactsRow)")
    }

    /// ada signed in with one friend, Grace Hopper (added elsewhere), and the friends popup open.
    func friendsPopupWithGrace() throws -> (h: AppHarness, other: SQLiteContactsStore, grace: Int64) {
        let h = AppHarness(width: 80, height: 24)
        h.createAccount()
        let other = try otherTerminal(h)
        let id = try other.add(ContactRecord(firstName: "Grace", lastName: "Hopper", isFriend: true))
        h.press("wait:1s F wait:400ms")
        return (h, other, id)
    }

    @Test func theFriendsPopupShowsARenameMadeElsewhere() throws {
        let (h, other, id) = try friendsPopupWithGrace()
        #expect(h.text.contains("Grace Hopper"))
        var grace = try #require(try other.contact(id: id))
        grace.firstName = "Gracie"
        _ = try other.update(grace) // the count stays 1: only the row tells
        h.press("wait:1s")
        #expect(h.text.contains("Gracie Hopper"), "\(h.text)")
    }

    @Test func theFriendsPopupsCountFollows() throws {
        let (h, other, _) = try friendsPopupWithGrace()
        #expect(h.text.contains("1 friend"))
        let alan = try other.add(ContactRecord(firstName: "Alan", lastName: "Turing", isFriend: true))
        h.press("wait:1s")
        #expect(h.text.contains("2 friends"), "\(h.text)")
        #expect(h.text.contains("Alan Turing"))
        _ = try other.delete(id: alan)
        h.press("wait:1s")
        #expect(h.text.contains("1 friend") && !h.text.contains("Alan Turing"), "\(h.text)")
    }

    @Test func theActivityFeedShowsWhatHappenedElsewhere() throws {
        let h = AppHarness(width: 80, height: 24)
        h.createAccount()
        h.press("C-t wait:400ms")
        #expect(h.text.contains("Account created"))
        let other = try otherTerminal(h)
        _ = try other.add(ContactRecord(firstName: "Katherine", lastName: "Johnson"))
        h.press("wait:1s")
        #expect(h.text.contains("Katherine Johnson"), "\(h.text)")
    }
}
