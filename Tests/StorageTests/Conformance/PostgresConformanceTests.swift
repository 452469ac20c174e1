import TestSupport
import App
import AppServices
import Foundation
import Testing
@testable import Storage

/// `StoreConformance` on PostgreSQL — each test in a fresh schema on the server named by
/// `SWITCHBOARD_TEST_POSTGRES_URL` — plus what only a shared server has: migrations of its own
/// schema, clients killed mid-transaction, two clients on one directory, the connection's errors.
/// Skipped, with a printed note, when no server is given (`.ci/run` starts one).
@Suite("Store conformance: PostgreSQL",
       .enabled(if: PostgresTestServer.isAvailable, "set SWITCHBOARD_TEST_POSTGRES_URL (see .ci/postgres) to run the PostgreSQL half"))
struct PostgresConformanceTests {
    func fixture() throws -> StoreFixture { try StoreFixture(.postgresql) }

    @Test func accounts() throws { try StoreConformance.accounts(fixture()) }
    @Test func signInBackoff() throws { try StoreConformance.signInBackoff(fixture()) }
    @Test func changePasswordAndDeleteAccount() throws { try StoreConformance.changePasswordAndDeleteAccount(fixture()) }
    @Test func contactsRoundTrip() throws { try StoreConformance.contactsRoundTrip(fixture()) }
    @Test func listOrderAndPaging() throws { try StoreConformance.listOrderAndPaging(fixture()) }
    @Test func friendsKeysetPaging() throws { try StoreConformance.friendsKeysetPaging(fixture()) }
    @Test func search() throws { try StoreConformance.search(fixture()) }
    @Test func displayNames() throws { try StoreConformance.displayNames(fixture()) }
    @Test func groupCards() throws { try StoreConformance.groupCards(fixture()) }
    @Test func contactsWithAnEmail() throws { try StoreConformance.contactsWithAnEmail(fixture()) }
    @Test func addingManyIsOneTransaction() throws { try StoreConformance.addingManyIsOneTransaction(fixture()) }
    @Test func emailAddressesPreferredFirst() throws { try StoreConformance.emailAddressesPreferredFirst(fixture()) }
    @Test func anEditFromAnOldReadIsRefused() throws { try StoreConformance.anEditFromAnOldReadIsRefused(fixture()) }
    @Test func activity() throws { try StoreConformance.activity(fixture()) }
    @Test func settings() throws { try StoreConformance.settings(fixture()) }
    @Test func settingsCyclingIsOneLine() throws { try StoreConformance.settingsCyclingIsOneLine(fixture()) }
    @Test func populate() throws { try StoreConformance.populate(fixture()) }
    @Test func syncQueueAnImportAndAnotherClientsWritesAreQueuedInOrder() throws {
        try SyncQueueConformance.anImportAndAnotherClientsWritesAreQueuedInOrder(fixture())
    }
    @Test func syncQueueConflictsAndProblemsAreKeptWhole() throws { try SyncQueueConformance.conflictsAndProblemsAreKeptWhole(fixture()) }
    @Test func syncQueueAFailedSyncKeepsTheTimeOfTheLastOneThatWorked() throws {
        try SyncQueueConformance.aFailedSyncKeepsTheTimeOfTheLastOneThatWorked(fixture())
    }
    @Test func syncQueueWithoutASyncAccountNothingIsQueued() throws { try SyncQueueConformance.withoutASyncAccountNothingIsQueued(fixture()) }
    @Test func syncQueueSettingUpQueuesTheContactsThereAreAsAddsAndNewOnesFollow() throws {
        try SyncQueueConformance.settingUpQueuesTheContactsThereAreAsAddsAndNewOnesFollow(fixture())
    }
    @Test func syncQueueASyncedContactsEditsAreOneQueuedEditAndItsDeleteCarriesHrefAndEtag() throws {
        try SyncQueueConformance.aSyncedContactsEditsAreOneQueuedEditAndItsDeleteCarriesHrefAndEtag(fixture())
    }
    @Test func syncQueueTheEnginesWritesQueueNothingAndAFailedApplyLeavesNothingBehind() throws {
        try SyncQueueConformance.theEnginesWritesQueueNothingAndAFailedApplyLeavesNothingBehind(fixture())
    }

