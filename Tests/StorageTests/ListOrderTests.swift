import TestSupport
import AppServices
import Testing
import Foundation
@testable import Storage

/// The list ranks behind search (`SQLiteListOrder`): whatever the order of adds,
/// renames, deletes and bulk inserts, ranks follow the list order, each contact
/// has exactly one search entry under its rank, and searches come back in list order.
@Suite("List order ranks")
struct ListOrderTests {
    func makeStore(_ db: SQLiteDatabase, account: String) throws -> SQLiteContactsStore {
        let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
        let owner = try accounts.account(named: account)
            ?? accounts.createAccount(username: account, password: "analytical", now: 1)
        return SQLiteContactsStore(database: db, accountID: owner.id, now: { 100 })
    }

    /// Every invariant at once, for the whole file.
    func expectConsistent(_ db: SQLiteDatabase, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let s = try db.prepare("SELECT c.id, c.sort_rank, s.contact_id FROM contacts c LEFT JOIN contact_search s ON s.rowid = c.sort_rank ORDER BY c.account_id, c.sort_key, c.id")
        var previous: Int64 = 0
        var rows = 0
        while try s.step() {
            rows += 1
            #expect(!s.isNull(1), "contact \(s.int64(0)) has no rank", sourceLocation: sourceLocation)
            #expect(s.int64(1) > previous, "ranks out of list order at contact \(s.int64(0))", sourceLocation: sourceLocation)
            #expect(s.int64(2) == s.int64(0), "contact \(s.int64(0)) has no search entry under its rank", sourceLocation: sourceLocation)
            previous = s.int64(1)
        }
        s.reset()
        #expect(try db.scalarInt("SELECT count(*) FROM contact_search") == rows, "stray search entries", sourceLocation: sourceLocation)
    }

    @Test func manyAddsAtOnePlaceRelabelAndKeepSearchInListOrder() throws {
        let tmp = TempFolder()
        let db = try SQLiteDatabase(path: tmp.file("c.sqlite3"))
        let store = try makeStore(db, account: "ada")
        _ = try store.add(ContactRecord(firstName: "Ada", lastName: "Aardvark"))
        _ = try store.add(ContactRecord(firstName: "Zed", lastName: "Zulu"))
        // Each new "Lovelace" goes after the last one and before Zulu: the gap halves every time.
        for i in 0..<150 { _ = try store.add(ContactRecord(firstName: i < 100 ? "Ada" : "Ada \(i % 7)", lastName: "Lovelace")) }
        // Ten halvings use up a gap: the window around the new contact, Zulu with it, must have been spread out again.
        #expect(try db.scalarInt("SELECT sort_rank FROM contacts WHERE last_name = 'Zulu'") != Int(2 * SQLiteListOrder.gap))
        try expectConsistent(db)
        let all = try store.contacts(matching: "", offset: 0, limit: 1000).filter { $0.lastName == "Lovelace" }.map(\.id)
        let found = try store.contacts(matching: "lovelace", offset: 0, limit: 1000).map(\.id)
        #expect(found.count == 150)
        #expect(found == all)
        // Paging through a search is the same rows in pages.
        let paged = try stride(from: 0, to: 150, by: 40).flatMap { try store.contacts(matching: "lovelace", offset: $0, limit: 40).map(\.id) }
        #expect(paged == all)
    }

    @Test func renamesMoveAContactAndDeletesLeaveNoEntry() throws {
        let tmp = TempFolder()
        let db = try SQLiteDatabase(path: tmp.file("c.sqlite3"))
        let store = try makeStore(db, account: "ada")
        var ids: [Int64] = []
        for name in ["Turing", "Hopper", "Liskov", "Ritchie", "Backus"] { ids.append(try store.add(ContactRecord(firstName: "Al", lastName: name))) }
        var turing = try #require(try store.contact(id: ids[0]))
        turing.lastName = "Aaronson"
        #expect(try store.update(turing))
        #expect(try store.delete(id: ids[2]))
        try expectConsistent(db)
        #expect(try store.contacts(matching: "al t", offset: 0, limit: 10).isEmpty) // the old "Al Turing" is in no document
        #expect(try store.contacts(matching: "aaronson", offset: 0, limit: 10).map(\.id) == [ids[0]])
        #expect(try store.contacts(matching: "turing", offset: 0, limit: 10).isEmpty)
        #expect(try store.contacts(matching: "liskov", offset: 0, limit: 10).isEmpty)
    }

