import TestSupport
import AppServices
import Testing
@testable import Storage

/// The search index stays in step with the contacts (issue 51): a seeded run of the writes a store
/// sees — adds, edits, friend flags, deletes, undo, a populate, an import's batch, a sync pass's
/// writes, a transaction rolled back — and after each few, every search through the index (the
/// FTS5 trigram table in the file, pg_trgm on the server) is the answer of a plain scan: every
/// contact read whole, its search document made again (`SearchText.document`) and looked through
/// for the search's phrase, in list order; the same for the counts.
@Suite("The search index follows every change, on both stores")
struct SearchIndexConformanceTests {
    @Test func sqlite() throws { try Self.check(try StoreFixture(.sqlite), seed: 51) }
    @Test func sqliteOtherSeed() throws { try Self.check(try StoreFixture(.sqlite), seed: 5_151) }

    @Test(.enabled(if: PostgresTestServer.isAvailable, "set SWITCHBOARD_TEST_POSTGRES_URL (see .ci/postgres) to run the PostgreSQL half"))
    func postgres() throws { try Self.check(try StoreFixture(.postgresql), seed: 51) }

    /// Searches whose answers change as the contacts do: word starts (one and two letters),
    /// phrases inside e-mails, companies and cities, phone digits, letters the fold changes.
    static let queries = ["a", "e", "ad", "lo", "exa", "@exa", "example.org", "ngl", "eng", "ltd", "lon", "555", "7946", "+44 20",
                          "mül", "ang", "øre", "zz", "ada lo", "o'b", "x"]

    static let firstNames = ["Ada", "Grace", "Alan", "Ångström", "Zoë", "Øre", "Mary", "Seán", "Jürgen", "Lin", "O'Brien", "Xu"]
    static let lastNames = ["Lovelace", "Hopper", "Turing", "Müller", "Zapata", "Englund", "Nakamura", "Lopez", "O'Neil", "Ng"]
    static let domains = ["example.org", "exam.net", "navy.example", "engines.example", "mail.example.org"]
    static let companies = ["Analytical Engines Ltd", "Bletchley Park", "Navy", "Société Générale", "", "Exabyte", "Angle & Co"]
    static let cities = ["London", "Londonderry", "Paris", "Zürich", "", "Exeter"]

