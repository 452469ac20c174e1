import TestSupport
import AppServices
import Foundation
import Testing
@testable import Storage

/// Issue 50: the mail clients' kept answers on PostgreSQL (`mail_query_rows`, schema step 25), as
/// SQLite's `QueryIndexMatchesTheSearchTests` checks its own: after seeded random writes by two
/// members (each signed in as their own role) and the owner — adds, edits, deletes, the Trash's
/// restores, merges, imports, populates — every member's two-character answers from the kept rows
/// are the plain search's (the same mutt lines in the same order, the count the distinct lines),
/// and the table holds exactly the rows the stored contacts make. A member reading the table with
/// their own role sees only what they may see of the contacts, and cannot plant rows.
@Suite("The mail clients' kept answers on a team directory: the plain search's after random writes",
       .enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
struct TeamMailQueryRowsTests {
    typealias Team = TeamDirectoryTests.Team

    /// Every kept row, as text, sorted (the owner reads them all).
    static func keptRows(_ pg: PostgresConnection) throws -> [String] {
        let rows = try pg.execute("SELECT account_id, prefix, inside, sort_key, contact_id, place, address_key, line FROM mail_query_rows")
        return (0..<rows.count).map { i in (0..<8).map { rows.text(i, $0) }.joined(separator: "|") }.sorted()
    }

    /// The rows the stored contacts make (`PostgresMailQueryRows.rows`), as `keptRows` gives them.
    static func expectedRows(_ pg: PostgresConnection) throws -> [String] {
        let c = try pg.execute("""
            SELECT id, account_id, first_name, last_name, display_name, middle_name, company, emails::text, preferred_email, sort_key FROM contacts
            """)
        var cache = SearchText.FoldCache(), out: [String] = []
        for i in 0..<c.count {
            let emails = PostgresContactLists.decode(phones: "[]", emails: c.text(i, 7)).emails
            for row in PostgresMailQueryRows.rows(firstName: c.text(i, 2), lastName: c.text(i, 3), displayName: c.text(i, 4), middleName: c.text(i, 5),
                                                  company: c.text(i, 6), emails: emails, preferred: c.isNull(i, 8) ? nil : Int(c.int64(i, 8)), cache: &cache) {
                out.append([c.text(i, 1), row.prefix, row.inside ? "1" : "0", c.text(i, 9), c.text(i, 0), String(row.place), row.addressKey, row.line]
                    .joined(separator: "|"))
            }
        }
        return out.sorted()
    }

    /// A store's answer to `query` as mutt lines, from the kept rows, and its count.
    static func kept(_ store: PostgresContactsStore, _ query: String) throws -> (lines: [String], count: Int?) {
        var lines: [String] = []
        _ = try store.forEachMailQueryLine(for: query) { batch throws(ServiceError) -> Bool in
            lines += batch.map { MailClientLine.mutt(email: $0.email, name: $0.name, company: $0.company) }
            return true
        }
        return (lines, try store.mailQueryLineCount(for: query))
    }

    @Test func theKeptAnswersAreThePlainSearchsAfterRandomWritesByTwoMembersAndTheOwner() throws {
        let team = try Team()
        let alice = try team.asAlice(), bob = try team.asBob()
        var rng = SeededGenerator(seed: 2_512)
        let firsts = ["Jo", "John", "Joan", "Józef", "Mary", "Ma", "Max", "Ada", "Åsa", "", "Jürgen"]
        let lasts = ["Jones", "Major", "de la Mare", "Jo-Ann", "Müller", "", "Adams", "Gödel"]
        let companies = ["", "Joint Co", "Majestic Ltd", "Ada\tWorks"]
        let displays = ["", "", "", "Jo Ma", "Dr. Adams"]
        func pick(_ items: [String]) -> String { items[Int(rng.next() % UInt64(items.count))] }
        func contact(_ serial: Int) -> ContactRecord {
            let emails = (0..<Int(rng.next() % 4)).map { n in
                ["p\(serial)x\(n)@example.org", "Jo.\(serial)@Example.ORG", "shared@example.org", "a b\(n)@example.org", "ma\(n)@x.example"][Int(rng.next() % 5)]
            }
            var record = ContactRecord(firstName: pick(firsts), lastName: pick(lasts), phones: [], emails: emails, company: pick(companies),
                                       notes: "", isFriend: false)
            record.formattedName = pick(displays)
            record.middleName = rng.next() % 6 == 0 ? "Mae" : ""
            if !emails.isEmpty, rng.next() % 3 == 0 { record.preferredEmail = Int(rng.next() % UInt64(emails.count)) }
            return record
        }
        // Who writes which book: each member their own (alice, an editor, the team book too), the owner every one.
        let writers: [(PostgresDatabase, Int64)] = [(alice, team.alice.id), (alice, team.teamBook), (bob, team.bob.id),
                                                    (team.owner, team.alice.id), (team.owner, team.bob.id), (team.owner, team.teamBook)]
        var serial = 0
        for (db, book) in writers {
            let store = PostgresContactsStore(database: db, accountID: book)
            for _ in 0..<25 { serial += 1; _ = try store.add(contact(serial)) }
        }
        var generator = ContactGenerator(seed: 7)
        for step in 0..<160 {
            let (db, book) = writers[Int(rng.next() % UInt64(writers.count))]
            let store = PostgresContactsStore(database: db, accountID: book)
            let ids = try store.contacts(matching: "", offset: 0, limit: 10_000).map(\.id)
            let some = ids.isEmpty ? nil : ids[Int(rng.next() % UInt64(ids.count))]
            switch rng.next() % 8 {
            case 0, 1:
                serial += 1
                _ = try store.add(contact(serial))
            case 2, 3:
                guard let id = some, var record = try store.contact(id: id) else { continue }
                let other = contact(serial + 1_000)
                switch rng.next() % 4 {
                case 0: record.emails = other.emails; record.preferredEmail = other.preferredEmail
                case 1: record.firstName = other.firstName; record.lastName = other.lastName
                case 2: record.formattedName = other.formattedName; record.company = other.company
                default: record.middleName = other.middleName; record.emails += other.emails
                }
                _ = try store.update(record)
            case 4:
                guard let id = some else { continue }
                _ = try store.delete(id: id)
            case 5:
                // Two deleted together, then brought back from the Trash.
                _ = try store.delete(ids: Array(ids.prefix(2)))
                if rng.next() % 2 == 0 { _ = try store.restoreLastDeletes() }
            case 6:
                guard ids.count > 1, let kept = try store.contact(id: ids[0]) else { continue }
                var merged = kept
                merged.emails += (try store.contact(id: ids[1]))?.emails ?? []
                _ = try store.merge(merged, removing: ids[1])
            default:
                if step % 2 == 0 {
                    let importer = try store.importer()
                    serial += 1
                    _ = try importer.take(contact(serial))
                    try importer.finish(subject: "test")
                } else {
                    try store.addMany(count: 12, generator: &generator, friendPercent: 10, progress: nil)
                }
            }
        }
        // The table holds exactly the rows the contacts make.
        #expect(try Self.keptRows(team.owner.connection) == Self.expectedRows(team.owner.connection))

        // Each member's answers from the kept rows are the plain search's, in the same order.
        for (db, book) in [(alice, team.alice.id), (alice, team.teamBook), (bob, team.bob.id), (bob, team.teamBook), (team.owner, team.bob.id)] {
            for query in ["jo", "Jo", "ma", "mü", "ad", "ju", "go", "åa", "as", "de", "ja", "zz", "Ma"] {
                let store = PostgresContactsStore(database: db, accountID: book)
                let plain = try TeamMailQueryTests.plainLines(store, query).map { MailClientLine.mutt(email: $0.email, name: $0.name, company: $0.company) }
                let answer = try Self.kept(PostgresContactsStore(database: db, accountID: book), query)
                #expect(answer.lines == plain, "book \(book), “\(query)”")
                #expect(answer.count == Set(plain).count, "book \(book), “\(query)”")
            }
        }
        // Bob's answers never hold alice's lines (nor her book's rows).
        #expect(try bob.connection.scalarInt("SELECT count(*) FROM mail_query_rows WHERE account_id = $1", [team.alice.id]) == 0)
    }

    /// A member with their own role, as psql would: reads only their own book's rows and the team
    /// book's, cannot plant rows in another's book or tie their own to another's contact, and
    /// cannot change or delete another's.
    @Test func aMemberCannotReadOrPlantAnothersLines() throws {
        let team = try Team()
        let alice = try team.asAlice(), bob = try team.asBob()
        let secret = try PostgresContactsStore(database: alice, accountID: team.alice.id)
            .add(ContactRecord(firstName: "Joanna", lastName: "Secret", emails: ["joanna@alice.example"]))
        _ = try PostgresContactsStore(database: alice, accountID: team.teamBook).add(ContactRecord(firstName: "Jolly", lastName: "Plumber", emails: ["jolly@team.example"]))
        let own = try PostgresContactsStore(database: bob, accountID: team.bob.id).add(ContactRecord(firstName: "Josh", lastName: "Bob", emails: ["josh@bob.example"]))
        #expect(try team.owner.connection.scalarInt("SELECT count(*) FROM mail_query_rows WHERE account_id = $1", [team.alice.id]) ?? 0 > 0)

        let pg = bob.connection
        #expect(try pg.scalarInt("SELECT count(*) FROM mail_query_rows WHERE account_id = $1", [team.alice.id]) == 0)
        #expect(try pg.scalarInt("SELECT count(*) FROM mail_query_rows WHERE line LIKE '%alice.example%'") == 0)
        #expect(try pg.scalarInt("SELECT count(*) FROM mail_query_rows WHERE contact_id = $1", [secret]) == 0)
        #expect(try pg.scalarInt("SELECT count(*) FROM mail_query_rows WHERE account_id = $1", [team.teamBook]) ?? 0 > 0) // the team book: read
        #expect(try pg.scalarInt("SELECT count(*) FROM mail_query_rows WHERE account_id = $1", [team.bob.id]) ?? 0 > 0)
        // Nothing of alice's changes or goes.
        #expect(try pg.execute("UPDATE mail_query_rows SET line = 'x' WHERE account_id = $1", [team.alice.id]).affected == 0)
        #expect(try pg.execute("DELETE FROM mail_query_rows WHERE account_id = $1", [team.alice.id]).affected == 0)
        #expect(try pg.execute("DELETE FROM mail_query_rows WHERE account_id = $1", [team.teamBook]).affected == 0) // not an editor
        // Rows planted in alice's book, in the team book, or in his own tied to alice's contact: refused.
        for (account, contact) in [(team.alice.id, secret), (team.teamBook, own), (team.bob.id, secret)] {
            #expect(throws: ServiceError.self, "account \(account), contact \(contact)") {
                try pg.execute("""
                    INSERT INTO mail_query_rows (account_id, prefix, inside, sort_key, contact_id, place, address_key, line)
                    VALUES ($1, 'jo', 0, 'a', $2, 0, 'evil@x', 'evil@x\tEvil\t')
                    """, [account, contact])
            }
        }
        // Alice's answer is as it was.
        let answer = try Self.kept(PostgresContactsStore(database: alice, accountID: team.alice.id), "jo")
        #expect(answer.lines == ["joanna@alice.example\tJoanna Secret\t"] && answer.count == 1)
    }

    /// A team directory made at version 24 and migrated: step 25 fills the rows of every member's
    /// contacts and puts the policies on them, so a member reads their own and the team book's only.
    @Test func step25OnATeamDirectoryFillsTheRowsUnderTheSamePolicies() throws {
        let server = try PostgresTestServer()
        let old = try server.open(migratingTo: 24)
        _ = try PostgresTeamDirectory.initialize(old, now: 1)
        let suffix = String(UUID().uuidString.prefix(8)).lowercased()
        let alice = try PostgresTeamDirectory.addMember(old, name: "alice_" + suffix, password: "alice's secret", editor: true, now: 2)
        let bob = try PostgresTeamDirectory.addMember(old, name: "bob_" + suffix, password: "bob's secret", editor: false, now: 3)
        let teamBook = try #require(old.teamBookID)
        for (account, first, email) in [(alice.id, "Joanna", "joanna@alice.example"), (bob.id, "Josh", "josh@bob.example"),
                                        (teamBook, "Jolly", "jolly@team.example")] {
            try old.connection.execute("""
                INSERT INTO contacts (account_id, first_name, last_name, company, notes, sort_key, phones, emails, created_at, updated_at)
                VALUES ($1, $2, 'Smith', '', '', lower('smith ' || $2), '[]', jsonb_build_array($3::text), 1, 1)
                """, [account, first, email])
        }
        #expect(try old.connection.scalarInt("SELECT count(*) FROM pg_tables WHERE tablename = 'mail_query_rows' AND schemaname = current_schema()") == 0)
        let owner = try server.open()
        #expect(try owner.schemaVersionFound() == PostgresMigrations.latest)
        #expect(try Self.keptRows(owner.connection) == Self.expectedRows(owner.connection))

        let asBob = try PostgresDatabase(uri: server.uri, signIn: PostgresSignIn(role: bob.username, password: "bob's secret"))
        #expect(try asBob.connection.scalarInt("SELECT count(*) FROM mail_query_rows WHERE account_id = $1", [alice.id]) == 0)
        #expect(try Self.kept(PostgresContactsStore(database: asBob, accountID: bob.id), "jo").lines == ["josh@bob.example\tJosh Smith\t"])
        #expect(try Self.kept(PostgresContactsStore(database: asBob, accountID: teamBook), "sm").lines == ["jolly@team.example\tJolly Smith\t"])
        #expect(throws: ServiceError.self) {
            try asBob.connection.execute("""
                INSERT INTO mail_query_rows (account_id, prefix, inside, sort_key, contact_id, place, address_key, line)
                VALUES ($1, 'jo', 0, 'a', (SELECT min(id) FROM contacts), 0, 'evil@x', 'evil@x\tEvil\t')
                """, [alice.id])
        }
        let asAlice = try PostgresDatabase(uri: server.uri, signIn: PostgresSignIn(role: alice.username, password: "alice's secret"))
        #expect(try Self.kept(PostgresContactsStore(database: asAlice, accountID: alice.id), "jo") == (["joanna@alice.example\tJoanna Smith\t"], 1))
    }
}
