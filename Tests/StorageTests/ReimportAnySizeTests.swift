import TestSupport
import Testing
import Foundation
@testable import Storage
import AppServices

/// Re-import of any size into any size (issue 36, 're-import fails'): updates that land all over
/// the list each move their search entry, and the search index had been told not to merge while
/// an import ran, so after about 2,000 such moves it ran out of segments and SQLite said
/// "database or disk is full" (error 13) on a disk with room to spare.
@Suite("Re-import of any size")
struct ReimportAnySizeTests {
    let order = ListOrderTests()

    func cards(_ count: Int, renamedEvery: Int = 0) -> [ContactRecord] {
        var generator = ContactGenerator(seed: 36)
        return (0..<count).map { i in
            var c = generator.next(friendPercent: 20)
            c.uid = "reimport-\(i)"
            c.emails = ["person\(i)@reimport.example"]
            if renamedEvery > 0 && i % renamedEvery == 0 { c.lastName = "Renamed"; c.notes = "updated \(i)" }
            return c
        }
    }

    func importing(_ cards: [ContactRecord], into store: SQLiteContactsStore, _ db: SQLiteDatabase) throws -> (added: Int, updated: Int) {
        try db.transaction { () throws(ServiceError) -> (added: Int, updated: Int) in
            let batch = try store.importBatch()
            for c in cards { try batch.take(c) }
            try batch.finish(subject: "test")
            return (batch.added, batch.updated)
        }
    }

    /// Updates scattered over a big account: every one is placed one by one (fewer than a quarter of it).
    @Test(arguments: [(20_000, 5_000)])
    func scatteredUpdatesIntoABigAccount(existing: Int, updates: Int) throws {
        let tmp = TempFolder("reimport")
        let db = try SQLiteDatabase(path: tmp.file("c.sqlite3"))
        let store = try order.makeStore(db, account: "ada")
        let all = cards(existing)
        #expect(try importing(all, into: store, db) == (existing, 0))
        var generator = SeededGenerator(seed: 8)
        let changed = cards(existing, renamedEvery: 2)
        let scattered = generator.shuffled(Array(changed.prefix(updates)))
        #expect(try importing(scattered, into: store, db) == (0, updates))
        #expect(try store.count(matching: "") == existing)
        #expect(try store.contacts(matching: "renamed", offset: 0, limit: 100_000).count == (updates + 1) / 2)
        #expect(try DataAudit.problems(in: db).isEmpty)
        try order.expectConsistent(db)
    }

}