    @Test func accountsInterleavedStayApartInSearch() throws {
        let tmp = TempFolder()
        let db = try SQLiteDatabase(path: tmp.file("c.sqlite3"))
        let ada = try makeStore(db, account: "ada"), bob = try makeStore(db, account: "bob")
        for i in 0..<40 {
            _ = try ada.add(ContactRecord(firstName: "Grace \(i)", lastName: "Hopper"))
            _ = try bob.add(ContactRecord(firstName: "Grace \(i)", lastName: "Hopper"))
        }
        try expectConsistent(db)
        #expect(try ada.count(matching: "hopper") == 40)
        #expect(try bob.count(matching: "hopper") == 40)
        let adaIDs = Set(try ada.contacts(matching: "", offset: 0, limit: 100).map(\.id))
        #expect(Set(try ada.contacts(matching: "hopper", offset: 0, limit: 100).map(\.id)) == adaIDs)
    }

    @Test func populateOntoExistingContactsKeepsThemSearchable() throws {
        let tmp = TempFolder()
        let db = try SQLiteDatabase(path: tmp.file("c.sqlite3"))
        let bob = try makeStore(db, account: "bob")
        _ = try bob.add(ContactRecord(firstName: "Bob", lastName: "Builder"))
        let ada = try makeStore(db, account: "ada")
        let mine = try ada.add(ContactRecord(firstName: "Quentin", lastName: "Quartz", emails: ["q@quartz.example"]))
        var generator = ContactGenerator(seed: 3)
        try ada.addMany(count: 500, generator: &generator, friendPercent: 10)
        _ = try ada.add(ContactRecord(firstName: "Ada", lastName: "Lovelace", phones: [.init(label: "m", number: "999 1234")]))
        try expectConsistent(db)
        #expect(try ada.count(matching: "") == 502)
        #expect(try ada.contacts(matching: "quartz", offset: 0, limit: 5).map(\.id) == [mine])
        #expect(try ada.count(matching: "9991234") == 1)
        #expect(try bob.count(matching: "builder") == 1)
        #expect(try ada.count(matching: "builder") == 0)
        // Search order is list order.
        let all = try ada.contacts(matching: "", offset: 0, limit: 1000).filter { SearchText.fold($0.lastName) == "lovelace" }.map(\.id)
        #expect(try ada.contacts(matching: "lovelace", offset: 0, limit: 1000).map(\.id) == all)
    }

    @Test func populateIntoAnEmptyAccountInsertsInListOrderWithFinalRanks() throws {
        let tmp = TempFolder()
        let db = try SQLiteDatabase(path: tmp.file("c.sqlite3"))
        let store = try makeStore(db, account: "ada")
        var generator = ContactGenerator(seed: 11)
        try store.addMany(count: 3_000, generator: &generator, friendPercent: 10)
        try expectConsistent(db)
        // Ids were handed out in list order, and every generated contact is there once.
        let ids = try store.contacts(matching: "", offset: 0, limit: 3_000).map(\.id)
        #expect(ids == ids.sorted())
        var again = ContactGenerator(seed: 11)
        let expected = (0..<3_000).map { _ in again.next(friendPercent: 10) }
        let stored = try ids.map { try #require(try store.contact(id: $0)) }
        #expect(Set(stored.map { "\($0.firstName) \($0.lastName) \($0.phones.map(\.number))" }).count
                == Set(expected.map { "\($0.firstName) \($0.lastName) \($0.phones.map(\.number))" }).count)
        #expect(stored.filter(\.isFriend).count == expected.filter(\.isFriend).count)
        #expect(generator.next() == again.next()) // the generator moved on past them
    }

    @Test func populatingAnEarlierAccountWithNoRoomLeftRanksEveryoneAfresh() throws {
        let tmp = TempFolder()
        let db = try SQLiteDatabase(path: tmp.file("c.sqlite3"))
        let ada = try makeStore(db, account: "ada"), bob = try makeStore(db, account: "bob")
        var generator = ContactGenerator(seed: 5)
        try bob.addMany(count: 400, generator: &generator, friendPercent: 10) // bob's ranks start right after 0
        try ada.addMany(count: 300, generator: &generator, friendPercent: 10) // ada sorts before bob: no room
        _ = try ada.add(ContactRecord(firstName: "Zed", lastName: "Zzz", emails: ["zed@zzz.example"]))
        try expectConsistent(db)
        #expect(try ada.count(matching: "") == 301)
        #expect(try bob.count(matching: "") == 400)
        #expect(try ada.count(matching: "zzz.example") == 1)
        #expect(try bob.count(matching: "zzz.example") == 0)
        let all = try ada.contacts(matching: "", offset: 0, limit: 1000).filter { SearchText.fold($0.lastName) == "lovelace" }.map(\.id)
        #expect(try ada.contacts(matching: "lovelace", offset: 0, limit: 1000).map(\.id) == all)
    }