    /// On the same generated contacts, every search gives the SQLite file's answer: the same
    /// contacts in the same order, page by page, and the same counts.
    @Test func searchGivesTheSQLiteAnswersOnTheSameData() throws {
        let sqlite = try StoreFixture(.sqlite), pg = try fixture()
        let a = sqlite.contacts(of: try sqlite.makeAccount()), b = pg.contacts(of: try pg.makeAccount())
        for store in [a, b] as [any ContactsUnderTest] {
            var generator = ContactGenerator(seed: 21)
            try store.addMany(count: 3_000, generator: &generator, friendPercent: 15, progress: nil)
            for p in ContactSearchTests.people { _ = try store.add(ContactRecord(firstName: p.first, lastName: p.last, emails: ["\(p.first)@example.org"])) }
        }
        // With statistics, the planner's guesses send the most common phrases through the top of the list.
        try #require(pg.postgres).connection.executeScript("ANALYZE contacts; ANALYZE contact_search")
        let queries = ["a", "b", "z", "jo", "ma", "an", "ann", "smi", "er", "son", "müller", "ИВ", "иван", "佐", "王", "김", "55", "555 01", "+44",
                       "@example", "example.org", "bell", "labs", "société", "x", "zz", "o'", "ä", "engines", "ltd", "vector"]
        for q in queries {
            #expect(try b.count(matching: q) == a.count(matching: q), "count of \(q)")
            #expect(try b.count(matching: q, upTo: 7) == a.count(matching: q, upTo: 7), "capped count of \(q)")
            for offset in [0, 40, 400] {
                #expect(try b.contacts(matching: q, offset: offset, limit: 40) == a.contacts(matching: q, offset: offset, limit: 40), "\(q) from \(offset)")
                // A page with its capped count in one read (one statement on the server) is the two reads' answer.
                for cap in [offset + 40, offset + 40 + 100] {
                    let page = ContactsPage(count: try a.count(matching: q, upTo: cap), rows: try a.contacts(matching: q, offset: offset, limit: 40))
                    #expect(try b.page(matching: q, offset: offset, limit: 40, countingUpTo: cap) == page, "\(q) from \(offset) counting to \(cap)")
                }
            }
        }
        #expect(try b.contacts(matching: "", offset: 2_990, limit: 40) == a.contacts(matching: "", offset: 2_990, limit: 40))
        #expect(try b.friends(before: nil, limit: 30) == a.friends(before: nil, limit: 30))
    }

