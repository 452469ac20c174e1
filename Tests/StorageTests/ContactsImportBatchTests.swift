import TestSupport
import Testing
import Foundation
@testable import Storage
import AppServices

/// An import's batch gives what adding and updating one by one gives — the same list, the same
/// search answers, the counts right, every contact ranked with one search entry — with one
/// activity entry for the import; small batches into a big account and big ones alike.
@Suite("Import batches")
struct ContactsImportBatchTests {
    let order = ListOrderTests()

    func cards(_ count: Int, seed: UInt64) -> [ContactRecord] {
        var generator = ContactGenerator(seed: seed)
        return (0..<count).map { i in
            var c = generator.next(friendPercent: 30)
            c.uid = "card-\(seed)-\(i)"
            // Their own addresses: a card with a UID no one has may still be a stored contact without one (same name and e-mail
            // (or phone) as a card: see the matching rule.
            c.emails = c.emails.map { _ in "card\(i)@import.example" }
            c.phones = c.phones.map { .init(label: $0.label, number: "+1 555 \(100_000 + i)") }
            c.nickname = i % 5 == 0 ? "Nick \(i)" : ""
            return c
        }
    }

    func listAndSearches(_ store: SQLiteContactsStore) throws -> [[String]] {
        try ["", "lovelace", "zo", "иван", "example.org", "7946", "bell labs"].map { q in
            try store.contacts(matching: q, offset: 0, limit: 100_000).map { "\($0.firstName) \($0.lastName) \($0.isFriend)" }
        }
    }

    /// Cards in random order are placed one by one into a big account (6,000) and deferred to one
    /// renumbering into a small one; cards in list order (like our export) are appended.
    @Test(arguments: [(0, false), (40, false), (6_000, false), (0, true), (40, true)])
    func aBatchEndsAsAddingOneByOne(existing: Int, inListOrder: Bool) throws {
        let tmp = TempFolder()
        let one = try SQLiteDatabase(path: tmp.file("one.sqlite3")), batched = try SQLiteDatabase(path: tmp.file("batch.sqlite3"))
        let byOne = try order.makeStore(one, account: "ada"), byBatch = try order.makeStore(batched, account: "ada")
        // Another account on each side, so ranks must stay inside the account's interval.
        let otherOne = try order.makeStore(one, account: "zed"), otherBatch = try order.makeStore(batched, account: "zed")
        for store in [otherOne, otherBatch] { for c in cards(30, seed: 9) { _ = try store.add(c) } }
        for (store, _) in [(byOne, one), (byBatch, batched)] {
            var generator = ContactGenerator(seed: 3)
            if existing > 0 { try store.addMany(count: existing, generator: &generator, friendPercent: 10) }
        }
        var incoming = cards(1_200, seed: 7)
        if inListOrder {
            incoming.sort { SearchText.sortKey(firstName: $0.firstName, lastName: $0.lastName).utf8
                .lexicographicallyPrecedes(SearchText.sortKey(firstName: $1.firstName, lastName: $1.lastName).utf8) }
        }
        for c in incoming { _ = try byOne.add(c) }
        try batched.transaction { () throws(ServiceError) in
            let batch = try byBatch.importBatch()
            for c in incoming { try batch.take(c) }
            try batch.finish(subject: "1200 added, 0 updated from cards.vcf")
        }
        #expect(try listAndSearches(byBatch) == listAndSearches(byOne))
        #expect(try byBatch.count(matching: "") == existing + 1_200)
        #expect(try DataAudit.problems(in: batched).isEmpty)
        try order.expectConsistent(batched)
        let events = try SQLiteActivityStore(database: batched, accountID: byBatch.accountID).events(before: nil, limit: 5)
        #expect(events.first?.kind == .imported)
        #expect(events.first?.subject == "1200 added, 0 updated from cards.vcf")
        #expect(events.dropFirst().allSatisfy { $0.kind != .contactAdded })

        // The same cards again (some changed): each updates its contact, by UID.
        var again = incoming
        for i in stride(from: 0, to: again.count, by: 3) { again[i].lastName = "Renamed"; again[i].isFriend.toggle() }
        for var c in again {
            c.id = try byOne.contactID(uid: c.uid)
            #expect(try byOne.update(c))
        }
        try batched.transaction { () throws(ServiceError) in
            let batch = try byBatch.importBatch()
            for c in again { #expect(try batch.take(c) == .updated(try byBatch.contactID(uid: c.uid)!)) }
            #expect(batch.added == 0 && batch.updated == 1_200)
            try batch.finish(subject: "0 added, 1200 updated from cards.vcf")
        }
        #expect(try listAndSearches(byBatch) == listAndSearches(byOne))
        #expect(try byBatch.contacts(matching: "renamed", offset: 0, limit: 1_000).count == 400)
        #expect(try DataAudit.problems(in: batched).isEmpty)
        try order.expectConsistent(batched)
        let id = try byBatch.contactID(uid: again[5].uid)!
        var stored = try byBatch.contact(id: id)!
        stored.id = nil
        #expect(stored.unversioned == again[5])
    }

    /// A batch that throws leaves nothing behind: its transaction is rolled back whole.
    @Test func aFailedImportLeavesNothing() throws {
        let tmp = TempFolder()
        let db = try SQLiteDatabase(path: tmp.file("c.sqlite3"))
        let store = try order.makeStore(db, account: "ada")
        _ = try store.add(ContactRecord(firstName: "Ada", lastName: "Lovelace"))
        #expect(throws: ServiceError.self) {
            try db.transaction { () throws(ServiceError) in
                let batch = try store.importBatch()
                for c in cards(800, seed: 1) { try batch.take(c) }
                try batch.finish(subject: "800 added")
                throw ServiceError.sqlite(code: 4, message: "cancelled")
            }
        }
        #expect(try store.count(matching: "") == 1)
        #expect(try store.contacts(matching: "lovelace", offset: 0, limit: 10).count == 1)
        #expect(try DataAudit.problems(in: db).isEmpty)
        try order.expectConsistent(db)
    }

