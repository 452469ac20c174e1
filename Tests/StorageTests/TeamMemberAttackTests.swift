import TestSupport
import App
import AppServices
import Foundation
import Testing
@testable import Storage

/// Issue 47, "a teammate harms the others": each attack played by a member with psql-level SQL on
/// their own connection (their own role and password, as psql with their credentials), against
/// the real server; what the others then do goes through the stores as the app does.
@Suite("A team directory: no member harms another",
       .enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
struct TeamMemberAttackTests {
    typealias Team = TeamDirectoryTests.Team

    /// Item 2: alice holds `LOCK TABLE contacts IN ACCESS EXCLUSIVE MODE`, or the app's advisory
    /// lock, in a transaction left open: bob's calls end within the lock timeout, saying who holds
    /// the lock and what to do; the advisory lock stops no one.
    @Test func aLockAMemberHoldsStopsOthersOnlyForTheLockTimeoutAndNamesThem() throws {
        let team = try Team()
        let alice = try team.asAlice(), bob = try team.asBob()
        let bobs = PostgresContactsStore(database: bob, accountID: team.bob.id)
        let dentist = try bobs.add(ContactRecord(firstName: "Bob's", lastName: "Dentist"))

        try alice.connection.executeScript("BEGIN; LOCK TABLE contacts IN ACCESS EXCLUSIVE MODE")
        let started = ContinuousClock.now
        let read = #expect(throws: ServiceError.self) { _ = try bobs.contact(id: dentist) }
        let add = #expect(throws: ServiceError.self) { _ = try bobs.add(ContactRecord(firstName: "Bob's", lastName: "Plumber")) }
        let took = ContinuousClock.now - started
        #expect(took < .seconds(14), "two calls took \(took): each waits at most \(PostgresConnection.lockTimeout)")
        for error in [read, add] {
            #expect(error?.kind == .busy, "\(String(describing: error))")
            let text = error?.message ?? ""
            #expect(text.contains("held by \(team.alice.username)") && text.contains("pg_terminate_backend(\(alice.connection.backendPID))")
                    && text.contains("COMMIT or ROLLBACK"), "\(text)")
        }
        try alice.connection.executeScript("ROLLBACK")
        #expect(try bobs.contact(id: dentist)?.lastName == "Dentist")

        // The advisory lock schema upgrades take: held by alice, bob's clients open at once.
        try alice.connection.execute("SELECT pg_advisory_lock($1)", [PostgresMigrations.lockKey])
        let opening = ContinuousClock.now
        let again = try team.asBob()
        #expect(ContinuousClock.now - opening < .seconds(3))
        #expect(try PostgresContactsStore(database: again, accountID: team.bob.id).contact(id: dentist) != nil)
        try alice.connection.execute("SELECT pg_advisory_unlock($1)", [PostgresMigrations.lockKey])
    }

    /// Item 3: bob inserts rows at the next 1,000 ids of `contacts_id_seq` (and of the log's):
    /// alice's adds still work, the ids are the database's, and no id of hers can be probed.
    @Test func keysAreTheDatabasesWhateverAMemberSends() throws {
        let team = try Team()
        let alice = try team.asAlice(), bob = try team.asBob()
        let pg = bob.connection
        let next = try #require(try pg.scalarInt("SELECT nextval('contacts_id_seq')"))
        try pg.execute("""
            INSERT INTO contacts (id, account_id, first_name, last_name, company, notes, sort_key, created_at, updated_at)
            SELECT n, $2, 'Squat', n::text, '', '', 'squat', 0, 0 FROM generate_series($1::bigint + 1, $1::bigint + 1000) n
            """, [next, team.bob.id])
        let logNext = try #require(try pg.scalarInt("SELECT nextval('activity_id_seq')"))
        try pg.execute("""
            INSERT INTO activity (id, account_id, at, kind, subject) SELECT n, $2, 0, 'contact_added', 'squat' FROM generate_series($1::bigint + 1, $1::bigint + 1000) n
            """, [logNext, team.bob.id])
        // Alice adds, as an import does: each one gets an id, none fails "duplicate key".
        let alices = PostgresContactsStore(database: alice, accountID: team.alice.id)
        var added: [Int64] = []
        for n in 0..<5 { added.append(try alices.add(ContactRecord(firstName: "Ada \(n)", lastName: "Lovelace"))) }
        #expect(Set(added).count == 5)
        #expect(try pg.scalarInt("SELECT count(*) FROM contacts WHERE first_name = 'Squat'") == 1000)
        // The ids bob's rows have are ones the sequence handed out: it is past every one of them.
        let after = try #require(try pg.scalarInt("SELECT nextval('contacts_id_seq')"))
        #expect(try pg.scalarInt("SELECT max(id) FROM contacts WHERE first_name = 'Squat'") ?? .max < after, "the ids bob sent were replaced by the sequence's")

        // Probing: an id of alice's and one no one has are refused alike, before any unique or foreign key looks.
        let hers = added[0], nobodys: Int64 = 9_000_000_000
        for id in [hers, nobodys] {
            let search = #expect(throws: ServiceError.self) {
                try pg.execute("INSERT INTO contact_search (id, account_id, sort_key, first_name, last_name, is_friend, search_text) VALUES ($1, $2, 'x', 'x', 'x', false, 'x')",
                               [id, team.bob.id])
            }
            #expect(search?.sqlState == "42501", "id \(id): \(String(describing: search))")
            let group = #expect(throws: ServiceError.self) {
                try pg.execute("INSERT INTO contact_groups (account_id, name, contact_id, sort_key, sort_key_first, sort_key_company) VALUES ($1, 'x', $2, 'x', 'x', 'x')",
                               [team.bob.id, id])
            }
            #expect(group?.sqlState == "42501", "id \(id): \(String(describing: group))")
        }
        // A member's populate still names its own contacts by the ids the database handed it.
        var generator = ContactGenerator(seed: 3)
        try PostgresContactsStore(database: bob, accountID: team.bob.id).addMany(count: 50, generator: &generator, friendPercent: 0)
        #expect(try pg.scalarInt("SELECT count(*) FROM contact_search s JOIN contacts c ON c.id = s.id WHERE c.account_id = $1", [team.bob.id]) == 50)
    }

    /// Item 4: bob fills his own book's sync queue and bindings with alice's contact ids and the
    /// next ids: refused, and her edits and new contacts are queued.
    @Test func aMemberCannotFillTheSyncTablesWithAnothersContacts() throws {
        let team = try Team()
        let alice = try team.asAlice(), bob = try team.asBob()
        let aliceSync = PostgresSyncStore(database: alice), bobSync = PostgresSyncStore(database: bob)
        let alices = PostgresContactsStore(database: alice, accountID: team.alice.id)
        let ada = try alices.add(ContactRecord(firstName: "Ada", lastName: "Lovelace"))
        _ = try aliceSync.addAccount(accountID: team.alice.id, url: "https://dav.example/", homeURL: "https://dav.example/alice/", username: "alice",
                                     passwordCommand: nil, caFile: nil, books: [(url: "https://dav.example/alice/book/", displayName: "Alice's")])
        try aliceSync.dequeue(try #require(try aliceSync.queued(contact: ada)).id)
        let bobSyncID = try bobSync.addAccount(accountID: team.bob.id, url: "https://dav.example/", homeURL: "https://dav.example/bob/", username: "bob",
                                               passwordCommand: nil, caFile: nil, books: [(url: "https://dav.example/bob/book/", displayName: "Bob's")])
        let bobBook = try #require(try bobSync.books(of: bobSyncID).first).id

        let pg = bob.connection
        let next = try #require(try pg.scalarInt("SELECT nextval('contacts_id_seq')"))
        let queue = #expect(throws: ServiceError.self) {
            try pg.execute("""
                INSERT INTO sync_queue (book_id, contact_id, kind, queued_at)
                SELECT $1, n, 'edit', 0 FROM (SELECT $2::bigint AS n UNION ALL SELECT generate_series($3::bigint, $3::bigint + 1000)) ids
                """, [bobBook, ada, next])
        }
        #expect(queue?.sqlState == "42501", "\(String(describing: queue))")
        let cards = #expect(throws: ServiceError.self) {
            try pg.execute("INSERT INTO sync_cards (contact_id, book_id, href, card) VALUES ($1, $2, '/x.vcf', '')", [ada, bobBook])
        }
        #expect(cards?.sqlState == "42501")
        for table in ["sync_conflicts (book_id, contact_id, href, kind, fields, local_record, found_at) VALUES ($1, $2, '/x', 'fields', '[]', '', 0)",
                      "sync_problems (book_id, contact_id, href, kind, reason, found_at) VALUES ($1, $2, '/x', 'refused', 'x', 0)"] {
            let planted = #expect(throws: ServiceError.self) { try pg.execute("INSERT INTO " + table, [bobBook, ada]) }
            #expect(planted?.sqlState == "42501", "\(table)")
        }
        // Alice's edit and her new contact are queued, in her book.
        var edited = try #require(try alices.contact(id: ada))
        edited.notes = "edited"
        _ = try alices.update(edited)
        let grace = try alices.add(ContactRecord(firstName: "Grace", lastName: "Hopper"))
        #expect(try aliceSync.queued(contact: ada) != nil) // an add still: ada was never sent
        #expect(try aliceSync.queued(contact: grace)?.kind == .add)
        // His own contacts he queues as before.
        let own = try PostgresContactsStore(database: bob, accountID: team.bob.id).add(ContactRecord(firstName: "Bea", lastName: "Babbage"))
        #expect(try bobSync.queued(contact: own)?.kind == .add)
    }

    /// Item 5: the activity log is not skipped by `switchboard.bulk`, by a temporary table named
    /// `activity`, nor by moving a team contact into a private book (refused); every function of
    /// switchboard's runs on a fixed search path.
    @Test func noClientSettingOrTemporaryTableSkipsTheLog() throws {
        let team = try Team()
        let alice = try team.asAlice()
        let plumber = try PostgresContactsStore(database: alice, accountID: team.teamBook).add(ContactRecord(firstName: "Team", lastName: "Plumber"))
        let logged = { () throws -> Int in
            try team.server.count("SELECT count(*) FROM activity WHERE kind = 'contact_edited' AND contact_id = \(plumber) AND actor = '\(team.alice.username)'")
        }
        let pg = alice.connection
        try pg.executeScript("BEGIN; SET LOCAL switchboard.bulk = 'on'; UPDATE contacts SET notes = 'unlogged?' WHERE id = \(plumber); COMMIT")
        #expect(try logged() == 1, "a bulk setting skips no team book change")
        try pg.executeScript("""
            CREATE TEMP TABLE activity (id BIGSERIAL, account_id BIGINT, at BIGINT, kind TEXT, subject TEXT, contact_id BIGINT, subject_key TEXT, actor TEXT);
            CREATE TEMP TABLE sync_queue (id BIGSERIAL, book_id BIGINT, contact_id BIGINT, kind TEXT, href TEXT, etag TEXT, queued_at BIGINT);
            UPDATE contacts SET notes = 'into the temporary table?' WHERE id = \(plumber);
            """)
        #expect(try logged() == 2, "the trigger writes the directory's log, not a temporary table")
        #expect(try pg.scalarInt("SELECT count(*) FROM pg_temp.activity") == 0)
        // The card export writes, changed alone: logged too (only the sync engine's own keeping of it is not).
        try pg.execute("UPDATE contacts SET card = $1 WHERE id = $2", ["BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Team Plumber\r\nX-PLANTED:1\r\nEND:VCARD\r\n", plumber])
        #expect(try logged() == 3)
        let moved = #expect(throws: ServiceError.self) { try pg.execute("UPDATE contacts SET account_id = $1 WHERE id = $2", [team.alice.id, plumber]) }
        #expect(moved?.sqlState == "42501")
        #expect(try team.server.count("SELECT count(*) FROM contacts WHERE id = \(plumber) AND account_id = \(team.teamBook)") == 1)
        // A member's own bulk load into their own book still logs one event of its own, not one a row
        // (on a connection of its own: the app's own statements on alice's would write her temporary table).
        var generator = ContactGenerator(seed: 5)
        try PostgresContactsStore(database: try team.asAlice(), accountID: team.alice.id).addMany(count: 20, generator: &generator, friendPercent: 0)
        #expect(try team.server.count("SELECT count(*) FROM activity WHERE account_id = \(team.alice.id)") == 1)
        // Every function of switchboard's has its search path fixed.
        #expect(try team.server.count("""
            SELECT count(*) FROM pg_proc WHERE pronamespace = '\(team.server.schema)'::regnamespace AND proname LIKE 'switchboard%'
              AND NOT coalesce(proconfig::text LIKE '%search_path=\(team.server.schema), pg_catalog, pg_temp%', false)
            """) == 0)
    }

    /// Item 7: a change to alice's own contacts is announced only where alice listens; the
    /// directory's channel, which anyone may LISTEN to, carries the team book's id and nothing else.
    @Test func announcementsCarryNothingOfAnotherMembersOwnBook() throws {
        let team = try Team()
        let alice = try team.asAlice(), bob = try team.asBob()
        let channel = try bob.connection.execute("SELECT quote_ident('switchboard:' || current_schema())").text(0, 0)
        try bob.connection.executeScript("LISTEN \(channel)")
        let hers = try PostgresChangeListener(uri: team.server.uri, signIn: PostgresSignIn(role: team.alice.username, password: "alice's secret"))
        _ = try PostgresContactsStore(database: alice, accountID: team.alice.id).add(ContactRecord(firstName: "Alice's", lastName: "Secret"))
        #expect(hers.changedAccounts(waitingUpTo: 5_000) == [team.alice.id])
        _ = try bob.connection.execute("SELECT 1")
        #expect(bob.connection.notifications().isEmpty, "bob hears nothing of alice's own book")
        _ = try PostgresContactsStore(database: alice, accountID: team.teamBook).add(ContactRecord(firstName: "Team", lastName: "Plumber"))
        _ = try bob.connection.execute("SELECT 1")
        #expect(bob.connection.notifications().map(\.payload) == [String(team.teamBook)])
        // His own listener hears the team book; hers, her settings too.
        #expect(hers.changedAccounts(waitingUpTo: 5_000) == [team.teamBook])
    }
}

extension TeamMemberAttackTests {
    /// A team directory of schema 20 (before these guards), with a password command and a planted
    /// queue row in it: the owner's next open migrates it, and the command, the row and the
    /// unguarded functions are gone.
    @Test func anOlderTeamDirectoryGetsTheGuardsWhenTheOwnerUpgradesIt() throws {
        let team = try Team()
        let bob = try team.asBob()
        let bobSync = PostgresSyncStore(database: bob)
        let syncID = try bobSync.addAccount(accountID: team.bob.id, url: "https://dav.example/", homeURL: "https://dav.example/bob/", username: "bob",
                                            passwordCommand: nil, caFile: nil, books: [(url: "https://dav.example/bob/b/", displayName: "b")])
        let book = try #require(try bobSync.books(of: syncID).first).id
        let alicesContact = try PostgresContactsStore(database: try team.asAlice(), accountID: team.alice.id).add(ContactRecord(firstName: "Ada", lastName: "Lovelace"))
        // What a version 20 directory could hold: no CHECK, a command, a row planted by bob, functions without a search path.
        let owner = try PostgresConnection(uri: team.server.uri)
        for sql in ["ALTER TABLE sync_accounts DROP CONSTRAINT sync_accounts_password_command_is_local",
                    "UPDATE sync_accounts SET password_command = 'touch /tmp/pwned' WHERE id = \(syncID)",
                    "INSERT INTO sync_queue (book_id, contact_id, kind, queued_at) VALUES (\(book), \(alicesContact), 'edit', 0)",
                    "ALTER FUNCTION switchboard_contact_changed() RESET search_path",
                    PostgresTestServer.undoMailStep,
                    "UPDATE switchboard_schema SET version = 20"] {
            try owner.executeScript(sql)
        }
        #expect(try team.server.count("SELECT count(*) FROM sync_queue WHERE contact_id = \(alicesContact)") == 1)
        let upgraded = try team.server.open()
        #expect(try upgraded.schemaVersionFound() == PostgresDatabase.schemaVersion)
        #expect(try team.server.count("SELECT count(*) FROM sync_accounts WHERE password_command IS NOT NULL") == 0)
        #expect(try team.server.count("SELECT count(*) FROM sync_queue WHERE contact_id = \(alicesContact)") == 0)
        #expect(try team.server.count("""
            SELECT count(*) FROM pg_proc WHERE pronamespace = '\(team.server.schema)'::regnamespace AND proname = 'switchboard_contact_changed' AND proconfig IS NULL
            """) == 0)
        let again = #expect(throws: ServiceError.self) { try bob.connection.execute("UPDATE sync_accounts SET password_command = 'x'") }
        #expect(again?.sqlState == "23514")
    }
}
