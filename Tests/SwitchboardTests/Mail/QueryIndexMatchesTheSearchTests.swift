import AppServices
import Storage
import Testing
import TestSupport
@testable import switchboard

/// Issue 50: a search of two characters is answered from the SQLite store's kept lines
/// (`MailQueryIndex`, `mail_query_rows`), kept by triggers on every write. Seeded: random adds,
/// edits, deletes and harvests, and after each round every two-character query answers as the
/// plain search does (the trigram index, every matching contact's addresses read and ranked): the
/// same count line, true (the lines that follow), every line the search finds once and no other,
/// in the order of kind of match, mail counts and name (worked out here from the contacts), in
/// mutt's and aerc's formats; and the kept lines and their counts are those the contacts give
/// (`DataAudit`), after populate's bulk fill and an import's too.
@MainActor
@Suite("query's kept lines match the search", .serialized)
struct QueryIndexMatchesTheSearchTests {
    static let firsts = ["Ada", "Adam", "Jo", "John", "Joan", "Jürgen", "Józef", "Mary", "Maria", "Marek", "Max", "Émile", "Zoë", "Ma", "O'Brien"]
    static let lasts = ["Jones", "Johnson", "Major", "Mayer", "Müller", "Lovelace", "Adkins", "de la Mare", "Ma", "Jo-Ann", ""]
    static let middles = ["", "", "", "Maximilian", "Joy", "Emma"]
    static let companies = ["", "", "Majestic Ltd", "Joint Co", "IAS", "Admiral"]
    static let addresses = ["jo@x.org", "mary@ma.example", "ada@analytical.example", "j.major@x.org", "ma@jo.example",
                            "support@joint.example", "x@y.org", "JO@X.ORG", "emile@zola.example", "admin@majestic.example"]
    static let queries = ["jo", "Jo", "ma", "MA", "ad", "mü", "mu", "ju", "jü", "ob", "o'", "de", "la", "em", "zo", "xx", "ja", "jo-"]

    static func randomContact(_ rng: inout SeededGenerator, serial: Int) -> ContactRecord {
        func pick(_ items: [String]) -> String { items[Int(rng.next() % UInt64(items.count))] }
        var emails: [String] = []
        for _ in 0..<Int(rng.next() % 4) {
            emails.append(rng.next() % 3 == 0 ? "u\(rng.next() % 50)@mail.example" : pick(addresses))
        }
        var record = ContactRecord(firstName: pick(firsts), lastName: pick(lasts), phones: [], emails: emails, company: pick(companies),
                                   notes: rng.next() % 5 == 0 ? "met at the majlis" : "", isFriend: false)
        record.middleName = pick(middles)
        if rng.next() % 6 == 0 { record.formattedName = "Dr. \(record.firstName) \(serial)" }
        if !emails.isEmpty, rng.next() % 3 == 0 { record.preferredEmail = Int(rng.next() % UInt64(emails.count)) }
        return record
    }

    /// What places a line of the answer for `query` (smaller first): a starting match before one
    /// inside a word; within each, the people written to by their score (the most, then the most
    /// lately), then the rest by name (the least sort key of the contacts that give the line).
    struct Rank: Comparable {
        var inside: Int, unscored: Int, score: Double, last: Int64, sortKey: String
        static func < (a: Rank, b: Rank) -> Bool {
            (a.inside, a.unscored, -a.score, -a.last, a.sortKey) < (b.inside, b.unscored, -b.score, -b.last, b.sortKey)
        }
    }

    /// Each line the search finds (as `format` writes it) with its rank, worked out from the contacts.
    /// (A store of its own, as the command opens one: the test's stores keep list ranks they were told of.)
    static func ranks(path: String, accountID: Int64, query: String, format: QueryFormat, now: Int64) throws -> [String: Rank] {
        let store = SQLiteContactsStore(database: try SQLiteDatabase(path: path), accountID: accountID, now: { 3 })
        let written = try QueryCommand.writtenScores(store, now: now)
        let ranking = QueryRanking(query)
        var ranks: [String: Rank] = [:]
        var ids: [Int64] = []
        try store.forEachContactID(matching: query) { batch throws(ServiceError) -> Bool in ids += batch; return true }
        for id in ids {
            guard let sortKey = try store.contact(id: id)?.sortKey else { continue }
            for row in try store.emailAddresses(ofContacts: [id]) {
                let line = format.line(email: row.email, name: row.name, company: row.company)
                let score = written[MailClientLine.addressKey(row.email)]
                let rank = Rank(inside: ranking.startsAWord(name: row.name.isEmpty ? row.company : row.name, email: row.email) ? 0 : 1,
                                unscored: score == nil ? 1 : 0, score: score?.0 ?? 0, last: score?.1 ?? 0, sortKey: score == nil ? sortKey : "")
                ranks[line] = min(ranks[line] ?? rank, rank)
            }
        }
        return ranks
    }

