import TestSupport
import AppServices
import Testing
@testable import Storage

/// The contacts list by CardDAV address book (issue 38), the same answers from an SQLite file and
/// a PostgreSQL directory: the books with their counts, a page of one book's contacts (or of those
/// on none) in each order — from the top and from the end, with a search —, each row's book; on
/// SQLite the page read by walking the order's index (no sort of the book), each row tested by
/// `sync_cards`' primary key.
@MainActor
@Suite("Contacts by address book")
struct AddressBookFilterTests {
    struct Fixture {
        let store: any ContactsService
        let sync: any SyncStore
        let work: Int64, home: Int64
        /// bob's book (none of ada's contacts are on it).
        let bobs: Int64
        /// Which book each contact is on (absent: none).
        var bookOf: [Int64: Int64] = [:]
        /// The SQLite file's database (nil on PostgreSQL).
        var db: SQLiteDatabase?
        /// How many contacts ada has.
        let total: Int
    }

    /// ada's `count` generated contacts: every third on Work, every fifth of the rest on Home, the
    /// others on none; bob's own book and contacts beside them.
    static func fill(ada: any ContactsService, bob: any ContactsService, sync: any SyncStore, adaID: Int64, bobID: Int64, count: Int,
                     addMany: (inout ContactGenerator) throws -> Void) throws -> Fixture {
        var generator = ContactGenerator(seed: 11)
        try addMany(&generator)
        let account = try sync.addAccount(accountID: adaID, url: "https://dav.example/", homeURL: "https://dav.example/ada/", username: "ada",
                                          passwordCommand: nil, caFile: nil,
                                          books: [("https://dav.example/ada/work/", "Work"), ("https://dav.example/ada/home/", "Home")])
        let books = try sync.books(of: account)
        let other = try bob.add(ContactRecord(firstName: "Not", lastName: "Yours"))
        let bobAccount = try sync.addAccount(accountID: bobID, url: "https://dav.example/", homeURL: "https://dav.example/bob/", username: "bob",
                                             passwordCommand: nil, caFile: nil, books: [("https://dav.example/bob/work/", "Bob's")])
        let bobBook = try sync.books(of: bobAccount)[0].id
        try sync.bind(contact: other, book: bobBook, href: "/bob/1.vcf", etag: nil, card: "BEGIN:VCARD\r\nEND:VCARD\r\n")
        var f = Fixture(store: ada, sync: sync, work: books[0].id, home: books[1].id, bobs: bobBook, total: count)
        let ids = try ada.contacts(matching: "", offset: 0, limit: count + 1).map(\.id).sorted()
        for (i, id) in ids.enumerated() {
            let book: Int64? = i % 3 == 0 ? f.work : i % 5 == 0 ? f.home : nil
            guard let book else { continue }
            try sync.bind(contact: id, book: book, href: "/ada/\(id).vcf", etag: "\"1\"", card: "BEGIN:VCARD\r\nEND:VCARD\r\n")
            f.bookOf[id] = book
        }
        return f
    }

    /// The fixture on an SQLite file (600 contacts).
    func fixture(_ tmp: TempFolder) throws -> Fixture {
        let db = try SQLiteDatabase(path: tmp.file("books.sqlite3"))
        let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
        let ada = try accounts.createAccount(username: "ada", password: "analytical", now: 1)
        let bob = try accounts.createAccount(username: "bob", password: "analytical", now: 1)
        let store = SQLiteContactsStore(database: db, accountID: ada.id)
        var f = try Self.fill(ada: store, bob: SQLiteContactsStore(database: db, accountID: bob.id), sync: SQLiteSyncStore(database: db),
                              adaID: ada.id, bobID: bob.id, count: 600) { generator in
            try store.addMany(count: 600, generator: &generator, friendPercent: 0)
        }
        f.db = db
        return f
    }