    /// From an empty database and from every earlier version of the schema, with data in it:
    /// the newest schema, nothing lost, the search documents made again where a step changed them.
    @Test func migrationsFromEmptyAndFromEachEarlierVersion() throws {
        for version in 0..<PostgresDatabase.schemaVersion {
            let server = try PostgresTestServer()
            let old = try server.open(migratingTo: version)
            #expect(try old.schemaVersionFound() == version)
            if version >= 2 {
                try old.connection.execute("INSERT INTO accounts (username, username_key, password_hash, created_at) VALUES ('ada', 'ada', 'x', 1)")
                if version < 8 {
                    try old.connection.execute("""
                        INSERT INTO contacts (account_id, first_name, last_name, company, notes, sort_key, phones, emails, search_text, created_at, updated_at)
                        VALUES (1, 'Grace', 'Hopper', 'Navy', '', 'hopper grace', '[["work", "555 0100"]]', '["grace@navy.mil"]', 'grace hopper', 1, 1)
                        """)
                } else { // step 8 moved the documents to the search rows
                    try old.connection.execute("""
                        INSERT INTO contacts (account_id, first_name, last_name, company, notes, sort_key, phones, emails, created_at, updated_at)
                        VALUES (1, 'Grace', 'Hopper', 'Navy', '', 'hopper grace', '[["work", "555 0100"]]', '["grace@navy.mil"]', 1, 1)
                        """)
                    try old.connection.execute("""
                        INSERT INTO contact_search (id, account_id, sort_key, first_name, last_name, is_friend, search_text)
                        VALUES (1, 1, 'hopper grace', 'Grace', 'Hopper', false, 'grace hopper')
                        """)
                }
                try old.connection.execute("INSERT INTO contact_counts VALUES (1, 1, 0)")
            }
            let new = try server.open()
            #expect(try new.schemaVersionFound() == PostgresDatabase.schemaVersion, "from \(version)")
            // Step 24: e-mail addresses fold beyond ASCII (JÜRGEN is jürgen).
            #expect(try new.connection.execute("SELECT lower('JÜRGEN@EXAMPLE.DE' COLLATE switchboard_fold)").text(0, 0) == "jürgen@example.de", "from \(version)")
            if version >= 2 {
                let store = PostgresContactsStore(database: new, accountID: 1)
                let grace = try #require(try store.contact(id: 1))
                #expect(grace.phones == [.init(label: "work", number: "555 0100")] && grace.emails == ["grace@navy.mil"])
                #expect(grace.revision == 1, "from \(version)")                   // step 9: every stored contact starts at 1
                // Step 8 moves the documents to the search rows, with the list row's names.
                #expect(try store.contacts(matching: "hopp", offset: 0, limit: 5).map(\.lastName) == ["Hopper"], "from \(version)")
                // Step 25 keeps the mail clients' answers, filled from the stored contacts.
                #expect(try store.mailQueryLineCount(for: "ho") == 1 && store.mailQueryLineCount(for: "gr") == 1, "from \(version)")
                var lines: [String] = []
                _ = try store.forEachMailQueryLine(for: "Ho") { batch throws(ServiceError) -> Bool in
                    lines += batch.map { MailClientLine.mutt(email: $0.email, name: $0.name, company: $0.company) }
                    return true
                }
                #expect(lines == ["grace@navy.mil\tGrace Hopper\tNavy"], "from \(version)")
                // Steps 5, 6, 10 and 11 make the documents and word starts again (the row above was written without
                // them): from every version before the last of them (step 10 folds them as searches are: ł as l).
                guard version < 11 else { continue }
                #expect(try store.count(matching: "navy") == 1, "from \(version): the company is searched") // step 5's documents
                #expect(try store.count(matching: "5550100") == 1)
                #expect(try store.contacts(matching: "ho", offset: 0, limit: 5).map(\.id) == [1], "from \(version): word starts") // step 6's
                #expect(try store.count(matching: "g") == 1 && store.count(matching: "n") == 0)
                #expect(try store.count(matching: "55") == 1 && store.count(matching: "5") == 1, "from \(version): phone starts") // step 11's
            }
        }
    }