    /// Problems with an answer: a line twice, a line out of its rank's order, mutt's count untrue.
    static func problems(_ text: String, format: QueryFormat, ranks: [String: Rank]) -> [String] {
        var lines = text.split(separator: "\n").map(String.init)
        var problems: [String] = []
        if format == .mutt, let first = lines.first {
            lines.removeFirst()
            let count = lines.count
            let said = count == 0 ? "No matches for " : "Switchboard: \(count) \(count == 1 ? "address" : "addresses") for "
            if !first.hasPrefix(said) {
                problems.append("count line \(first) for \(count) lines")
            }
        }
        if Set(lines).count != lines.count { problems.append("a line twice") }
        if !Set(lines).subtracting(ranks.keys).isEmpty { problems.append("lines not found by the search: \(Set(lines).subtracting(ranks.keys).sorted())") }
        if !Set(ranks.keys).subtracting(lines).isEmpty { problems.append("lines missing: \(Set(ranks.keys).subtracting(lines).sorted())") }
        for (a, b) in zip(lines, lines.dropFirst()) {
            if let ra = ranks[a], let rb = ranks[b], rb < ra { problems.append("\(b) after \(a)") }
        }
        return problems
    }

    func answer(_ query: String, format: String, db: String, index: Bool) -> (code: Int32, text: String) {
        guard var command = try? QueryCommand.parse([query, "--format", format, "--user", "ada", "--db", db]) else { return (-1, "") }
        command.now = 1796256000
        command.usesIndex = index
        var output = Captured(), errors = Captured()
        let code = command.run(environment: ["HOME": "/nonexistent-home"], output: &output, errors: &errors)
        return (code, output.text + errors.text)
    }

    /// Two addresses that differ only by a TAB (printed as a space) or by two control characters
    /// (both printed as `�`) print as one line of mutt's: the count line counts it once, from the
    /// kept rows as from the plain search (the kept rows counted them twice), while one of them is
    /// left and after a delete.
    @Test func addressesThatPrintAlikeAreCountedOnce() throws {
        let folder = TempFolder("query-alike")
        let path = folder.file("q.sqlite3")
        let db = try SQLiteDatabase(path: path)
        let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
        let ada = try accounts.createAccount(username: "ada", password: "analytical", now: 1)
        try accounts.signIn(accountID: ada.id, now: 2)
        let store = SQLiteContactsStore(database: db, accountID: ada.id, now: { 3 })
        var ids: [Int64] = []
        for email in ["jo\ttab@x.org", "jo tab@x.org", "jo\u{7}bell@x.org", "jo\u{1B}bell@x.org", "john@x.org"] {
            ids.append(try store.add(ContactRecord(firstName: "Jo", lastName: "Alike", phones: [], emails: [email], company: "",
                                                   notes: "", isFriend: false)))
        }
        func check(_ count: Int, _ when: String) {
            for index in [true, false] {
                let mutt = answer("jo", format: "mutt", db: path, index: index)
                let lines = mutt.text.split(separator: "\n")
                #expect(lines.first == "Switchboard: \(count) addresses for “jo”", "\(when), kept rows \(index):\n\(mutt.text)")
                #expect(lines.count == count + 1, "\(when), kept rows \(index):\n\(mutt.text)")
            }
        }
        check(3, "five contacts")
        #expect(try store.delete(id: ids[0]))   // "jo tab@x.org" is left: the line stays, counted once
        check(3, "after a delete")
        #expect(try store.delete(id: ids[3]))
        #expect(try store.delete(id: ids[2]))   // no "jo�bell@x.org" left
        check(2, "after three deletes")
        #expect(try DataAudit.problems(in: db) == [])
    }

