import AppServices
import Testing
@testable import Storage

/// The sync queue on both stores, one set of checks (each store's suite runs them): every local
/// write to a contact of an account that syncs is queued (its own store's, another client's),
/// once a contact, in order; the sync engine's own writes (`applying`) are not, and a failed
/// apply leaves nothing behind. What only one store has (SQLite's triggers made and dropped at
/// an open, PostgreSQL's row-level security) stays in `SyncQueueTests` and `PostgresSyncQueueTests`.
enum SyncQueueConformance {
    /// One account's contacts and the sync state on a fixture's client.
    struct Queue {
        let fixture: StoreFixture
        let accountID: Int64
        let contacts: any ContactsUnderTest
        let sync: any SyncStore

        init(_ fixture: StoreFixture) throws {
            self.fixture = fixture
            accountID = try fixture.makeAccount().id
            contacts = fixture.contacts(of: Account(id: accountID, username: "ada"))
            sync = try fixture.syncStore()
        }

        /// A sync account with one address book (the default), its id and the book's.
        func addSyncAccount() throws -> (account: Int64, book: Int64) {
            let id = try sync.addAccount(accountID: accountID, url: "http://127.0.0.1:1/", homeURL: "http://127.0.0.1:1/ada/", username: "ada",
                                         passwordCommand: "pass show dav", caFile: nil,
                                         books: [(url: "http://127.0.0.1:1/ada/book/", displayName: "Book")])
            return (id, try #require(try sync.books(of: id).first).id)
        }

        /// The same account's contacts on another client, one that never ran the engine.
        func otherClient() throws -> any ContactsUnderTest {
            try fixture.secondClient().contacts(of: Account(id: accountID, username: "ada"))
        }
    }

    /// An import's batch and another client's write are queued as adds, in the order they were made.
    static func anImportAndAnotherClientsWritesAreQueuedInOrder(_ f: StoreFixture) throws {
        let q = try Queue(f)
        _ = try q.addSyncAccount()
        try q.contacts.beginTransaction()
        let batch = try q.contacts.importer()
        for i in 0..<5 { _ = try batch.take(ContactRecord(firstName: "Person \(i)", lastName: "Imported", emails: ["p\(i)@example.com"])) }
        try batch.finish(subject: "import")
        try q.contacts.commitTransaction()
        let eve = try q.otherClient().add(ContactRecord(firstName: "Eve", lastName: "Other"))
        let queue = try q.sync.queue()
        #expect(queue.count == 6 && queue.allSatisfy { $0.kind == .add })
        #expect(queue.last?.contactID == eve)
        #expect(queue.map(\.id) == queue.map(\.id).sorted())
    }

    /// A conflict keeps the local version whole (its fields, its record), a deletion's none; a card left alone keeps its last reason and etag until cleared.
    static func conflictsAndProblemsAreKeptWhole(_ fixture: StoreFixture) throws {
        let f = try Queue(fixture)
        let (_, book) = try f.addSyncAccount()
        var local = ContactRecord(firstName: "Ada", lastName: "Lovelace", phones: [.init(label: "work", number: "1")], notes: "mine")
        local.uid = "u1"
        try f.sync.recordConflict(book: book, contact: 7, href: "/a.vcf", kind: .fields, fields: ["notes", "phones"], local: local)
        try f.sync.recordConflict(book: book, contact: nil, href: "/b.vcf", kind: .deletedHere, fields: [], local: nil)
        let conflicts = try f.sync.conflicts()
        #expect(conflicts.count == 2)
        #expect(conflicts[0].fields == ["notes", "phones"] && conflicts[0].local == local && conflicts[0].kind == .fields && conflicts[0].contactID == 7)
        #expect(conflicts[1].fields.isEmpty && conflicts[1].local == nil && conflicts[1].kind == .deletedHere)
        try f.sync.recordProblem(book: book, href: "/g.vcf", kind: .unreadable, etag: "\"1\"", contact: nil, reason: "a group card")
        try f.sync.recordProblem(book: book, href: "/g.vcf", kind: .unreadable, etag: "\"2\"", contact: nil, reason: "still a group card")
        #expect(try f.sync.problems().map(\.reason) == ["still a group card"])
        #expect(try f.sync.problemETag(book: book, href: "/g.vcf") == .some("\"2\""))
        try f.sync.clearProblem(book: book, href: "/g.vcf")
        #expect(try f.sync.problems().isEmpty)
    }

    /// A failed sync keeps the time of the last one that worked, and its failure as a value (a lock
    /// wait with who held it, as the app's child said it); the next one that works clears it.
    static func aFailedSyncKeepsTheTimeOfTheLastOneThatWorked(_ f: StoreFixture) throws {
        let q = try Queue(f)
        let (account, _) = try q.addSyncAccount()
        try q.sync.noteSync(account: account, error: nil)
        let later = try f.syncStore(now: { 300 })
        let wait = ServiceError.LockWait(waited: "5s", holders: [.init(pid: 4711, role: "bob")])
        let failure = SyncFailure.account(user: "ada", url: "http://127.0.0.1:1/",
                                          .storage(ServiceError(.busy, place: .server("db"), detail: "lock wait of 5s ran out; held by bob (session 4711)",
                                                                code: .lockHeld, cause: wait)))
        try later.noteSync(account: account, error: failure)
        var row = try #require(try q.sync.accounts().first)
        #expect(row.lastSyncAt == 200 && row.lastError == failure, "\(String(describing: row.lastError))")
        guard case .account(_, _, .storage(let kept))? = row.lastError else { Issue.record("\(String(describing: row.lastError))"); return }
        #expect(kept.cause as? ServiceError.LockWait == wait)
        try later.noteSync(account: account, error: nil)
        row = try #require(try q.sync.accounts().first)
        #expect(row.lastSyncAt == 300 && row.lastError == nil)
    }