    /// A populate into a directory with no contacts makes its indexes after the rows: the same
    /// indexes as the schema's are there afterwards (and after a second populate, which keeps them),
    /// and searches of both kinds find the new contacts and one added after.
    @Test func populateIntoAnEmptyDirectoryMakesTheSameIndexesAgain() throws {
        let f = try fixture()
        let pg = try #require(f.postgres).connection
        func indexes() throws -> [String] {
            let rows = try pg.execute("""
                SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN ('contacts', 'contact_word_starts', 'contact_search') ORDER BY indexname
                """)
            return (0..<rows.count).map { rows.text($0, 0) }
        }
        let schema = try indexes()
        #expect(schema.count == 10 && schema.contains { $0.contains("contact_search USING gin") }) // with the first-name and company orders' indexes
        let store = f.contacts(of: try f.makeAccount())
        var generator = ContactGenerator(seed: 5)
        try store.addMany(count: 600, generator: &generator, friendPercent: 10, progress: nil)
        #expect(try indexes() == schema)
        try store.addMany(count: 400, generator: &generator, friendPercent: 10, progress: nil)
        #expect(try indexes() == schema)
        _ = try store.add(ContactRecord(firstName: "Zelda", lastName: "Quuxley", emails: ["zq@example.org"]))
        #expect(try store.count(matching: "") == 1_001)
        #expect(try store.contacts(matching: "quuxl", offset: 0, limit: 5).map(\.lastName) == ["Quuxley"])
        #expect(try store.contacts(matching: "qu", offset: 0, limit: 5).map(\.lastName) == ["Quuxley"])
        #expect(try store.count(matching: "lovelace") > 0)
        // The search rows and word starts were loaded beside, on connections of their own, into tables
        // that then took the places of the empty ones: nothing of them is left under another name.
        #expect(try tables(pg) == Self.schemaTables)
        #expect(try pg.scalarInt("SELECT count(*) FROM contact_word_starts WHERE contact_id NOT IN (SELECT id FROM contacts)") == 0)
        #expect(try pg.scalarInt("SELECT count(*) FROM contact_search s JOIN contacts c USING (id) WHERE s.sort_key = c.sort_key AND s.is_friend = c.is_friend") == 1_001)
        #expect(try pg.scalarInt("SELECT count(*) FROM contact_search") == 1_001)
        // The mail clients' kept answers: the rows the stored contacts make, under the schema's indexes again.
        #expect(try TeamMailQueryRowsTests.keptRows(pg) == TeamMailQueryRowsTests.expectedRows(pg))
        #expect(try pg.scalarInt("SELECT count(*) FROM mail_query_rows") ?? 0 > 1_000)
        #expect(try pg.execute("SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'mail_query_rows' ORDER BY indexname").count == 3)
    }

    /// With a second account in the directory, populate into its empty tables keeps the indexes and
    /// takes no table lock: the other person's screens never wait for the whole load. (The indexes'
    /// ids show whether they were dropped and made again.)
    @Test func populateBesideAnotherAccountLocksNoTable() throws {
        let f = try fixture()
        let pg = try #require(f.postgres).connection
        func indexIDs() throws -> [Int64] {
            let rows = try pg.execute("""
                SELECT c.oid::bigint FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
                WHERE c.relnamespace = to_regnamespace(quote_ident(current_schema())) ORDER BY 1
                """)
            return (0..<rows.count).map { rows.int64($0, 0) }
        }
        let before = try indexIDs()
        let store = f.contacts(of: try f.makeAccount())
        _ = try f.makeAccount("grace")
        var generator = ContactGenerator(seed: 5)
        try store.addMany(count: 300, generator: &generator, friendPercent: 10, progress: nil)
        #expect(try indexIDs() == before)
        #expect(try store.count(matching: "") == 300)
        #expect(try store.contacts(matching: "lovelace", offset: 0, limit: 5).count > 0)
    }

