import TestSupport
import AppServices
import Foundation
import Testing
@testable import Storage

/// The sync queue in a real SQLite file: every local write to a contact of an account that syncs
/// is queued by the triggers (the app's store, an import's batch, another connection), once a
/// contact, in order; the sync engine's own writes are not.
@Suite("Sync queue in SQLite")
struct SyncQueueTests {
    struct Fixture {
        let folder = TempFolder("sync-queue")
        let db: SQLiteDatabase
        let contacts: SQLiteContactsStore
        let sync: SQLiteSyncStore
        let accountID: Int64

        init() throws {
            db = try SQLiteDatabase(path: folder.file("s.sqlite3"))
            let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
            accountID = try accounts.createAccount(username: "ada", password: "analytical", now: 1).id
            contacts = SQLiteContactsStore(database: db, accountID: accountID, now: { 100 })
            sync = SQLiteSyncStore(database: db, now: { 200 })
        }

        /// A sync account with one address book (the default), its id and the book's.
        func addSyncAccount() throws -> (account: Int64, book: Int64) {
            let id = try sync.addAccount(accountID: accountID, url: "http://127.0.0.1:1/", homeURL: "http://127.0.0.1:1/ada/", username: "ada",
                                         passwordCommand: "pass show dav", caFile: nil,
                                         books: [(url: "http://127.0.0.1:1/ada/book/", displayName: "Book")])
            return (id, try #require(try sync.books(of: id).first).id)
        }
    }

    /// The queue's triggers cost every insert a run of their program (an import of 100,000 cards
    /// took twice the CPU): they exist only while an address book syncs — made by setting up sync,
    /// made again at an open where they are missing, dropped at an open where nothing syncs.
    @Test func theQueuesTriggersExistOnlyWhileSomethingSyncs() throws {
        let f = try Fixture()
        let triggers = { () throws -> Int in
            try f.db.scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'sync_queue_%'") ?? -1
        }
        #expect(try triggers() == 0)
        _ = try f.addSyncAccount()
        #expect(try triggers() == 3)
        // Taken away by hand (an older build's file, a half-done change): the next open makes them again.
        try f.db.execute("DROP TRIGGER sync_queue_contact_added")
        let reopened = try SQLiteDatabase(path: f.folder.file("s.sqlite3"))
        #expect(try reopened.scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'sync_queue_%'") == 3)
        // Nothing syncs any more: the next open drops them.
        try reopened.execute("DELETE FROM sync_accounts")
        let again = try SQLiteDatabase(path: f.folder.file("s.sqlite3"))
        #expect(try again.scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'sync_queue_%'") == 0)
    }

    /// A name's every part is a change to send: the middle name, the name shown, the formatted
    /// name (FN) — also in a file whose triggers an older build made without them.
    @Test func everyPartOfANameIsQueuedAlsoInAFileAnOlderBuildMadeTriggersFor() throws {
        let f = try Fixture()
        let (_, book) = try f.addSyncAccount()
        let id = try f.sync.applying { () throws(ServiceError) -> Int64 in
            let id = try f.contacts.add(ContactRecord(firstName: "Ada", lastName: "Lovelace"))
            try f.sync.bind(contact: id, book: book, href: "/ada/book/ada.vcf", etag: "\"e1\"", card: "BEGIN:VCARD\r\nEND:VCARD\r\n")
            return id
        }
        for column in ["middle_name = 'Augusta'", "display_name = 'Countess Ada'", "formatted_name = 'Ada King'"] {
            try f.db.execute("DELETE FROM sync_queue")
            try f.db.execute("UPDATE contacts SET \(column) WHERE id = \(id)")
            #expect(try f.sync.queue().map(\.kind) == [.edit], "\(column)")
        }
        // The edit trigger as an older build made it (without the name's newer columns): the next open makes today's.
        let old = SQLiteSyncSchema.changedTrigger.replacingOccurrences(of: ", display_name, formatted_name, middle_name", with: "")
        #expect(old != SQLiteSyncSchema.changedTrigger)
        try f.db.execute("DROP TRIGGER sync_queue_contact_changed; " + old)
        try f.db.execute("DELETE FROM sync_queue")
        try f.db.execute("UPDATE contacts SET middle_name = 'A.' WHERE id = \(id)")
        #expect(try f.sync.pendingCount() == 0) // the old trigger missed it
        let reopened = try SQLiteDatabase(path: f.folder.file("s.sqlite3"))
        try reopened.execute("UPDATE contacts SET middle_name = 'Augusta' WHERE id = \(id)")
        #expect(try SQLiteSyncStore(database: reopened).queue().map(\.kind) == [.edit])
    }

    @Test func aFailedApplyLeavesTheFlagDownAndNothingWritten() throws {
        let f = try Fixture()
        _ = try f.addSyncAccount()
        #expect(throws: ServiceError.self) {
            try f.sync.applying { () throws(ServiceError) in
                _ = try f.contacts.add(ContactRecord(firstName: "Ada", lastName: "Lovelace"))
                throw ServiceError.sqlite(code: 1, message: "stop")
            }
        }
        #expect(try f.db.scalarInt("SELECT applying FROM sync_flags") == 0)
        #expect(try f.contacts.count(matching: "") == 0)
        _ = try f.contacts.add(ContactRecord(firstName: "Ada", lastName: "Lovelace"))
        #expect(try f.sync.pendingCount() == 1)
    }

}
