import TestSupport
import AppServices
import Testing
import Foundation
@testable import Storage

/// Search finds what the list shows: the name as shown (East Asian names
/// family name first, no space) and in the other order, in any script, from
/// one character on (one or two: the start of a word of the name; three or
/// more: anywhere). The SQLite store and `ContactQuery` (the kiosk's
/// in-memory rules) give the same answers.
@Suite("Contact search, the table of cases")
struct ContactSearchTests {
    static let people: [(first: String, last: String)] = [
        ("Ada", "Lovelace"), ("Alan", "Turing"), ("Grace", "Hopper"), ("Zoë", "Ångström"),
        ("지우", "최"), ("漢字", "山田"), ("翔太", "佐藤"), ("Иван", "Петров"), ("Prince", ""),
        ("Jan", "Łukasiewicz"), ("Hans", "Ørsted"), ("Đorđe", "Balašević"),
    ]

    /// A query and the people (by index above) it must find, in list order.
    static let cases: [(query: String, finds: [Int])] = [
        ("최지우", [4]), ("지우 최", [4]), ("최", [4]), ("지우", [4]), ("지", [4]),
        ("漢字", [5]), ("山田", [5]), ("田漢字", [5]), ("田漢", []), ("山田漢字", [5]), ("佐藤翔太", [6]), ("翔", [6]),
        ("ada lovelace", [0]), ("lovelace ada", [0]), ("Ada", [0]), ("ad", [0]), ("ov", []), ("ove", [0]),
        ("a", [0, 1, 3]), ("t", [1]), ("h", [2, 10]), ("ho", [2]), ("opp", [2]),
        ("zoe", [3]), ("ångström", [3]), ("ANG", [3]), ("zoë angstrom", [3]),
        ("пе", [7]), ("петров иван", [7]), ("иван", [7]), ("p", [8]), ("п", [7]), ("prince", [8]),
        // Letters with a stroke are found by their plain letter, as people type them (issue 39, item 5).
        ("luk", [9]), ("łuk", [9]), ("LUKASIEWICZ", [9]), ("jan lukasiewicz", [9]), ("l", [0, 9]), ("ł", [0, 9]),
        ("orsted", [10]), ("ørsted", [10]), ("o", [10]), ("dorde", [11]), ("đorđe", [11]), ("d", [11]), ("balasevic", [11]),
        ("", Array(0...11)), ("  ", Array(0...11)), ("nobody", []),
    ]

    @Test func everyCaseFindsWhatTheListShows() throws {
        let tmp = TempFolder()
        let db = try SQLiteDatabase(path: tmp.file("s.sqlite3"))
        let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
        let owner = try accounts.createAccount(username: "ada", password: "analytical", now: 1)
        let store = SQLiteContactsStore(database: db, accountID: owner.id, now: { 100 })
        var ids: [Int64] = []
        var records: [ContactRecord] = []
        for p in Self.people {
            let record = ContactRecord(firstName: p.first, lastName: p.last)
            ids.append(try store.add(record))
            records.append(record)
        }
        let listOrder = try store.contacts(matching: "", offset: 0, limit: 100).map(\.id)
        for (query, finds) in Self.cases {
            let expected = listOrder.filter { id in finds.contains(ids.firstIndex(of: id)!) }
            let found = try store.contacts(matching: query, offset: 0, limit: 100).map(\.id)
            #expect(found == expected, "\(query)")
            #expect(try store.count(matching: query) == expected.count, "\(query)")
            // The in-memory rules agree, contact by contact.
            let matching = ContactQuery(query)
            let inMemory = listOrder.filter { id in matching.matches(records[ids.firstIndex(of: id)!]) }
            #expect(inMemory == expected, "in memory: \(query)")
        }
    }

    @Test func aFileFromBeforeIsReindexedByItsMigration() throws {
        let tmp = TempFolder()
        let path = tmp.file("old.sqlite3")
        do {
            let db = try SQLiteDatabase(path: path)
            let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
            let owner = try accounts.createAccount(username: "ada", password: "analytical", now: 1)
            _ = try SQLiteContactsStore(database: db, accountID: owner.id).add(ContactRecord(firstName: "지우", lastName: "최"))
            // As version 6 wrote it: "first last" only, and no subject index for the activity feed (8).
            try db.execute("""
                UPDATE contact_search SET text = '지우 최';
                DROP INDEX activity_by_subject; ALTER TABLE activity DROP COLUMN subject_key;
                \(MigrationUndo.cardFields)
                PRAGMA user_version = 6
                """)
        }
        let db = try SQLiteDatabase(path: path)
        let store = SQLiteContactsStore(database: db, accountID: 1)
        #expect(try store.count(matching: "최지우") == 1)
        #expect(try store.count(matching: "최") == 1)
    }

    /// A file from before search folded ł as l (version 11) finds Łukasiewicz by "luk", and by title and city, once migrated.
    @Test func aFileFromBeforeFindsLettersWithAStrokeAfterItsMigration() throws {
        let tmp = TempFolder()
        let path = tmp.file("old.sqlite3")
        do {
            let db = try SQLiteDatabase(path: path)
            let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
            let owner = try accounts.createAccount(username: "ada", password: "analytical", now: 1)
            var jan = ContactRecord(firstName: "Jan", lastName: "Łukasiewicz")
            jan.title = "Logician"
            jan.phones = [.init(label: "home", number: "+48 12 345 67 89")]
            jan.addresses = [ContactRecord.Address(city: "Lwów")]
            _ = try SQLiteContactsStore(database: db, accountID: owner.id).add(jan)
            // As version 11 wrote it: the stroke kept, no title or city.
            try db.execute("""
                UPDATE contact_search SET text = 'jan łukasiewicz \u{1F} łukasiewicz jan';
                \(MigrationUndo.groupCards)
                \(MigrationUndo.displayNames)
                \(MigrationUndo.sync)
                \(MigrationUndo.deletesKept)
                ALTER TABLE contacts DROP COLUMN card;
                PRAGMA user_version = 11
                """)
            #expect(try SQLiteContactsStore(database: db, accountID: owner.id).count(matching: "luk") == 0)
        }
        let db = try SQLiteDatabase(path: path)
        let store = SQLiteContactsStore(database: db, accountID: 1)
        #expect(try store.count(matching: "luk") == 1)
        #expect(try store.count(matching: "łuk") == 1)
        #expect(try store.count(matching: "logician") == 1 && store.count(matching: "lwow") == 1)   // and the title and city
        #expect(try store.count(matching: "+48") == 1 && store.count(matching: "4") == 1)           // and a phone's first digits
    }
}
