import TestSupport
import AppServices
import Demo
import Foundation
import Storage
import Testing
@testable import Kiosk

/// The kiosk's in-memory address book answers searches as the SQLite store
/// does: the same demo contacts in both, the same results in the same order.
@Suite struct InMemoryContactsTests {
    static let queries = ["", "a", "ho", "hop", "hopper", "HOPPER", "zoe", "ångström", "angstrom", "7700 9", "+44 20 7946",
                          "example.com", "李", "佐藤", "петров", "nobody-at-all", "  ada  ", "h"]

    /// The demo book in an SQLite file (in `folder`) and in memory.
    static func demoBookTwice() throws -> (folder: TempFolder, sqlite: SQLiteContactsStore, memory: InMemoryContacts, records: [ContactRecord]) {
        let folder = TempFolder("kiosk-store")
        let db = try SQLiteDatabase(path: folder.file("c.sqlite3"))
        let account = try SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1)).createAccount(username: "demo", password: "demo12345", now: 1)
        let sqlite = SQLiteContactsStore(database: db, accountID: account.id)
        let records = DemoContacts.make(seed: 5).map(KioskDirectory.record)
        for record in records { _ = try sqlite.add(record) }
        return (folder, sqlite, InMemoryContacts(records), records)
    }

    @Test(arguments: queries)
    func searchesMatchTheSQLiteStore(query: String) throws {
        let (folder, sqlite, memory, _) = try Self.demoBookTwice()
        defer { withExtendedLifetime(folder) {} }

        let expected = try sqlite.contacts(matching: query, offset: 0, limit: 1000).map { "\($0.firstName) \($0.lastName)" }
        let got = try memory.contacts(matching: query, offset: 0, limit: 1000).map { "\($0.firstName) \($0.lastName)" }
        #expect(got == expected)
        #expect(try memory.count(matching: query, upTo: 1000) == sqlite.count(matching: query, upTo: 1000))
        #expect(try memory.contacts(matching: query, offset: 3, limit: 5).map(\.lastName) == sqlite.contacts(matching: query, offset: 3, limit: 5).map(\.lastName))
    }

    /// The demo book's e-mails (and a changed case of each) find the same contacts in memory as in the file.
    @Test func contactsWithAnEmailMatchTheSQLiteStore() throws {
        let (folder, sqlite, memory, records) = try Self.demoBookTwice()
        defer { withExtendedLifetime(folder) {} }
        let addresses = records.flatMap(\.emails).prefix(40)
        #expect(!addresses.isEmpty)
        for address in addresses + addresses.map({ $0.uppercased() }) + ["nobody@nowhere.example"] {
            #expect(try memory.contacts(withEmail: address).map(\.sortKey) == sqlite.contacts(withEmail: address).map(\.sortKey), "\(address)")
        }
    }

    @Test func changesAreKeptInListOrder() throws {
        let store = InMemoryContacts(DemoContacts.famous.map(KioskDirectory.record))
        let id = try store.add(ContactRecord(firstName: "Barbara", lastName: "Liskov"))
        #expect(try store.contacts(matching: "", offset: 0, limit: 10).map(\.lastName) == ["Dijkstra", "Hamilton", "Hopper", "Liskov", "Lovelace", "Turing"])
        var barbara = try #require(try store.contact(id: id))
        barbara.lastName = "Zuse"
        #expect(try store.update(barbara))
        #expect(try store.contacts(matching: "", offset: 0, limit: 10).last?.lastName == "Zuse")
        #expect(try store.setFriend(id: id, true))
        #expect(try store.contact(id: id)?.isFriend == true)
        #expect(try store.delete(id: id))
        #expect(try !store.delete(id: id))
        #expect(try store.count(matching: "") == 5)
        #expect(try !store.update(barbara))
    }
}
