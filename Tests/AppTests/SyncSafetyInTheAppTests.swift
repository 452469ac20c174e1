import AppServices
import Foundation
import TestSupport
import Testing
@testable import App
@testable import Storage
@testable import TUIKit

/// Issue 48 in the app: a sync that would delete an address book's contacts here (emptied, or made
/// again, on the server) stops, and the Sync screen asks before any goes; an address book's own
/// URL in the set-up form is taken without asking which; the Conflicts scene says whose a
/// "deleted here" conflict is and what Enter does on a "deleted on the server" one.
@MainActor
@Suite(.serialized)
struct SyncSafetyInTheAppTests {
    func harness(width: Int = 100, height: Int = 30) -> (AppHarness, RecordedSyncProcesses) {
        let processes = RecordedSyncProcesses()
        let h = AppHarness(width: width, height: height, syncProcesses: { _ in processes })
        h.createAccount()
        return (h, processes)
    }

    @Test func aWipedAddressBookIsAskedAboutAndDeletedOnlyWhenTheRowIsChosen() throws {
        let (h, processes) = harness()
        let db = try SQLiteDatabase(path: h.databasePath)
        let ada = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        _ = try SQLiteSyncStore(database: db).addAccount(accountID: ada.id, url: "https://dav.example.com/", homeURL: "https://dav.example.com/alice/",
                                                         username: "alice", passwordCommand: "cat pw", caFile: nil,
                                                         books: [("https://dav.example.com/alice/contacts/", "Contacts")])
        h.switchboard.coordinator.show(.sync)
        h.press("wait:400ms n wait:100ms")
        let pass = try #require(processes.last)
        #expect(!pass.arguments.contains("--allow-wipe"))
        pass.prints(.summary("↓ 0 new, 0 changed, 0 deleted · ↑ 0 sent · 0 conflicts"), .wipe(book: "Contacts", deleting: 60, of: 60),
                    .error(.account(user: "alice", url: "https://dav.example.com/", .wipeRefused(book: "Contacts", deleting: 60, of: 60))))
        pass.exits(1)
        h.press("wait:400ms")
        #expect(h.text.contains("“Contacts” on the server has none of its 60 contacts left"), "\(h.text)")
        #expect(h.text.contains("Delete the 60 here too? Enter: yes") && h.text.contains("Nothing was deleted here"), "\(h.text)")
        #expect(h.lines.last!.contains("sync asks: contacts gone from the server"), "\(h.lines.last!)")
        // Sync now again asks the same (no --allow-wipe); the row says yes.
        h.press("End Up Up Up Enter wait:100ms")
        let allowed = try #require(processes.last)
        #expect(processes.runs.count == 2 && allowed.arguments.contains("--allow-wipe"), "\(allowed.arguments)")
        allowed.prints(.summary("↓ 0 new, 0 changed, 60 deleted · ↑ 0 sent · 0 conflicts"))
        allowed.exits(0)
        h.press("wait:400ms")
        #expect(!h.text.contains("here too?") && h.text.contains("60 deleted"), "\(h.text)")
        // The next pass is an ordinary one.
        h.press("n wait:100ms")
        #expect(processes.runs.count == 3 && !(processes.last?.arguments.contains("--allow-wipe") ?? true))
    }

    @Test func anAddressBooksOwnURLIsTakenWithoutAskingWhichBook() throws {
        let (h, processes) = harness()
        h.switchboard.coordinator.show(.syncSetup)
        h.press("wait:400ms \"https://dav.example.com/alice/work\" Enter \"alice\" Enter Enter \"pass show dav\" Enter Enter")
        let discover = try #require(processes.last)
        discover.prints(.book(url: "https://dav.example.com/alice/home/", name: "Home"), .book(url: "https://dav.example.com/alice/work/", name: "Work"))
        discover.exits(0)
        h.press("wait:100ms")
        let add = try #require(processes.last)
        #expect(processes.runs.count == 2, "no question which book")
        #expect(add.arguments.contains("https://dav.example.com/alice/work/") && !add.arguments.contains("all"), "\(add.arguments)")
        #expect(!h.text.contains("The server has 2 address books"))
    }

