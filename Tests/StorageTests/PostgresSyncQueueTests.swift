import TestSupport
import AppServices
import Foundation
import Testing
@testable import Storage

/// CardDAV sync's state in a shared directory on a real PostgreSQL server (migration 20): the
/// queue filled by the triggers on `contacts` as in the data file (every writer, once a contact,
/// in order; not the engine's own writes), the listing, conflicts; and on a team's directory,
/// row-level security keeping each member's sync accounts, queue and bindings their own —
/// checked with the other member's own connection, as psql would be.
@Suite("Sync state on PostgreSQL", .serialized,
       .enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
struct PostgresSyncQueueTests {
    struct Fixture {
        let server: PostgresTestServer
        let db: PostgresDatabase
        let contacts: PostgresContactsStore
        let sync: PostgresSyncStore
        let accountID: Int64
        let folder = TempFolder("pg-sync-config")

        init() throws {
            server = try PostgresTestServer()
            db = try server.open()
            let accounts = PostgresAccountStore(database: db, session: try LocalSessionFile(server: server.uri, environment: ["XDG_STATE_HOME": TempFolder().file("s")]),
                                                hasher: PasswordHasher(cost: 1))
            accountID = try accounts.createAccount(username: "ada", password: "analytical", now: 1).id
            contacts = PostgresContactsStore(database: db, accountID: accountID, now: { 100 })
            // A shared directory keeps no password command: this machine's file does (`LocalSyncCommands`).
            sync = PostgresSyncStore(database: db, now: { 200 },
                                     localCommands: try LocalSyncCommands(connection: db.connection, environment: ["XDG_CONFIG_HOME": folder.file("config")]))
        }

        func addSyncAccount() throws -> (account: Int64, book: Int64) {
            let id = try sync.addAccount(accountID: accountID, url: "http://127.0.0.1:1/", homeURL: "http://127.0.0.1:1/ada/", username: "ada",
                                         passwordCommand: "pass show dav", caFile: nil,
                                         books: [(url: "http://127.0.0.1:1/ada/book/", displayName: "Book")])
            return (id, try #require(try sync.books(of: id).first).id)
        }
    }

    @Test func theStatusListsTheCardsLeftAlone() throws {
        let f = try Fixture()
        let (_, book) = try f.addSyncAccount()
        try f.sync.recordProblem(book: book, href: "/ada/book/broken.vcf", kind: .unreadable, etag: "\"1\"", contact: nil, reason: "not a vCard")
        try f.sync.recordProblem(book: book, href: "/ada/book/big.vcf", kind: .refused, etag: nil, contact: nil, reason: "413: too large")
        let left = try #require(try f.sync.syncAccounts(of: f.accountID).first?.books.first).leftAlone
        #expect(left == [SyncLeftCard(name: "big.vcf", refused: true, reason: "413: too large"),
                         SyncLeftCard(name: "broken.vcf", refused: false, reason: "not a vCard")])
    }

    /// The queue itself is checked on both stores (`SyncQueueConformance`); here, that no column
    /// of the shared directory's sync tables holds a password.
    @Test func noColumnHoldsAPassword() throws {
        let f = try Fixture()
        _ = try f.addSyncAccount()
        // No column of the data file holds a password.
        #expect(try f.server.count("SELECT count(*) FROM information_schema.columns WHERE table_schema = '\(f.server.schema)' AND table_name LIKE 'sync_%' AND column_name LIKE '%password%' AND column_name <> 'password_command'") == 0)
    }

    @Test func aListingKeepsTheLastNoteOfAnHrefInOrderAndSaysWhatIsGone() throws {
        let f = try Fixture()
        let (_, book) = try f.addSyncAccount()
        try f.sync.applying { () throws(ServiceError) in
            for name in ["kept", "changed", "deleted"] {
                let id = try f.contacts.add(ContactRecord(firstName: name, lastName: "Card"))
                try f.sync.bind(contact: id, book: book, href: "/b/\(name).vcf", etag: "\"1\"", card: "")
            }
        }
        try f.sync.beginListing()
        try f.sync.list(href: "/b/new.vcf", etag: "\"1\"", gone: false)
        try f.sync.list(href: "/b/kept.vcf", etag: "\"1\"", gone: false)
        try f.sync.list(href: "/b/changed.vcf", etag: "\"1\"", gone: false)
        for i in 0..<600 { try f.sync.list(href: "/b/many-\(i).vcf", etag: nil, gone: false) } // more than one batch
        try f.sync.list(href: "/b/changed.vcf", etag: "\"2\"", gone: false) // noted again: now last
        f.sync.endListing()
        let toRead = try f.sync.listedToRead(book: book, after: Int64.min, limit: 1000).map(\.href)
        #expect(toRead.count == 602)
        #expect(toRead.first == "/b/new.vcf" && toRead.last == "/b/changed.vcf")
        #expect(try f.sync.listedToReadCount(book: book) == 602)
        let firstTwo = try f.sync.listedToRead(book: book, after: Int64.min, limit: 2)
        #expect(try f.sync.listedToRead(book: book, after: firstTwo[1].number, limit: 1).first?.href == "/b/many-1.vcf")
        #expect(try f.sync.listedDeletions(book: book, whole: true) == ["/b/deleted.vcf"])
        #expect(try f.sync.listedDeletions(book: book, whole: false).isEmpty)
        // A new listing starts empty.
        try f.sync.beginListing()
        try f.sync.list(href: "/b/kept.vcf", etag: nil, gone: true)
        f.sync.endListing()
        #expect(try f.sync.listedDeletions(book: book, whole: false) == ["/b/kept.vcf"])
    }

    // MARK: A team's directory

    /// A team directory set up before sync came (schema 19): after the upgrade, the owner's
    /// `directory init` again grants the sync tables with their policies, and members use them.
    @Test func aTeamDirectoryFromBeforeSyncGetsItsPoliciesAtTheNextInit() throws {
        let server = try PostgresTestServer()
        let old = try server.open(migratingTo: 19)
        _ = try PostgresTeamDirectory.initialize(old, now: 1)
        let suffix = String(UUID().uuidString.prefix(8)).lowercased()
        let carol = try PostgresTeamDirectory.addMember(old, name: "carol_" + suffix, password: "carol's secret", editor: false, now: 2)
        let dave = try PostgresTeamDirectory.addMember(old, name: "dave_" + suffix, password: "dave's secret", editor: false, now: 3)
        let owner = try server.open()
        #expect(try owner.schemaVersionFound() == PostgresDatabase.schemaVersion)
        #expect(try PostgresTeamDirectory.initialize(owner, now: 4).created == false)
        let asCarol = try PostgresDatabase(uri: server.uri, signIn: PostgresSignIn(role: carol.username, password: "carol's secret"))
        let asDave = try PostgresDatabase(uri: server.uri, signIn: PostgresSignIn(role: dave.username, password: "dave's secret"))
        _ = try PostgresContactsStore(database: asCarol, accountID: carol.id).add(ContactRecord(firstName: "Ada", lastName: "Lovelace"))
        _ = try PostgresSyncStore(database: asCarol).addAccount(accountID: carol.id, url: "https://dav.example.com/", homeURL: "https://dav.example.com/c/",
                                                             username: "carol", passwordCommand: nil, caFile: nil,
                                                             books: [(url: "https://dav.example.com/c/b/", displayName: "b")])
        #expect(try PostgresSyncStore(database: asCarol).pendingCount() == 1)
        #expect(try PostgresSyncStore(database: asDave).accounts().isEmpty && PostgresSyncStore(database: asDave).pendingCount() == 0)
    }

    /// Alice and bob, members of a team directory, each with a sync account of their own: what one
    /// keeps, the other's connection neither reads nor changes, and the triggers queue each
    /// member's changes into their own book.
    @Test func aMemberSeesAndChangesOnlyTheirOwnSyncState() throws {
        let server = try PostgresTestServer()
        let owner = try server.open()
        _ = try PostgresTeamDirectory.initialize(owner, now: 1)
        let suffix = String(UUID().uuidString.prefix(8)).lowercased()
        let aliceAccount = try PostgresTeamDirectory.addMember(owner, name: "alice_" + suffix, password: "alice's secret", editor: false, now: 2)
        let bobAccount = try PostgresTeamDirectory.addMember(owner, name: "bob_" + suffix, password: "bob's secret", editor: false, now: 3)
        let alice = try PostgresDatabase(uri: server.uri, signIn: PostgresSignIn(role: aliceAccount.username, password: "alice's secret"))
        let bob = try PostgresDatabase(uri: server.uri, signIn: PostgresSignIn(role: bobAccount.username, password: "bob's secret"))
        let aliceMachine = TempFolder("alice-config")
        let aliceSync = PostgresSyncStore(database: alice, localCommands: try LocalSyncCommands(connection: alice.connection,
                                                                                                environment: ["XDG_CONFIG_HOME": aliceMachine.file("config")]))
        let bobSync = PostgresSyncStore(database: bob)
        let aliceContacts = PostgresContactsStore(database: alice, accountID: aliceAccount.id)
        let kept = try aliceContacts.add(ContactRecord(firstName: "Ada", lastName: "Lovelace"))
        let aliceSyncID = try aliceSync.addAccount(accountID: aliceAccount.id, url: "https://dav.example.com/", homeURL: "https://dav.example.com/alice/",
                                                   username: "alice", passwordCommand: "pass show dav/alice", caFile: nil,
                                                   books: [(url: "https://dav.example.com/alice/book/", displayName: "Alice's")])
        let aliceBook = try #require(try aliceSync.books(of: aliceSyncID).first).id
        try aliceSync.applying { () throws(ServiceError) in
            try aliceSync.bind(contact: kept, book: aliceBook, href: "/alice/book/ada.vcf", etag: "\"1\"", card: "BEGIN:VCARD\r\nEND:VCARD\r\n")
        }
        try aliceSync.dequeue(try #require(try aliceSync.queued(contact: kept)).id)
        _ = try aliceContacts.add(ContactRecord(firstName: "Grace", lastName: "Hopper")) // queued by the trigger, as alice
        var ada = try #require(try aliceContacts.contact(id: kept))
        ada.notes = "edited by alice"
        _ = try aliceContacts.update(ada)
        #expect(try aliceSync.queue().map(\.kind) == [.add, .edit])
        #expect(try aliceSync.accounts().map(\.id) == [aliceSyncID])

        // Bob, straight at the tables with his own credentials: none of alice's rows.
        let pg = bob.connection
        for table in PostgresSyncSchema.tables {
            #expect(try pg.scalarInt("SELECT count(*) FROM \(table)") == 0, "bob sees \(table)")
        }
        #expect(try bobSync.accounts().isEmpty && bobSync.queue().isEmpty && bobSync.binding(contact: kept) == nil)
        #expect(try bobSync.syncAccounts(of: aliceAccount.id).isEmpty)
        #expect(try pg.execute("UPDATE sync_accounts SET password_command = 'curl evil' WHERE id = $1", [aliceSyncID]).affected == 0)
        #expect(try pg.execute("DELETE FROM sync_queue").affected == 0)
        #expect(try pg.execute("UPDATE sync_cards SET etag = 'x'").affected == 0)
        #expect(try pg.execute("DELETE FROM sync_books").affected == 0)
        // Nor may he plant rows in hers: a queue item in her book, a sync account on her contacts.
        let planted = #expect(throws: ServiceError.self) { try bobSync.enqueue(contact: kept, book: aliceBook, kind: .delete) }
        #expect(planted?.sqlState == "42501")
        let account = #expect(throws: ServiceError.self) {
            try bobSync.addAccount(accountID: aliceAccount.id, url: "https://evil.example/", homeURL: "https://evil.example/", username: "x",
                                   passwordCommand: nil, caFile: nil, books: [(url: "https://evil.example/b/", displayName: "b")])
        }
        #expect(account?.sqlState == "42501")
        #expect(throws: ServiceError.self) {
            try bobSync.bind(contact: 999_999, book: aliceBook, href: "/alice/book/x.vcf", etag: nil, card: "")
        }

        // His own sync account works alongside, and alice sees none of it.
        let bobContacts = PostgresContactsStore(database: bob, accountID: bobAccount.id)
        _ = try bobContacts.add(ContactRecord(firstName: "Bea", lastName: "Babbage"))
        let bobSyncID = try bobSync.addAccount(accountID: bobAccount.id, url: "https://dav.example.com/", homeURL: "https://dav.example.com/bob/",
                                               username: "bob", passwordCommand: nil, caFile: nil,
                                               books: [(url: "https://dav.example.com/bob/book/", displayName: "Bob's")])
        #expect(try bobSync.queue().count == 1 && bobSync.accounts().map(\.id) == [bobSyncID])
        #expect(try aliceSync.accounts().map(\.id) == [aliceSyncID])
        #expect(try aliceSync.queue().map(\.kind) == [.add, .edit])
        // Alice's state is as she left it.
        #expect(try aliceSync.accounts().first?.passwordCommand == "pass show dav/alice")
        #expect(try aliceSync.binding(contact: kept)?.etag == "\"1\"")
        // The card kept after a send is no edit in the team's activity log; an edit is.
        let logged = { () throws -> Int in try server.count("SELECT count(*) FROM activity WHERE kind = 'contact_edited'") }
        let edits = try logged()
        try aliceSync.applying { () throws(ServiceError) in try aliceSync.setKeptCard(contact: kept, card: "BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD\r\n") }
        #expect(try logged() == edits)
        _ = try aliceContacts.update(try #require(try aliceContacts.contact(id: kept)))
        #expect(try logged() == edits + 1)
        // Deleting her bound contact queues its delete into her book, under her own policies.
        _ = try aliceContacts.delete(id: kept)
        #expect(try aliceSync.queue().map(\.kind) == [.add, .delete])
        #expect(try server.count("SELECT count(*) FROM sync_queue") == 3)
    }
}