    static func record(_ random: inout SeededGenerator) -> ContactRecord {
        let first = firstNames.randomElement(using: &random)!, last = lastNames.randomElement(using: &random)!
        var c = ContactRecord(firstName: first, lastName: last)
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            c.emails.append("\(first.prefix(3).lowercased())\(Int.random(in: 1...99, using: &random))@\(domains.randomElement(using: &random)!)")
        }
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            let number = ["+44 20 7946 \(Int.random(in: 1000...9999, using: &random))", "555 01\(Int.random(in: 10...99, using: &random))",
                          "(0)30 \(Int.random(in: 100_000...999_999, using: &random))"].randomElement(using: &random)!
            c.phones.append(.init(label: "work", number: number))
        }
        c.company = companies.randomElement(using: &random)!
        if Bool.random(using: &random) { c.notes = "met in \(cities.randomElement(using: &random)!)" }
        if Bool.random(using: &random) {
            c.addresses = [.init(label: "home", street: "1 Main St", city: cities.randomElement(using: &random)!, country: "UK")]
        }
        c.isFriend = Int.random(in: 0..<4, using: &random) == 0
        return c
    }

    /// What the index must answer for `query`: every contact, in list order, whose document holds the phrase.
    static func scanned(_ store: any ContactsUnderTest, _ query: String) throws -> [Int64] {
        guard let phrase = SearchText.searchPhrase(for: query) else { return try store.contacts(matching: "", offset: 0, limit: 100_000).map(\.id) }
        return try store.contacts(matching: "", offset: 0, limit: 100_000).compactMap { row in
            guard let record = try store.contact(id: row.id) else { return nil }
            return SearchText.contains(SearchText.document(for: record), phrase) ? row.id : nil
        }
    }

    static func compare(_ store: any ContactsUnderTest, after step: String) throws {
        for q in queries {
            let expected = try scanned(store, q)
            let found = try store.contacts(matching: q, offset: 0, limit: 100_000).map(\.id)
            #expect(found == expected, "\(q) after \(step)")
            #expect(try store.count(matching: q) == expected.count, "count of \(q) after \(step)")
            #expect(try store.count(matching: q, upTo: 5) == min(5, expected.count), "capped count of \(q) after \(step)")
            #expect(try store.page(matching: q, offset: 0, limit: 7, countingUpTo: 12)
                        == ContactsPage(count: min(12, expected.count), rows: try store.contacts(matching: q, offset: 0, limit: 7)),
                    "a page with its count of \(q) after \(step)")
        }
    }

    static func check(_ f: StoreFixture, seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let ada = try f.makeAccount()
        let store = f.contacts(of: ada)
        let book = store as! any AddressBookService
        var generator = ContactGenerator(seed: seed)
        try store.addMany(count: 60, generator: &generator, friendPercent: 20, progress: nil)
        try compare(store, after: "a populate")
        var log: [String] = []
        for round in 0..<80 {
            let ids = try store.contacts(matching: "", offset: 0, limit: 100_000).map(\.id)
            let id = ids.randomElement(using: &random)
            switch Int.random(in: 0..<9, using: &random) {
            case 0, 1:
                _ = try store.add(record(&random))
                log.append("add")
            case 2, 3:
                guard let id, var c = try store.contact(id: id) else { continue }
                let other = record(&random)
                if Bool.random(using: &random) { c.firstName = other.firstName }
                if Bool.random(using: &random) { c.lastName = other.lastName }
                if Bool.random(using: &random) { c.emails = other.emails }
                if Bool.random(using: &random) { c.phones = other.phones }
                if Bool.random(using: &random) { c.company = other.company; c.addresses = other.addresses; c.notes = other.notes }
                _ = try store.update(c)
                log.append("edit \(id)")
            case 4:
                guard let id else { continue }
                _ = try store.delete(id: id)
                log.append("delete \(id)")
            case 5:
                _ = try store.restoreLastDeleted()
                log.append("undo")
            case 6:
                guard let id else { continue }
                _ = try store.setFriend(id: id, Bool.random(using: &random))
                log.append("friend \(id)")
            case 7:
                // An import's batch: new cards and cards that match stored ones (by UID), in one transaction.
                let importer = try book.importer()
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    var c = record(&random)
                    if Bool.random(using: &random), let id, let stored = try store.contact(id: id), !stored.uid.isEmpty { c.uid = stored.uid }
                    _ = try importer.take(c)
                }
                try importer.finish(subject: "cards.vcf")
                log.append("import")
            default:
                // A transaction rolled back: nothing of it stays, in the index either.
                try book.beginTransaction()
                _ = try store.add(record(&random))
                if let id { _ = try store.delete(id: id) }
                book.rollbackTransaction()
                log.append("rolled back")
            }
            if round % 8 == 7 { try compare(store, after: log.suffix(8).joined(separator: ", ")) }
        }
        try syncPass(f, account: ada, random: &random)
        try compare(store, after: "a sync pass")
        // Opened again (another terminal, a restart): the same answers.
        let again = try f.secondClient()
        try compare(again.contacts(of: ada), after: "opening the directory again")
    }

    /// A sync pass's writes: the engine's adds, edits and deletes under `applying`, on the sync
    /// store's own view of the account's contacts.
    static func syncPass(_ f: StoreFixture, account: Account, random: inout SeededGenerator) throws {
        let sync: any SyncStore = if let db = f.database { SQLiteSyncStore(database: db) } else { PostgresSyncStore(database: f.postgres!) }
        try sync.applying { () throws(ServiceError) in
            let contacts = sync.contacts(of: account.id)
            let ids = try contacts.contacts(matching: "", offset: 0, limit: 100_000).map(\.id)
            for _ in 0..<5 { _ = try contacts.add(record(&random)) }
            for id in ids.prefix(4) {
                guard var c = try contacts.contact(id: id) else { continue }
                c.emails = ["synced\(id)@exa.example"]
                c.company = "Exabyte"
                _ = try contacts.update(c)
            }
            for id in ids.suffix(3) { _ = try contacts.delete(id: id) }
        }
    }
}