    @Test func aDeletedHereConflictSaysWhoseAndEnterOnADeletedOnTheServerOneKeepsYours() {
        let ada = ContactRecord(firstName: "Ada", lastName: "King")
        // The engine keeps the version that came back with a "deleted here" conflict: it has a name.
        #expect(SyncConflictsPresenter.text(SyncConflictItem(id: 1, contactID: 4, kind: .deletedHere, fields: [], local: ada, bookName: "Work"))
                == "Ada King — deleted here, changed on the server (back in the list; d deletes it again) · Work")
        let worker = SyncConflictsTests.WorkerSpy()
        worker.listed = [SyncConflictItem(id: 7, contactID: 3, kind: .deletedOnServer, fields: [], local: ada, bookName: "Work"),
                         SyncConflictItem(id: 8, contactID: 4, kind: .deletedHere, fields: [], local: ada, bookName: "Work")]
        let interactor = SyncConflictsInteractor(worker: worker)
        let presenter = SyncConflictsTests.PresenterSpy(), router = SyncConflictsTests.RouterSpy()
        interactor.presenter = presenter
        interactor.router = router
        interactor.load(request: .init())
        interactor.settle(request: .init(index: 0, choice: .pickFields)) // Enter
        #expect(router.picked.isEmpty, "nothing to pick field by field: the server has no version")
        #expect(worker.settled.first?.0 == 7 && worker.settled.first?.1 == ada)
        #expect(presenter.settles.last?.notice == "Kept yours: it goes back to the server as a new card at the next sync.")
        #expect(presenter.settles.last?.notice?.contains("agree") == false)
        interactor.settle(request: .init(index: 0, choice: .pickFields)) // Enter on the deleted-here one
        #expect(worker.settled.count == 1 && worker.deleted.isEmpty)
        #expect(presenter.settles.last?.notice?.contains("d deletes it here again, s keeps the server's") == true)
    }

    /// A contact whose kept card is `version`'s, stored in ada's book (and synced with an address book); its id.
    func contact(_ h: AppHarness, version: String, synced: Bool = true) throws -> Int64 {
        let db = try SQLiteDatabase(path: h.databasePath)
        let ada = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        var record = ContactRecord(firstName: "Lars", lastName: "Åberg")
        record.card = "BEGIN:VCARD\r\nVERSION:\(version)\r\nFN:Lars Åberg\r\nN:Åberg;Lars;;;\r\nEND:VCARD\r\n"
        let id = try SQLiteContactsStore(database: db, accountID: ada.id).add(record)
        guard synced else { return id }
        let sync = SQLiteSyncStore(database: db)
        let account = try sync.accounts().first?.id ?? sync.addAccount(accountID: ada.id, url: "https://dav.example.com/", homeURL: "https://dav.example.com/alice/",
                                                                        username: "alice", passwordCommand: "cat pw", caFile: nil,
                                                                        books: [("https://dav.example.com/alice/contacts/", "Contacts")])
        let book = try #require(try sync.books(of: account).first)
        try sync.bind(contact: id, book: book.id, href: "/alice/contacts/\(id).vcf", etag: "\"1\"", card: record.card)
        return id
    }

    /// From the first name: past the last and middle name, three phones and three e-mails (number
    /// and label each), the company and the title: the nickname, then the birthday.
    static let toNickname = Array(repeating: "Tab", count: 3 + 6 + 6 + 2).joined(separator: " ")

    /// Issue 48: where a card's version cannot hold what was typed, the edit says so under the
    /// field before saving; ^S again saves it as said. A 4.0 card holds it all: saved at once.
    @Test func whatACardsVersionCannotHoldIsSaidAtTheEditBeforeItIsSaved() throws {
        let (h, _) = harness(width: 120, height: 50)
        let old = try contact(h, version: "2.1")
        h.switchboard.coordinator.show(.contactEdit(id: old))
        h.press("wait:400ms \(Self.toNickname) \"Lasse\" Tab \"04-12\" C-s wait:400ms")
        #expect(h.topController is EditContactViewController, "not saved yet")
        #expect(h.text.contains("This card is vCard 2.1: what is marked goes as it says. ^S again saves."), "\(h.text)")
        #expect(h.text.contains("which has no nickname: sent as 3.0's NICKNAME"), "\(h.text)")
        #expect(h.text.contains("whose dates have a year: sent as Apple's (1604"), "\(h.text)")
        #expect(try h.storedContacts().first { $0.id == old }?.nickname == "")
        h.press("C-s wait:400ms")
        #expect(!(h.topController is EditContactViewController), "saved the second time")
        let saved = try #require(try h.storedContacts().first { $0.id == old })
        #expect(saved.nickname == "Lasse" && saved.birthday == "--04-12")

        let new = try contact(h, version: "4.0")
        h.switchboard.coordinator.show(.contactEdit(id: new))
        h.press("wait:400ms \(Self.toNickname) \"Lasse\" Tab \"04-12\" C-s wait:400ms")
        #expect(!(h.topController is EditContactViewController), "a 4.0 card holds both: saved at once")
        #expect(try h.storedContacts().first { $0.id == new }?.nickname == "Lasse")

        // A 2.1 card that does not sync is exported as 3.0 or 4.0, which hold both: saved at once.
        let imported = try contact(h, version: "2.1", synced: false)
        h.switchboard.coordinator.show(.contactEdit(id: imported))
        h.press("wait:400ms \(Self.toNickname) \"Lasse\" Tab \"04-12\" C-s wait:400ms")
        #expect(!(h.topController is EditContactViewController), "not synced: saved at once")
        #expect(try h.storedContacts().first { $0.id == imported }?.nickname == "Lasse")
    }
}