    /// A populate killed midway (SIGKILL: no clean-up) left its load tables and their indexes; the
    /// next populate drops them and works, and a load table of a session still alive is kept.
    @Test func aPopulateAfterOneThatWasKilledWorks() throws {
        let f = try fixture()
        let pg = try #require(f.postgres).connection
        try pg.executeScript("""
            CREATE TABLE contact_search_load_999999 (LIKE contact_search INCLUDING DEFAULTS);
            CREATE INDEX contact_search_in_order_load ON contact_search_load_999999 (account_id, sort_key, id);
            CREATE TABLE contact_word_starts_load_999998 (LIKE contact_word_starts INCLUDING DEFAULTS);
            CREATE INDEX contact_word_starts_in_order_load ON contact_word_starts_load_999998 (account_id, start, sort_key, contact_id);
            """)
        let alive = try pg.scalarInt("SELECT pg_backend_pid()") ?? 0
        try pg.executeScript("CREATE TABLE contact_search_load_\(alive) (LIKE contact_search INCLUDING DEFAULTS)")
        // A killed populate (process 999997, gone) whose load's own process still runs (an index
        // build the server has not yet found orphaned): that process is ended and its table dropped.
        let orphan = try PostgresConnection(uri: try #require(f.testServer).uri)
        try pg.executeScript("CREATE TABLE contact_word_starts_load_999997_\(orphan.backendPID) (LIKE contact_word_starts INCLUDING DEFAULTS)")
        let store = f.contacts(of: try f.makeAccount())
        var generator = ContactGenerator(seed: 5)
        try store.addMany(count: 600, generator: &generator, friendPercent: 10, progress: nil)
        #expect(try store.count(matching: "") == 600)
        #expect(try pg.scalarInt("SELECT count(*) FROM pg_class WHERE relname IN ('contact_search_load_999999', 'contact_word_starts_load_999998')") == 0)
        #expect(try pg.scalarInt("SELECT count(*) FROM pg_class WHERE relname = 'contact_search_load_\(alive)'") == 1)   // a live session's is kept
        #expect(try pg.scalarInt("SELECT count(*) FROM pg_class WHERE relname LIKE 'contact_word_starts_load_999997_%'") == 0)
        #expect(throws: ServiceError.self) { try orphan.executeScript("BEGIN; SELECT 1; COMMIT") } // its process was ended
        try pg.executeScript("DROP TABLE contact_search_load_\(alive)")
    }

    /// A populate that fails (here: for an account the directory does not have) leaves nothing:
    /// no contacts, no search rows, no word starts, and no table of the other connections' loads.
    @Test func aFailedPopulateLeavesNoLoadTable() throws {
        let f = try fixture()
        let pg = try #require(f.postgres).connection
        let ghost = PostgresContactsStore(database: try #require(f.postgres), accountID: 999_999)
        var generator = ContactGenerator(seed: 9)
        #expect(throws: ServiceError.self) { try ghost.addMany(count: 500, generator: &generator, friendPercent: 10) }
        #expect(try tables(pg) == Self.schemaTables)
        #expect(try pg.scalarInt("SELECT count(*) FROM contacts") == 0)
        #expect(try pg.scalarInt("SELECT count(*) FROM contact_word_starts") == 0)
        #expect(try pg.scalarInt("SELECT count(*) FROM contact_search") == 0)
    }

    /// An index definition of `contact_word_starts` made on the load table under its load name.
    @Test func loadIndexDefinitions() {
        #expect(PostgresLoadTable.definition(
            "CREATE INDEX contact_word_starts_in_order ON s1.contact_word_starts USING btree (account_id, start, sort_key, contact_id)",
            on: "contact_word_starts_load_42")
            == "CREATE INDEX contact_word_starts_in_order_load_42 ON contact_word_starts_load_42 USING btree (account_id, start, sort_key, contact_id)")
        #expect(PostgresLoadTable.definition("CREATE UNIQUE INDEX u ON ONLY s.t USING btree (a)", on: "l")
            == "CREATE UNIQUE INDEX u_load ON l USING btree (a)")
        #expect(PostgresLoadTable.definition("nonsense", on: "l") == nil)
    }

    /// The tables of the directory's schema, by name.
    static let schemaTables = ["accounts", "activity", "contact_counts", "contact_groups", "contact_search", "contact_word_starts", "contacts", "deleted_contacts", "group_cards",
                               "mail_counts", "mail_mboxes", "mail_me", "mail_messages", "mail_query_rows", "mail_read_files", "settings",
                               "sign_in_failures", "switchboard_schema", "sync_accounts", "sync_books", "sync_cards", "sync_conflicts",
                               "sync_problems", "sync_queue"]

    private func tables(_ pg: PostgresConnection) throws -> [String] {
        let rows = try pg.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename")
        return (0..<rows.count).map { rows.text($0, 0) }
    }

    @Test func aNewerSchemaOrAnotherProgramsTablesAreRefused() throws {
        let server = try PostgresTestServer()
        let dir = try server.open()
        try dir.connection.execute("UPDATE switchboard_schema SET version = 99")
        #expect(throws: ServiceError.newerSchema(path: dir.server, found: 99, supported: PostgresDatabase.schemaVersion)) { _ = try server.open() }
        let other = try PostgresTestServer()
        try PostgresConnection(uri: other.uri).executeScript("CREATE TABLE invoices (id int)")
        #expect(throws: ServiceError.foreignObjects(server: PostgresConnection.redacted(other.uri), objects: ["table invoices"])) { _ = try other.open() }
    }

    /// Not only tables: a schema holding any view, foreign table, sequence, type or function is
    /// another program's, and nothing is made in it.
    @Test(arguments: [("CREATE VIEW totals AS SELECT 1 AS n", "view totals"),
                      ("CREATE SEQUENCE invoice_numbers", "sequence invoice_numbers"),
                      ("CREATE TYPE mood AS ENUM ('ok', 'sad')", "type mood"),
                      ("CREATE FUNCTION answer() RETURNS int LANGUAGE sql AS 'SELECT 42'", "function answer")])
    func anySchemaObjectOfAnotherProgramIsRefused(sql: String, found: String) throws {
        let other = try PostgresTestServer()
        try PostgresConnection(uri: other.uri).executeScript(sql)
        let error = #expect(throws: ServiceError.self) { _ = try other.open() }
        #expect(error == ServiceError.foreignObjects(server: PostgresConnection.redacted(other.uri), objects: [found]))
        #expect(try other.count("SELECT count(*) FROM pg_tables WHERE schemaname = '\(other.schema)'") == 0)
    }

    /// An emptied (or doubled) version table is named as such, never a raw "relation already exists".
    @Test func anEmptiedVersionTableIsSaidPlainly() throws {
        let server = try PostgresTestServer()
        let dir = try server.open()
        try dir.connection.execute("DELETE FROM switchboard_schema")
        let error = #expect(throws: ServiceError.self) { _ = try server.open() }
        #expect(error?.kind == .damaged && error?.detail.contains("version table (switchboard_schema) holds 0 rows") == true, "\(String(describing: error))")
        // The store's words are the fact; what to do is App's (restore from a backup).
        #expect(error?.detail.contains("Restore") == false && error?.message.contains("Restore it from a backup") == true, "\(error?.message ?? "")")
    }

    /// A directory in a schema whose name has capitals (quoted in search_path, never folded): made,
    /// populated (its index rebuild finds its own indexes), searched.
    @Test func aDirectoryInAMixedCaseSchemaWorks() throws {
        let base = try #require(PostgresTestServer.url)
        let schema = "Sb_Mixed_" + UUID().uuidString.prefix(8)
        let admin = try PostgresConnection(uri: base)
        try admin.executeScript("CREATE SCHEMA \"\(schema)\"")
        defer { try? admin.executeScript("DROP SCHEMA \"\(schema)\" CASCADE") }
        let uri = base + (base.contains("?") ? "&" : "?") + "options=-c%20search_path%3D%22\(schema)%22%2Cpublic"
        let dir = try PostgresDatabase(uri: uri)
        let accounts = PostgresAccountStore(database: dir, session: try LocalSessionFile(server: uri, environment: ["XDG_STATE_HOME": TempFolder().file("s")]),
                                            hasher: PasswordHasher(cost: 1))
        let ada = try accounts.createAccount(username: "ada", password: "analytical", now: 1)
        let store = PostgresContactsStore(database: dir, accountID: ada.id)
        var generator = ContactGenerator(seed: 3)
        try store.addMany(count: 300, generator: &generator, friendPercent: 10)
        _ = try store.add(ContactRecord(firstName: "Zelda", lastName: "Quuxley"))
        #expect(try store.count(matching: "") == 301)
        #expect(try store.contacts(matching: "quuxl", offset: 0, limit: 5).map(\.lastName) == ["Quuxley"])
        #expect(try store.contacts(matching: "qu", offset: 0, limit: 5).map(\.lastName) == ["Quuxley"])
        #expect(try admin.scalarInt("SELECT count(*) FROM \"\(schema)\".contacts") == 301)
    }

    /// A directory in a schema of its own, whose search_path does not reach the schema pg_trgm is in:
    /// made, searched and used like any other.
    @Test func aDirectoryInASchemaOfItsOwnWorks() throws {
        let server = try PostgresTestServer()
        let alone = server.uri.replacingOccurrences(of: "%2Cpublic", with: "")
        let dir = try PostgresDatabase(uri: alone)
        #expect(try dir.schemaVersionFound() == PostgresDatabase.schemaVersion)
        let accounts = PostgresAccountStore(database: dir, session: try LocalSessionFile(server: alone, environment: ["XDG_STATE_HOME": TempFolder().file("s")]),
                                            hasher: PasswordHasher(cost: 1))
        let ada = try accounts.createAccount(username: "ada", password: "analytical", now: 1)
        let store = PostgresContactsStore(database: dir, accountID: ada.id)
        _ = try store.add(ContactRecord(firstName: "Grace", lastName: "Hopper", company: "Navy"))
        #expect(try store.count(matching: "hopp", upTo: 10) == 1)
        #expect(try store.count(matching: "navy", upTo: 10) == 1)
    }

    /// A client killed mid-transaction (its backend ended by the server) leaves nothing half-written,
    /// and its next statement says the connection was lost.
    @Test func aKilledClientLeavesNothingHalfWritten() throws {
        let f = try fixture()
        let ada = try f.makeAccount()
        let store = f.contacts(of: ada) as! PostgresContactsStore
        _ = try store.add(ContactRecord(firstName: "Kept", lastName: "Before"))
        let pg = f.postgres!.connection
        let server = try #require(f.testServer)
        var caught: ServiceError?
        do {
            try pg.transaction { () throws(ServiceError) in
                try pg.execute("""
                    INSERT INTO contacts (account_id, first_name, last_name, company, notes, sort_key, created_at, updated_at)
                    VALUES ($1, 'Half', 'Written', '', '', 'written half', 1, 1)
                    """, [ada.id])
                do { try server.terminate(pg) } catch { Issue.record("terminate: \(error)") }
                try store.adjustCounts(total: 1, friends: 0)
            }
        } catch {
            caught = error
        }
        guard caught?.code == ServiceError.Code.connectionLost else { Issue.record("expected a lost connection, got \(String(describing: caught))"); return }
        #expect(caught!.message.contains("Nothing half-done was kept"))
        let other = try f.secondClient()
        let seen = other.contacts(of: ada)
        #expect(try seen.count(matching: "") == 1)
        #expect(try seen.contacts(matching: "", offset: 0, limit: 10).map(\.firstName) == ["Kept"])
        #expect(try server.count("SELECT count(*) FROM contacts") == 1)
        // The killed client connects again for its next statement (as after a server restart).
        #expect(try store.count(matching: "") == 1)
        #expect(try store.add(ContactRecord(firstName: "After", lastName: "Reconnect")) > 0)
        #expect(try seen.count(matching: "reconnect") == 1)
    }

    /// Two terminals on one directory: what one adds, the other reads at once; the signed-in
    /// state is each machine's own.
    @Test func twoClientsShareTheDirectoryButNotTheSession() throws {
        let one = try fixture()
        let ada = try one.makeAccount()
        let two = try one.secondClient()
        #expect(try one.accounts.savedSession() == ada)
        #expect(try two.accounts.savedSession() == nil) // another machine: not signed in
        let id = try one.contacts(of: ada).add(ContactRecord(firstName: "Grace", lastName: "Hopper", isFriend: true))
        #expect(try two.contacts(of: ada).contacts(matching: "hop", offset: 0, limit: 5).map(\.id) == [id])
        #expect(try two.contacts(of: ada).friendsCount() == 1)
        #expect(try two.contacts(of: ada).setFriend(id: id, false))
        #expect(try one.contacts(of: ada).friendsCount() == 0)
        #expect(try two.accounts.verify(username: "ada", password: "analytical") == ada)
    }

    @Test func connectionProblemsSayWhatToDo() throws {
        let base = try #require(PostgresTestServer.url)
        let missing = base.replacingOccurrences(of: #"/[^/?]*(\?|$)"#, with: "/no_such_db$1", options: .regularExpression)
        #expect(throws: ServiceError.self) { _ = try PostgresConnection(uri: missing) }
        do { _ = try PostgresConnection(uri: missing) } catch {
            guard error.kind == .notFound, error.code == ServiceError.Code.databaseMissing else { Issue.record("\(error)"); return }
            #expect(error.detail == "no_such_db")
            #expect(error.message.contains("createdb no_such_db"))
        }
        let port = try freePort()
        do { _ = try PostgresConnection(uri: "postgresql://nobody_here:secret@127.0.0.1:\(port)/x?connect_timeout=2") } catch {
            guard error.kind == .unavailable, error.code == nil else { Issue.record("\(error)"); return }
            #expect(!error.place.description.contains("secret") && !error.description.contains("secret") && !error.message.contains("secret"))
            #expect(error.message.contains("Is it running"))
        }
        let unknownRole = base.replacingOccurrences(of: #"://[^@]*@"#, with: "://no_such_role:pw@", options: .regularExpression)
        do { _ = try PostgresConnection(uri: unknownRole) } catch {
            guard error.kind == .refused else { Issue.record("\(error)"); return }
            #expect(error.message.contains("Check the user name and password"))
        }
    }

    private func freePort() throws -> Int {
        Int(LoopbackSocket.closedPort())
    }
}

/// Live updates' first half: another client's committed change is announced to a listener,
/// once per transaction, naming the account; a rolled-back change is never announced.
@Suite("Shared directory: change announcements",
       .enabled(if: PostgresTestServer.isAvailable, "set SWITCHBOARD_TEST_POSTGRES_URL (see .ci/postgres) to run the PostgreSQL half"))
struct PostgresChangeListenerTests {
    @Test func anotherClientsCommittedChangesAreAnnounced() throws {
        let one = try StoreFixture(.postgresql)
        let ada = try one.makeAccount(), eve = try one.makeAccount("eve")
        let listener = try PostgresChangeListener(uri: one.testServer!.uri)
        #expect(listener.changedAccounts().isEmpty)
        let two = try one.secondClient()
        let id = try two.contacts(of: ada).add(ContactRecord(firstName: "Grace", lastName: "Hopper"))
        #expect(listener.changedAccounts(waitingUpTo: 5_000) == [ada.id])
        // A rolled-back change says nothing; the next committed one (eve's) comes alone.
        let pg = two.postgres!.connection
        do {
            try pg.transaction { () throws(ServiceError) in
                _ = try two.contacts(of: ada).delete(id: id)
                throw ServiceError.server(.statementFailed(server: "", sqlState: "P0001", message: "changed my mind"))
            }
        } catch {}
        _ = try two.contacts(of: eve).add(ContactRecord(firstName: "Alice", lastName: "Liddell"))
        #expect(listener.changedAccounts(waitingUpTo: 5_000) == [eve.id])
        #expect(try one.contacts(of: ada).contact(id: id) != nil)
        // A populate of 2,000 is one announcement.
        var generator = ContactGenerator(seed: 1)
        try two.contacts(of: ada).addMany(count: 2_000, generator: &generator, friendPercent: 10, progress: nil)
        #expect(listener.changedAccounts(waitingUpTo: 5_000) == [ada.id])
        _ = try two.contacts(of: eve).add(ContactRecord(firstName: "Bob", lastName: "Builder"))
        #expect(listener.changedAccounts(waitingUpTo: 5_000) == [eve.id])
        #expect(!listener.takeMissedChanges())
        // The listener's connection ended by the server: it listens again, and says it may have missed some.
        try one.testServer!.terminate(pid: listener.backendPID)
        // The server's goodbye and the closed socket may come apart: the app's next looks (it
        // asks twice a second) find the connection gone, make it again and say so.
        var missed = false
        for _ in 0..<20 where !missed {
            _ = listener.changedAccounts(waitingUpTo: 500)
            missed = listener.takeMissedChanges()
        }
        #expect(missed)
        _ = try two.contacts(of: ada).add(ContactRecord(firstName: "After", lastName: "Restart"))
        #expect(listener.changedAccounts(waitingUpTo: 5_000) == [ada.id])
    }
}