    @Test(arguments: [UInt64(7), 50, 2026])
    func twoCharacterQueriesAnswerAsTheSearchDoes(seed: UInt64) throws {
        let folder = TempFolder("query-index-\(seed)")
        let path = folder.file("q.sqlite3")
        let db = try SQLiteDatabase(path: path)
        let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
        let ada = try accounts.createAccount(username: "ada", password: "analytical", now: 1)
        try accounts.signIn(accountID: ada.id, now: 2)
        let other = try accounts.createAccount(username: "bob", password: "analytical", now: 1)
        let store = SQLiteContactsStore(database: db, accountID: ada.id, now: { 3 })
        let bobs = SQLiteContactsStore(database: db, accountID: other.id, now: { 3 })
        var rng = SeededGenerator(seed: seed)
        var ids: [Int64] = [], serial = 0, messages = 0
        for round in 0..<6 {
            for _ in 0..<40 {
                serial += 1
                let record = Self.randomContact(&rng, serial: serial)
                ids.append(try store.add(record))
                if rng.next() % 4 == 0 { _ = try bobs.add(Self.randomContact(&rng, serial: 10_000 + serial)) } // another account's: never answered
            }
            for _ in 0..<12 where !ids.isEmpty {
                let id = ids[Int(rng.next() % UInt64(ids.count))]
                guard var record = try store.contact(id: id) else { continue }
                serial += 1
                let changed = Self.randomContact(&rng, serial: serial)
                switch rng.next() % 4 {
                case 0: record.emails = changed.emails; record.preferredEmail = changed.preferredEmail
                case 1: record.firstName = changed.firstName; record.lastName = changed.lastName
                case 2: record.middleName = changed.middleName; record.company = changed.company
                default: record.formattedName = changed.formattedName
                }
                #expect(try store.update(record))
            }
            for _ in 0..<8 where !ids.isEmpty {
                let id = ids.remove(at: Int(rng.next() % UInt64(ids.count)))
                if rng.next() % 2 == 0 { #expect(try store.delete(id: id)) } else { #expect(try store.delete(ids: [id]) == 1) }
            }
            if round == 2 { // populate's bulk path fills the kept lines in one pass, beside the contacts there are
                var generator = ContactGenerator(seed: seed)
                try store.addMany(count: 300, generator: &generator, friendPercent: 10)
                #expect(try DataAudit.problems(in: db) == [], "after populate")
            }
            if round == 3 { // an import adds and changes contacts with its triggers away, and adds their rows at its end
                try db.transaction { () throws(ServiceError) in
                    let importer = try store.importBatch()
                    for i in 0..<30 {
                        if i % 3 == 0, let id = ids.randomElement(using: &rng), var known = try store.contact(id: id) {
                            known.company = Self.companies[i % Self.companies.count] + " \(i)"
                            _ = try importer.take(known) // the same contact (its name and address): changed
                        } else {
                            serial += 1
                            _ = try importer.take(Self.randomContact(&rng, serial: serial))
                        }
                    }
                    try importer.finish(subject: "test")
                }
                ids = try store.contacts(matching: "", offset: 0, limit: 10_000).map(\.id)
                #expect(try DataAudit.problems(in: db) == [], "after an import")
            }
            var batch = MailHarvestBatch()
            for _ in 0..<10 {
                messages += 1
                let to = rng.next() % 2 == 0 ? Self.addresses[Int(rng.next() % UInt64(Self.addresses.count))] : "u\(rng.next() % 50)@mail.example"
                batch.messages.append(.init(key: "m\(messages)", fromMe: rng.next() % 4 != 0, date: 1796256000 - Int64(rng.next() % 400) * 86400,
                                            people: [(name: "", address: to)]))
            }
            _ = try store.addHarvest(batch)
            #expect(try DataAudit.problems(in: db) == [], "round \(round)")
            for query in Self.queries {
                #expect(try store.mailQueryLineCount(for: query) != nil || query.count != 2, "\(query) is answered from the kept lines")
                for format in [QueryFormat.mutt, .aerc] {
                    let kept = answer(query, format: format.rawValue, db: path, index: true)
                    let plain = answer(query, format: format.rawValue, db: path, index: false)
                    #expect(kept.code == plain.code, "seed \(seed) round \(round) \(format) \(query)")
                    if format == .mutt {
                        #expect(kept.text.split(separator: "\n").first == plain.text.split(separator: "\n").first,
                                "seed \(seed) round \(round) \(query): the count line")
                    }
                    let ranks = try Self.ranks(path: path, accountID: ada.id, query: query, format: format, now: 1796256000)
                    #expect(Self.problems(kept.text, format: format, ranks: ranks) == [],
                            "seed \(seed) round \(round) \(format) \(query):\n\(kept.text)\n-- plain:\n\(plain.text)")
                    #expect(Self.problems(plain.text, format: format, ranks: ranks) == [], "the plain search, \(format) \(query)")
                }
            }
        }
    }
}
