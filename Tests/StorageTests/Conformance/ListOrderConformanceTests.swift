import AppServices
import Testing
@testable import Storage

/// The list by first name and by company (issue 39) on both stores: the order of the whole list, a
/// page across a window's edge and from the end, a search in that order, a contact's place, and
/// the keys kept right through an edit.
@Suite("The list's orders on both stores")
struct ListOrderConformanceTests {
    static func contact(_ first: String, _ last: String, company: String = "") -> ContactRecord {
        ContactRecord(firstName: first, lastName: last, company: company)
    }

    static func names(_ page: ContactsPage) -> [String] { page.rows.map(\.name) }

    static func check(_ f: StoreFixture) throws {
        let store = f.contacts(of: try f.makeAccount())
        _ = try store.add(contact("Grace", "Hopper", company: "US Navy"))
        _ = try store.add(contact("Ada", "Lovelace", company: "Analytical Engines"))
        _ = try store.add(contact("Alan", "Turing"))
        _ = try store.add(contact("Charles", "Babbage", company: "analytical engines"))
        _ = try store.add(contact("", "", company: "Zuse KG"))
        let page = { (order: ContactListOrder, query: String, offset: Int, limit: Int) throws in
            try store.page(matching: query, in: order, offset: offset, limit: limit, countingUpTo: .max)
        }
        #expect(try names(page(.lastName, "", 0, 10)) == ["Charles Babbage", "Grace Hopper", "Ada Lovelace", "Alan Turing", "Zuse KG"])
        #expect(try names(page(.firstName, "", 0, 10)) == ["Ada Lovelace", "Alan Turing", "Charles Babbage", "Grace Hopper", "Zuse KG"])
        // By company, letters' case aside, then by last name; those without a company last.
        #expect(try names(page(.company, "", 0, 10)) == ["Charles Babbage", "Ada Lovelace", "Grace Hopper", "Zuse KG", "Alan Turing"])
        // A page in the middle, and one counted from the end, agree with the whole list.
        #expect(try names(page(.firstName, "", 1, 2)) == ["Alan Turing", "Charles Babbage"])
        #expect(try names(page(.company, "", 3, 2)) == ["Zuse KG", "Alan Turing"])
        #expect(try page(.company, "", 3, 2).count == 5)
        // Each row's key is the order's: its first letter is the row's section; no company is last.
        #expect(try page(.company, "", 0, 10).rows.map { String($0.sortKey.prefix(1)) } == ["a", "a", "u", "z", ContactListOrder.noCompany])
        // A search, in the order asked for (one letter at a word's start; three anywhere).
        #expect(try names(page(.firstName, "a", 0, 10)) == ["Ada Lovelace", "Alan Turing"])
        #expect(try names(page(.firstName, "ana", 0, 10)) == ["Ada Lovelace", "Charles Babbage"])
        #expect(try names(page(.company, "ana", 0, 10)) == ["Charles Babbage", "Ada Lovelace"])
        #expect(try page(.company, "ana", 1, 10) == ContactsPage(count: 2, rows: [try page(.lastName, "lovelace", 0, 1).rows[0]].map {
            ContactSummary(id: $0.id, firstName: $0.firstName, lastName: $0.lastName, isFriend: false,
                           sortKey: "analytical engines\u{1}lovelace ada", displayName: $0.displayName)
        }))
        // Where a contact stands in each order.
        let turing = try #require(try page(.lastName, "turing", 0, 1).rows.first)
        #expect(try store.listIndex(ofContact: turing.id, in: .firstName) == 1)
        #expect(try store.listIndex(ofContact: turing.id, in: .company) == 4)
        #expect(try store.listIndex(ofContact: turing.id, in: .lastName) == 3)
        // An edit moves the contact in every order.
        var alan = try #require(try store.contact(id: turing.id))
        alan.firstName = "Zed"
        alan.company = "Bletchley Park"
        #expect(try store.update(alan))
        #expect(try names(page(.firstName, "", 0, 10)) == ["Ada Lovelace", "Charles Babbage", "Grace Hopper", "Zed Turing", "Zuse KG"])
        #expect(try names(page(.company, "", 0, 10)) == ["Charles Babbage", "Ada Lovelace", "Zed Turing", "Grace Hopper", "Zuse KG"])
    }

    /// Enough contacts that a page past the middle is read from the end; populate's keys too.
    static func checkLong(_ f: StoreFixture) throws {
        let store = f.contacts(of: try f.makeAccount())
        var generator = ContactGenerator(seed: 7)
        try store.addMany(count: 300, generator: &generator, friendPercent: 10, progress: nil)
        var more = ContactGenerator(seed: 8)
        for _ in 0..<20 { _ = try store.add(more.next()) }
        for order in ContactListOrder.allCases {
            let whole = try store.page(matching: "", in: order, offset: 0, limit: 400, countingUpTo: .max).rows
            #expect(whole.count == 320)
            // The order the keys say, made again from each contact read whole.
            var expected: [(String, Int64)] = []
            for row in whole { expected.append((try #require(try store.contact(id: row.id)).sortKey(for: order), row.id)) }
            expected.sort { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
            #expect(whole.map(\.id) == expected.map(\.1), "\(order)")
            for (offset, limit) in [(0, 50), (150, 20), (159, 3), (250, 70), (300, 50)] {
                let page = try store.page(matching: "", in: order, offset: offset, limit: limit, countingUpTo: .max)
                #expect(page.rows.map(\.id) == Array(whole.dropFirst(offset).prefix(limit)).map(\.id), "\(order) \(offset)")
            }
            let id = whole[200].id
            #expect(try store.listIndex(ofContact: id, in: order) == 200)
        }
    }

    /// A directory of version 16 gets the keys of the other orders; a page in each order is a walk
    /// of the order's index (no sort), at the top and from the end.
    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
    func postgresqlMigrationAndPlans() throws {
        let f = try StoreFixture(.postgresql)
        let pg = try #require(f.postgres).connection
        let store = f.contacts(of: try f.makeAccount())
        var generator = ContactGenerator(seed: 4)
        try store.addMany(count: 3_000, generator: &generator, friendPercent: 10, progress: nil)
        _ = try store.add(Self.contact("Aaron", "Zywiec", company: "Aardvark Ltd"))
        try pg.executeScript("""
            DROP TABLE contact_groups; DROP INDEX contacts_by_first_name; DROP INDEX contacts_by_company;
            ALTER TABLE contacts DROP COLUMN sort_key_first, DROP COLUMN sort_key_company;
            UPDATE switchboard_schema SET version = 16;
            \(PostgresTestServer.undoSyncStep)
            """)
        let again = try f.secondClient()
        let ada = try #require(try again.accounts.account(named: "ada"))
        let migrated = again.contacts(of: ada)
        #expect(try migrated.page(matching: "", in: .company, offset: 0, limit: 1, countingUpTo: .max).rows.map(\.lastName) == ["Zywiec"])
        let whole = try migrated.page(matching: "", in: .firstName, offset: 0, limit: 4_000, countingUpTo: .max).rows
        #expect(whole.count == 3_001 && whole.first?.firstName == "Aaron")
        var expected: [String] = []
        for row in whole.prefix(300) { expected.append(try #require(try migrated.contact(id: row.id)).sortKey(for: .firstName)) }
        #expect(whole.prefix(300).map(\.sortKey) == expected)
        let conn = try #require(again.postgres).connection
        // At 3,001 rows a sort costs about what the index walk does, and which the planner takes
        // follows the rows' physical order after the migration's rewrite (CI saw both): sorting is
        // priced out, so what is checked is that the migrated index serves each order without one.
        // The migration fills the keys and then builds their indexes, so the indexes are marked
        // usable only by snapshots younger than themselves (`pg_index.indcheckxmin`, the rows'
        // HOT chains): while another client's transaction from before them is open (other tests
        // run beside this one on the server), the planner cannot take them and sorts (CI saw it,
        // seq scan and sort with enable_sort off). Each look is a statement of its own (a new
        // snapshot); the server is asked again, for up to 20 s, until no older transaction is left.
        try conn.executeScript("ANALYZE contacts; SET enable_sort = off")
        for order in [ContactListOrder.firstName, .company] {
            let key = PostgresContactsStore.listKey(order)
            let index = order == .firstName ? "contacts_by_first_name" : "contacts_by_company"
            for direction in ["", " DESC"] {
                var lines: [String] = []
                for look in 0..<400 {
                    if look > 0 { _ = try conn.execute("SELECT pg_sleep(0.05)") }
                    let plan = try conn.execute("""
                        EXPLAIN SELECT c.id, c.first_name, c.last_name, c.is_friend, c.\(key), c.display_name FROM contacts c WHERE c.account_id = $1
                        ORDER BY c.\(key)\(direction), c.id\(direction) LIMIT $2 OFFSET $3
                        """, [ada.id, Int64(61), Int64(100)])
                    lines = (0..<plan.count).map { plan.text($0, 0) }
                    if lines.contains(where: { $0.contains(index) }) { break }
                }
                #expect(lines.contains { $0.contains("Index Scan") && $0.contains(index) }, "\(lines)")
                #expect(!lines.contains { $0.contains("Sort") }, "\(lines)")
            }
        }
    }

    @Test func sqlite() throws { try Self.check(StoreFixture(.sqlite)) }
    @Test func sqliteLong() throws { try Self.checkLong(StoreFixture(.sqlite)) }

    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
    func postgresql() throws { try Self.check(StoreFixture(.postgresql)) }

    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
    func postgresqlLong() throws { try Self.checkLong(StoreFixture(.postgresql)) }
}