    /// Cards without a UID find their contact by name and first e-mail, else first phone's
    /// digits, else by name alone among contacts with neither; a card with a UID no one has may
    /// still be a contact without one, never one with another UID.
    @Test func cardsWithoutAUIDMatchByNameAndFirstAddress() throws {
        let tmp = TempFolder()
        let db = try SQLiteDatabase(path: tmp.file("c.sqlite3"))
        let store = try order.makeStore(db, account: "ada")
        func importing(_ cards: [ContactRecord]) throws -> [SQLiteContactsImportBatch.Outcome] {
            try db.transaction { () throws(ServiceError) -> [SQLiteContactsImportBatch.Outcome] in
                let batch = try store.importBatch()
                var outcomes: [SQLiteContactsImportBatch.Outcome] = []
                for c in cards { outcomes.append(try batch.take(c)) }
                try batch.finish(subject: "test")
                return outcomes
            }
        }
        let grace = ContactRecord(firstName: "Grace", lastName: "Hopper", phones: [.init(label: "mobile", number: "+1 555 0199")],
                                  emails: ["grace@navy.mil"])
        let ada = ContactRecord(firstName: "Ada", lastName: "Lovelace", phones: [.init(label: "home", number: "020 7946 0001")])
        let alan = ContactRecord(firstName: "Alan", lastName: "Turing")
        var withUID = ContactRecord(firstName: "Zoë", lastName: "Ångström", emails: ["zoe@example.org"])
        withUID.uid = "zoe-1"
        let first = try importing([grace, ada, alan, withUID])
        let ids: [Int64] = first.compactMap { outcome in
            guard case .added(let id) = outcome else { return nil }
            return id
        }
        #expect(ids.count == 4)

        var graceAgain = grace
        graceAgain.firstName = "GRACE"            // the same sort key
        graceAgain.emails = ["Grace@Navy.mil", "new@example.org"]
        graceAgain.notes = "updated"
        var adaAgain = ada
        adaAgain.phones = [.init(label: "mobile", number: "(020) 7946-0001")]
        var zoeNoUID = ContactRecord(firstName: "Zoe", lastName: "Angstrom", emails: ["zoe@example.org"])
        zoeNoUID.notes = "no UID: matches the contact that has one"
        var otherZoe = ContactRecord(firstName: "Zoë", lastName: "Ångström", emails: ["zoe@example.org"])
        otherZoe.uid = "zoe-2"                    // another card's UID: a new contact
        let otherGrace = ContactRecord(firstName: "Grace", lastName: "Hopper", emails: ["someone.else@example.org"])
        let second = try importing([graceAgain, adaAgain, alan, zoeNoUID, otherZoe, otherGrace])
        #expect(Array(second.prefix(4)) == [.updated(ids[0]), .updated(ids[1]), .updated(ids[2]), .updated(ids[3])])
        #expect(second[4] != .updated(ids[3]) && second[5] != .updated(ids[0]))
        #expect(try store.count(matching: "") == 6)
        #expect(try store.contact(id: ids[0])?.notes == "updated")
        #expect(try store.contact(id: ids[0])?.emails == ["Grace@Navy.mil", "new@example.org"])
        #expect(try store.contact(id: ids[3])?.uid == "zoe-1")     // kept: the card had none
        #expect(try store.contacts(matching: "hopper", offset: 0, limit: 10).count == 2)
        #expect(try DataAudit.problems(in: db).isEmpty)
        try order.expectConsistent(db)
    }

