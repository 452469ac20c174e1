import TestSupport
import AppServices
import Testing
import Foundation
@testable import Storage

/// The first-name and company orders on an SQLite file (migration 19): an older file gets their
/// keys, every writer keeps them (the import batch, populate), and a page of the list in any order
/// is one range of the order's index, never a sort of the account's contacts.
@Suite("List orders on an SQLite file")
struct ListOrderKeysTests {
    let ranks = ListOrderTests()

    @Test func aVersion18FileGetsTheKeysOfTheOtherOrders() throws {
        let tmp = TempFolder()
        let path = tmp.file("v18.sqlite3")
        do {
            let db = try SQLiteDatabase(path: path)
            let store = try ranks.makeStore(db, account: "ada")
            _ = try store.add(ContactRecord(firstName: "Grace", lastName: "Hopper", company: "US Navy"))
            _ = try store.add(ContactRecord(firstName: "Ada", lastName: "Lovelace", company: "Analytical Engines"))
            _ = try store.add(ContactRecord(firstName: "Alan", lastName: "Turing"))
            try db.execute("\(MigrationUndo.listOrders) PRAGMA user_version = 18")
        }
        let db = try SQLiteDatabase(path: path)
        #expect(db.userVersion == SQLiteDatabase.schemaVersion)
        #expect(try DataAudit.problems(in: db).isEmpty)
        let store = try ranks.makeStore(db, account: "ada")
        #expect(try store.page(matching: "", in: .firstName, offset: 0, limit: 5, countingUpTo: .max).rows.map(\.firstName) == ["Ada", "Alan", "Grace"])
        #expect(try store.page(matching: "", in: .company, offset: 0, limit: 5, countingUpTo: .max).rows.map(\.firstName) == ["Ada", "Grace", "Alan"])
    }

    @Test func anImportAndPopulateKeepTheKeys() throws {
        let tmp = TempFolder()
        let db = try SQLiteDatabase(path: tmp.file("keys.sqlite3"))
        let store = try ranks.makeStore(db, account: "ada")
        var generator = ContactGenerator(seed: 4)
        try store.addMany(count: 500, generator: &generator, friendPercent: 10)
        var cards: [ContactRecord] = []
        for _ in 0..<200 { cards.append(generator.next()) }
        try db.transaction { () throws(ServiceError) in
            let batch = try store.importBatch()
            for c in cards { _ = try batch.take(c) }
            for var c in cards.prefix(50) { c.company = "Renamed & Co"; _ = try batch.take(c) } // updates, by UID
            try batch.finish(subject: "test")
        }
        #expect(try DataAudit.problems(in: db).isEmpty)
        let renamed = try #require(try db.scalarInt("SELECT count(*) FROM contacts WHERE company = 'Renamed & Co'"))
        #expect(renamed > 0)
        #expect(try store.page(matching: "", in: .company, offset: 0, limit: 700, countingUpTo: .max).rows
            .prefix { $0.sortKey.hasPrefix("renamed & co\u{1}") || $0.sortKey < "renamed" }
            .filter { $0.sortKey.hasPrefix("renamed & co\u{1}") }.count == renamed)
    }

    /// The plan of a page of the list in each order: a walk of the order's index, no sort.
    @Test(arguments: [ContactListOrder.firstName, .company])
    func aPageIsOneRangeOfTheOrdersIndex(order: ContactListOrder) throws {
        let tmp = TempFolder()
        let db = try SQLiteDatabase(path: tmp.file("plan.sqlite3"))
        let store = try ranks.makeStore(db, account: "ada")
        var generator = ContactGenerator(seed: 4)
        try store.addMany(count: 2_000, generator: &generator, friendPercent: 10)
        try db.execute("ANALYZE")
        let (key, index) = SQLiteContactsStore.listKey(order)
        for direction in ["", " DESC"] {
            let plan = try db.prepare("""
                EXPLAIN QUERY PLAN SELECT c.id, c.first_name, c.last_name, c.is_friend, c.\(key), c.display_name FROM contacts c INDEXED BY \(index)
                WHERE c.account_id = ? ORDER BY c.\(key)\(direction), c.id\(direction) LIMIT ? OFFSET ?
                """)
            var steps: [String] = []
            while try plan.step() { steps.append(plan.text(3)) }
            plan.reset()
            #expect(steps.contains { $0.contains("USING INDEX \(index)") || $0.contains("USING COVERING INDEX \(index)") }, "\(steps)")
            #expect(!steps.contains { $0.contains("TEMP B-TREE") }, "\(steps)")
        }
        // And the store's pages agree with the index, at the top, across a window's edge and near the end.
        let whole = try store.page(matching: "", in: order, offset: 0, limit: 2_000, countingUpTo: .max).rows
        for offset in [0, 199, 1_000, 1_950] {
            #expect(try store.page(matching: "", in: order, offset: offset, limit: 60, countingUpTo: .max).rows.map(\.id)
                == whole.dropFirst(offset).prefix(60).map(\.id))
        }
    }
}