    @Test func countsStopAtTheirCap() throws {
        let tmp = TempFolder()
        let db = try SQLiteDatabase(path: tmp.file("c.sqlite3"))
        let store = try makeStore(db, account: "ada")
        for i in 0..<30 { _ = try store.add(ContactRecord(firstName: "N\(i)", lastName: "Hamilton")) }
        #expect(try store.count(matching: "hamilton", upTo: 10) == 10)
        #expect(try store.count(matching: "ha", upTo: 10) == 10)
        #expect(try store.count(matching: "", upTo: 10) == 10)
        #expect(try store.count(matching: "hamilton", upTo: 100) == 30)
    }

    @Test func aVersion3FileGetsRanksAndASearchIndexInListOrder() throws {
        let tmp = TempFolder()
        let path = tmp.file("v3.sqlite3")
        do {
            let db = try SQLiteDatabase(path: path)
            let store = try makeStore(db, account: "ada")
            for name in ["Turing", "Hopper", "Ångström"] {
                _ = try store.add(ContactRecord(firstName: "Al", lastName: name, phones: [.init(label: "work", number: "+1 555 0100")],
                                                emails: ["\(name.lowercased())@x.example", "al@\(name.lowercased()).example"]))
            }
            // Back to how version 3 left it: no ranks, the index keyed by contact id, phones and emails in tables of their own.
            try db.execute("""
                CREATE TABLE old_search AS SELECT contact_id AS id, text FROM contact_search;
                DROP TABLE contact_search;
                CREATE VIRTUAL TABLE contact_search USING fts5(text, tokenize = 'trigram');
                INSERT INTO contact_search (rowid, text) SELECT id, text FROM old_search;
                DROP TABLE old_search;
                CREATE TABLE contact_phones (id INTEGER PRIMARY KEY, contact_id INTEGER NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL, label TEXT NOT NULL, number TEXT NOT NULL);
                CREATE TABLE contact_emails (id INTEGER PRIMARY KEY, contact_id INTEGER NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL, address TEXT NOT NULL);
                INSERT INTO contact_phones (contact_id, position, label, number) SELECT c.id, p.key, p.value ->> 0, p.value ->> 1 FROM contacts c, json_each(c.phones) p;
                INSERT INTO contact_emails (contact_id, position, address) SELECT c.id, e.key, e.value FROM contacts c, json_each(c.emails) e;
                DROP INDEX contacts_friends_by_name;
                CREATE INDEX contacts_friends_by_name ON contacts (account_id, is_friend, sort_key, id);
                \(MigrationUndo.cardFields)
                ALTER TABLE contacts DROP COLUMN sort_rank;
                ALTER TABLE contacts DROP COLUMN phones;
                ALTER TABLE contacts DROP COLUMN emails;
                ALTER TABLE contact_counts DROP COLUMN friends;
                DROP TABLE settings;
                DROP TABLE activity;
                PRAGMA user_version = 3;
                """)
        }
        let db = try SQLiteDatabase(path: path)
        #expect(db.userVersion == SQLiteDatabase.schemaVersion)
        try expectConsistent(db)
        let store = try makeStore(db, account: "ada")
        #expect(try store.contacts(matching: "x.example", offset: 0, limit: 5).map(\.lastName) == ["Ångström", "Hopper", "Turing"])
        let hopper = try #require(try store.contacts(matching: "hopper", offset: 0, limit: 1).first)
        let card = try #require(try store.contact(id: hopper.id))
        #expect(card.phones == [.init(label: "work", number: "+1 555 0100")])
        #expect(card.emails == ["hopper@x.example", "al@hopper.example"])
        #expect(try store.count(matching: "15550100") == 3)
        _ = try store.add(ContactRecord(firstName: "Grace", lastName: "Brewster"))
        try expectConsistent(db)
    }

    @Test func theGeneratorMakesAnyContactDirectlyAsInSequence() {
        let start = ContactGenerator(seed: 9)
        var sequential = start
        for k in 0..<60 {
            let next = sequential.next(friendPercent: 25)
            #expect(start.contact(at: k, friendPercent: 25) == next)
            #expect(ContactGenerator.name(ofID: start.nameID(at: k)) == (next.firstName, next.lastName))
        }
        var skipped = start
        skipped.skip(60)
        #expect(skipped.next() == sequential.next())
    }
}