    /// The rows of the mail clients' kept answers that are not their contacts' (both ways), as
    /// `DataAudit` counts them; 0 when the table is its contacts'.
    func staleKeptRows(_ db: SQLiteDatabase) throws -> Int {
        let expected = SQLiteMailQueryRowsSchema.expectedRows, kept = SQLiteMailQueryRowsSchema.keptRows
        return try db.scalarInt("SELECT (SELECT count(*) FROM (\(kept) EXCEPT \(expected))) + (SELECT count(*) FROM (\(expected) EXCEPT \(kept)))") ?? 0
    }

    /// An import makes the mail clients' kept rows of what it wrote every `keptRowsBatch` contacts,
    /// not all at its end: the end's one pass held a sort of every row and every id written at once,
    /// so the import's peak memory grew with the file (100,000 cards: 64 MiB, 10,000: 35 MiB). After
    /// each whole batch of new cards the table is exactly the contacts'. A second import across
    /// the batches' edges (cards updating contacts from before it, the same card twice, one taken
    /// before a pass and one after) ends with the table its contacts', as one by one.
    @Test func keptMailRowsAreMadeBatchByBatchNotHeldToTheEnd() throws {
        let tmp = TempFolder()
        let db = try SQLiteDatabase(path: tmp.file("c.sqlite3"))
        let store = try order.makeStore(db, account: "ada")
        let perPass = 50
        let incoming = cards(3 * perPass + 17, seed: 11)
        #expect(incoming.filter { !$0.emails.isEmpty }.count > perPass) // rows to make in each pass
        var staleAfterEachPass: [Int] = []
        try db.transaction { () throws(ServiceError) in
            let batch = try store.importBatch(keptRowsBatch: perPass)
            for (i, c) in incoming.enumerated() {
                try batch.take(c)
                if (i + 1) % perPass == 0 { staleAfterEachPass.append((try? staleKeptRows(db)) ?? -1) }
            }
            try batch.finish(subject: "test")
        }
        #expect(staleAfterEachPass == [0, 0, 0]) // after 50, 100 and 150 cards
        #expect(try DataAudit.problems(in: db).isEmpty)

        var again: [ContactRecord] = []
        for (i, c) in incoming.enumerated() where i % 2 == 0 {
            var changed = c
            changed.lastName = "Renamed\(i)"
            changed.emails = ["again\(i)@example.net"] + c.emails
            again.append(changed)
        }
        again += cards(perPass, seed: 12)
        var twice = again[3]
        twice.firstName = "Twice"
        again.append(twice)           // the card of again[3] a second time, after the pass that filled its first
        try db.transaction { () throws(ServiceError) in
            let batch = try store.importBatch(keptRowsBatch: perPass)
            for c in again { try batch.take(c) }
            try batch.finish(subject: "test")
        }
        #expect(try DataAudit.problems(in: db).isEmpty)
        #expect(try store.count(matching: "") == incoming.count + perPass)
        let id = try store.contactID(uid: twice.uid)!
        #expect(try store.contact(id: id)?.firstName == "Twice")
        #expect(try store.contact(id: id)?.emails.first == "again6@example.net")
    }
}