    static func withoutASyncAccountNothingIsQueued(_ f: StoreFixture) throws {
        let q = try Queue(f)
        let id = try q.contacts.add(ContactRecord(firstName: "Ada", lastName: "Lovelace"))
        _ = try q.contacts.setFriend(id: id, true)
        _ = try q.contacts.delete(id: id)
        #expect(try q.sync.pendingCount() == 0)
    }

    static func settingUpQueuesTheContactsThereAreAsAddsAndNewOnesFollow(_ f: StoreFixture) throws {
        let q = try Queue(f)
        let first = try q.contacts.add(ContactRecord(firstName: "Ada", lastName: "Lovelace"))
        let second = try q.contacts.add(ContactRecord(firstName: "Alan", lastName: "Turing"))
        let (account, book) = try q.addSyncAccount()
        let stored = try #require(try q.sync.accounts().first)
        #expect(stored.id == account && stored.username == "ada" && stored.passwordCommand == "pass show dav" && stored.caFile == nil)
        #expect(try q.sync.books(of: account).map(\.isDefault) == [true])
        let third = try q.contacts.add(ContactRecord(firstName: "Grace", lastName: "Hopper"))
        let queue = try q.sync.queue()
        #expect(queue.map(\.contactID) == [first, second, third])
        #expect(queue.allSatisfy { $0.kind == .add && $0.bookID == book })
        // Edits and the friend flag of a contact not yet sent change nothing: the add sends it as it is then.
        var ada = try #require(try q.contacts.contact(id: first))
        ada.notes = "first programmer"
        _ = try q.contacts.update(ada)
        _ = try q.contacts.setFriend(id: first, true)
        #expect(try q.sync.queue().map(\.id) == queue.map(\.id))
        // Deleted before it was sent: nothing goes to the server.
        _ = try q.contacts.delete(id: second)
        #expect(try q.sync.queue().map(\.contactID) == [first, third])
    }

    static func aSyncedContactsEditsAreOneQueuedEditAndItsDeleteCarriesHrefAndEtag(_ f: StoreFixture) throws {
        let q = try Queue(f)
        let (_, book) = try q.addSyncAccount()
        // The engine's own writes are not queued.
        let id = try q.sync.applying { () throws(ServiceError) -> Int64 in
            let id = try q.contacts.add(ContactRecord(firstName: "Ada", lastName: "Lovelace"))
            try q.sync.bind(contact: id, book: book, href: "/ada/book/ada.vcf", etag: "\"e1\"", card: "BEGIN:VCARD\r\nEND:VCARD\r\n")
            return id
        }
        #expect(try q.sync.pendingCount() == 0)
        // A save that changes nothing shown, and a new revision or kept card, are not changes.
        _ = try q.contacts.update(try #require(try q.contacts.contact(id: id)))
        try f.execute("UPDATE contacts SET updated_at = 5, revision = revision + 1, card = 'BEGIN:VCARD'")
        #expect(try q.sync.pendingCount() == 0)
        _ = try q.contacts.setFriend(id: id, true)
        var ada = try #require(try q.contacts.contact(id: id))
        ada.phones = [.init(label: "mobile", number: "+44 20 7946 0001")]
        _ = try q.contacts.update(ada)
        let queued = try q.sync.queue()
        #expect(queued.count == 1)
        #expect(queued.first?.kind == .edit && queued.first?.contactID == id)
        // Deleted by another client, one that never ran the engine (its flag never set).
        _ = try q.otherClient().delete(id: id)
        let after = try q.sync.queue()
        #expect(after.count == 1)
        #expect(after.first?.kind == .delete && after.first?.href == "/ada/book/ada.vcf" && after.first?.etag == "\"e1\"")
        #expect(after.first?.contactID == nil)
        #expect(try q.sync.binding(contact: id) == nil)
    }

    static func theEnginesWritesQueueNothingAndAFailedApplyLeavesNothingBehind(_ f: StoreFixture) throws {
        let q = try Queue(f)
        let (_, book) = try q.addSyncAccount()
        try q.sync.applying { () throws(ServiceError) in
            let id = try q.contacts.add(ContactRecord(firstName: "Ada", lastName: "Lovelace"))
            try q.sync.bind(contact: id, book: book, href: "/ada/book/ada.vcf", etag: "\"e1\"", card: "")
            _ = try q.contacts.delete(id: id)
        }
        #expect(try q.sync.pendingCount() == 0)
        #expect(try q.sync.etags(book: book).isEmpty)
        #expect(throws: ServiceError.self) {
            try q.sync.applying { () throws(ServiceError) in
                _ = try q.contacts.add(ContactRecord(firstName: "Bea", lastName: "Babbage"))
                throw ServiceError(.failed, place: .unknown, detail: "stop")
            }
        }
        #expect(try q.contacts.count(matching: "") == 0)
        // The flag went with that transaction: the next add is queued.
        _ = try q.contacts.add(ContactRecord(firstName: "Cy", lastName: "Clarke"))
        #expect(try q.sync.pendingCount() == 1)
    }
}