    /// What either store must answer: the books and their counts, every filter in every order page
    /// by page, a search on a book, each row's book.
    func check(_ f: Fixture) throws {
        // The books, oldest first, with their counts; those on none.
        let work = f.bookOf.values.filter { $0 == f.work }.count, home = f.bookOf.values.filter { $0 == f.home }.count
        let books = try f.store.addressBooks(counted: true)
        #expect(books.books == [ContactAddressBook(id: f.work, name: "Work", count: work), ContactAddressBook(id: f.home, name: "Home", count: home)])
        #expect(books.notSynced == f.total - work - home)
        #expect(try f.store.addressBooks(counted: false).books.map(\.name) == ["Work", "Home"])
        // Every filter in every order, page by page from the top and from the end: the rows the
        // whole list has in that order that the filter keeps, in the same order.
        for order in ContactListOrder.allCases {
            let whole = try f.store.page(matching: "", in: order, offset: 0, limit: f.total + 1, countingUpTo: .max).rows
            for filter in [AddressBookFilter.book(f.work), .book(f.home), .notSynced] {
                let expected = whole.filter { row in
                    switch filter {
                    case .book(let id): f.bookOf[row.id] == id
                    case .notSynced: f.bookOf[row.id] == nil
                    }
                }
                var read: [ContactSummary] = []
                let step = max(7, expected.count / 3 + 1)
                for offset in stride(from: 0, to: expected.count, by: step) {
                    let page = try f.store.page(in: filter, matching: "", in: order, offset: offset, limit: step, countingUpTo: .max)
                    #expect(page.count == expected.count)
                    read += page.rows
                }
                #expect(read.map(\.id) == expected.map(\.id), "\(order) \(filter)")
                #expect(read.map(\.sortKey) == expected.map(\.sortKey))
                // The count stops at the cap; past the end, nothing.
                #expect(try f.store.page(in: filter, matching: "", in: order, offset: 0, limit: 3, countingUpTo: 5).count == 5)
                #expect(try f.store.page(in: filter, matching: "", in: order, offset: expected.count, limit: 10, countingUpTo: .max).rows.isEmpty)
            }
        }
        // Another account's book keeps none of ada's.
        #expect(try f.store.page(in: .book(f.bobs), matching: "", in: .lastName, offset: 0, limit: 10, countingUpTo: .max) == ContactsPage(count: 0, rows: []))
        // A search on a book finds only its matches there (a name's start, and three letters inside).
        let name = try #require(try f.store.contacts(matching: "", offset: 0, limit: f.total).first { f.bookOf[$0.id] == f.home })
        for query in [String(name.lastName.prefix(2)), String(name.lastName.dropFirst().prefix(3))] {
            for order in ContactListOrder.allCases {
                let all = try f.store.page(matching: query, in: order, offset: 0, limit: f.total, countingUpTo: .max).rows
                let onHome = try f.store.page(in: .book(f.home), matching: query, in: order, offset: 0, limit: f.total, countingUpTo: .max)
                #expect(onHome.rows.map(\.id) == all.filter { f.bookOf[$0.id] == f.home }.map(\.id), "\(query) \(order)")
                #expect(onHome.rows.contains { $0.id == name.id } && onHome.count == onHome.rows.count)
                let local = try f.store.page(in: .notSynced, matching: query, in: order, offset: 0, limit: f.total, countingUpTo: .max)
                #expect(local.rows.map(\.id) == all.filter { f.bookOf[$0.id] == nil }.map(\.id))
            }
        }
        // Each row's book ("" for none).
        let ids = try f.store.contacts(matching: "", offset: 0, limit: 20).map(\.id)
        let details = try f.store.rowDetails(of: ids)
        for id in ids {
            #expect(details[id]?.addressBook == f.bookOf[id].map { $0 == f.work ? "Work" : "Home" } ?? "")
        }
    }

    @Test func anSQLiteFile() throws {
        let tmp = TempFolder()
        try check(try fixture(tmp))
        // A file where nothing syncs has no books.
        let other = try SQLiteDatabase(path: tmp.file("plain.sqlite3"))
        let ada = try SQLiteAccountStore(database: other, hasher: PasswordHasher(cost: 1)).createAccount(username: "ada", password: "analytical", now: 1)
        #expect(try SQLiteContactsStore(database: other, accountID: ada.id).addressBooks(counted: true) == ContactAddressBooks())
    }

    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
    func aSharedDirectory() throws {
        let server = try PostgresTestServer()
        let db = try server.open()
        let accounts = PostgresAccountStore(database: db, session: try LocalSessionFile(server: server.uri, environment: ["XDG_STATE_HOME": TempFolder().file("s")]),
                                            hasher: PasswordHasher(cost: 1))
        let ada = try accounts.createAccount(username: "ada", password: "analytical", now: 1).id
        let bob = try accounts.createAccount(username: "bob", password: "analytical", now: 1).id
        let store = PostgresContactsStore(database: db, accountID: ada)
        #expect(try store.addressBooks(counted: true) == ContactAddressBooks())
        try check(try Self.fill(ada: store, bob: PostgresContactsStore(database: db, accountID: bob), sync: PostgresSyncStore(database: db),
                                adaID: ada, bobID: bob, count: 200) { generator in
            try store.addMany(count: 200, generator: &generator, friendPercent: 0)
        })
    }

    /// A page walks the order's index (never a sort of the book) and tests each row by `sync_cards`'
    /// primary key, both ways, for a book and for the contacts on none.
    @Test func aPageWalksTheOrdersIndex() throws {
        let tmp = TempFolder()
        let f = try fixture(tmp)
        let db = try #require(f.db)
        try db.execute("ANALYZE")
        for order in ContactListOrder.allCases {
            for filter in [AddressBookFilter.book(f.work), .notSynced] {
                for fromEnd in [false, true] {
                    let plan = try db.prepare("EXPLAIN QUERY PLAN " + SQLiteContactsStore.pageSQL(filter, in: order, fromEnd: fromEnd))
                    plan.bind(1, f.work).bind(2, 1).bind(3, 200).bind(4, 100)
                    var steps: [String] = []
                    while try plan.step() { steps.append(plan.text(3)) }
                    plan.reset()
                    let index = SQLiteContactsStore.listKey(order).index
                    #expect(steps.contains { $0.contains("SEARCH c USING") && $0.contains("INDEX \(index) ") }, "\(steps)")
                    #expect(steps.contains { $0.contains("SEARCH s USING INTEGER PRIMARY KEY") }, "\(steps)")
                    #expect(!steps.contains { $0.contains("TEMP B-TREE") }, "\(steps)")
                }
            }
        }
    }
}
