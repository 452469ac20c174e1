import TestSupport
import AppServices
import Foundation
import Testing
@testable import Storage

/// Issue 50: a mail client's query on a team directory (`switchboard query`, which mutt runs at
/// each Tab) waits on the server's round trips. Against the real server, each member signed in
/// as their own role: opening a directory at the newest schema is two round trips (the
/// session's settings with the catalog's answers, then the version and the team's facts in one
/// batch; it was nine, one statement each), and a search of two characters is one statement a
/// page of contacts with their addresses, paged by key — mutt's whole answer one statement,
/// aerc's a small first page then the rest — answering the lines the plain search does (the
/// word starts' page by offset, then each page's addresses), never another member's.
@Suite("A mail client's query on a team directory: few round trips, the search's lines",
       .enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
struct TeamMailQueryTests {
    typealias Team = TeamDirectoryTests.Team

    @Test func openingADirectoryAtTheNewestSchemaIsTwoRoundTrips() throws {
        let team = try Team()
        let bob = try team.asBob()
        #expect(bob.connection.roundTrips == 2, "the session's settings and the catalog, then the version and the team's facts")
        #expect(bob.teamBookID == team.teamBook && bob.searchesThroughTeamFunctions && bob.memberAtOpening == team.bob)
        let owner = try team.server.open()
        #expect(owner.connection.roundTrips == 2)
        #expect(owner.teamBookID == team.teamBook && !owner.searchesThroughTeamFunctions && owner.memberAtOpening == nil)

        // Read step by step, the same facts.
        #expect(try PostgresTeamDirectory.teamAccountID(ofTeamDirectoryOn: bob.connection) == bob.teamBookID)
        #expect(try PostgresTeamSearch.applies(on: bob.connection) == bob.searchesThroughTeamFunctions)
        #expect(try PostgresTeamDirectory.account(ofSignedInRoleOn: bob.connection) == bob.memberAtOpening)

        // A directory not set up for a team: two round trips too, no team.
        let plain = try PostgresTestServer()
        _ = try plain.open() // made and migrated, step by step
        let again = try plain.open()
        #expect(again.connection.roundTrips == 2 && again.teamBookID == nil && again.memberAtOpening == nil)
        // One asked for at an older version than it is: left as it is (the step-by-step path decides).
        let older = try plain.open(migratingTo: PostgresMigrations.latest - 1)
        #expect(try older.schemaVersionFound() == PostgresMigrations.latest)
    }

    /// A member's lines for `query` as the plain search reads them: the matches in list order a
    /// page at a time, then each page's addresses; starting matches first, then those inside a word.
    static func plainLines(_ store: PostgresContactsStore, _ query: String) throws -> [MailQueryLine] {
        let ranking = QueryRanking(query)
        var lines: [MailQueryLine] = []
        try store.forEachContactID(matching: query) { ids throws(ServiceError) -> Bool in
            for row in try store.emailAddresses(ofContacts: ids) {
                lines.append(MailQueryLine(email: row.email, name: row.name, company: row.company,
                                           insideAWord: !ranking.startsAWord(name: row.name.isEmpty ? row.company : row.name, email: row.email)))
            }
            return true
        }
        return lines.filter { !$0.insideAWord } + lines.filter(\.insideAWord)
    }

    static func handed(_ store: PostgresContactsStore, _ query: String) throws -> [MailQueryLine] {
        var lines: [MailQueryLine] = []
        #expect(try store.forEachMailQueryLine(for: query) { batch throws(ServiceError) -> Bool in lines += batch; return true })
        return lines
    }

    @Test func aTwoCharacterQueryIsOneStatementAPageAndTheSearchsLines() throws {
        let team = try Team()
        let alice = try team.asAlice(), bob = try team.asBob()
        var rng = SeededGenerator(seed: 50)
        let firsts = ["Jo", "John", "Joan", "Józef", "Mary", "Ma", "Max", "Ada"], lasts = ["Jones", "Major", "de la Mare", "Jo-Ann", "Müller", ""]
        let companies = ["", "Joint Co", "Majestic Ltd"]
        func pick(_ items: [String]) -> String { items[Int(rng.next() % UInt64(items.count))] }
        func contact(_ serial: Int, domain: String) -> ContactRecord {
            let emails = (0..<Int(rng.next() % 3)).map { "p\(serial)x\($0)@\(domain)" } + (rng.next() % 5 == 0 ? ["shared@\(domain)"] : [])
            var record = ContactRecord(firstName: pick(firsts), lastName: pick(lasts), phones: [], emails: emails, company: pick(companies), notes: "", isFriend: false)
            if !emails.isEmpty, rng.next() % 3 == 0 { record.preferredEmail = Int(rng.next() % UInt64(emails.count)) }
            return record
        }
        let alices = PostgresContactsStore(database: alice, accountID: team.alice.id)
        for serial in 0..<400 { _ = try alices.add(contact(serial, domain: "alice.example")) }
        let bobs = PostgresContactsStore(database: bob, accountID: team.bob.id)
        for serial in 0..<60 { _ = try bobs.add(contact(serial, domain: "bob.example")) }
        _ = try PostgresContactsStore(database: alice, accountID: team.teamBook).add(contact(999, domain: "team.example"))

        // Each statement's first run is one round trip, its second prepares it (two), every later one is one:
        // run both kinds twice first, so each counted statement below is one round trip.
        for _ in 0..<2 {
            let warm = PostgresContactsStore(database: alice, accountID: team.alice.id)
            _ = try warm.mailQueryLineCount(for: "jo")
            _ = try Self.handed(warm, "jo")
            _ = try Self.handed(warm, "jo")
        }
        for query in ["jo", "Ma", "ma", "mü", "ad", "de", "zz"] {
            let expected = try Self.plainLines(PostgresContactsStore(database: alice, accountID: team.alice.id), query)
            #expect(!expected.contains { !$0.email.hasSuffix("@alice.example") }, "only alice's own book")

            // mutt: the count is one statement (the kept rows' distinct lines), then the lines.
            let mutt = PostgresContactsStore(database: alice, accountID: team.alice.id)
            var before = alice.connection.roundTrips
            let count = try #require(try mutt.mailQueryLineCount(for: query))
            #expect(alice.connection.roundTrips - before == 1, "“\(query)”: mutt's count in one statement")
            #expect(count == Set(expected.map { MailClientLine.mutt(email: $0.email, name: $0.name, company: $0.company) }).count)

            // The lines (each one kept row): a first page of 64 rows, then the rest in one statement.
            before = alice.connection.roundTrips
            #expect(try Self.handed(mutt, query) == expected, "“\(query)”")
            let trips = alice.connection.roundTrips - before
            #expect(trips == (expected.count >= PostgresContactsStore.firstMailQueryPage ? 2 : 1), "“\(query)”: \(expected.count) lines in \(trips) statements")
        }
        // The plain search's pages of a word start, read by key from the index alone: the ids the list gives, in its order.
        for query in ["j", "m", "jo", "ma", "a", "zz"] {
            var ids: [Int64] = [], pages = 0
            try alices.forEachContactID(matching: query) { batch throws(ServiceError) -> Bool in ids += batch; pages += 1; return true }
            #expect(ids == (try alices.contacts(matching: query, offset: 0, limit: 10_000)).map(\.id), "“\(query)”")
            if query == "j" || query == "m" { #expect(pages >= 2, "“\(query)”: \(ids.count) contacts in \(pages) pages") }
        }
        // Not a two-character word start: the plain search answers it.
        #expect(try alices.mailQueryLineCount(for: "joh") == nil && alices.mailQueryLineCount(for: "12") == nil)
        #expect(try alices.mailQueryLines(for: "j", addressKeys: []) == nil)
    }
}
