import TestSupport
import AppServices
import Testing
@testable import Storage

/// The contacts list by CardDAV address book on an SQLite file (issue 38): the books with their
/// counts, a page of one book's contacts (or of those on none) in each order — from the top and
/// from the end, with a search —, each row's book, and the page read by walking the order's index
/// (no sort of the book), each row tested by `sync_cards`' primary key.
@MainActor
@Suite("Contacts by address book")
struct AddressBookFilterTests {
    struct Fixture {
        let db: SQLiteDatabase
        let store: SQLiteContactsStore
        let work: Int64, home: Int64
        /// Which book each contact is on (absent: none).
        var bookOf: [Int64: Int64] = [:]
    }

    /// ada's 600 generated contacts: every third on Work, every fifth of the rest on Home, the others
    /// on none; bob's own book and contacts beside them.
    func fixture(_ tmp: TempFolder) throws -> Fixture {
        let db = try SQLiteDatabase(path: tmp.file("books.sqlite3"))
        let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
        let ada = try accounts.createAccount(username: "ada", password: "analytical", now: 1)
        let bob = try accounts.createAccount(username: "bob", password: "analytical", now: 1)
        let store = SQLiteContactsStore(database: db, accountID: ada.id)
        var generator = ContactGenerator(seed: 11)
        try store.addMany(count: 600, generator: &generator, friendPercent: 0)
        let sync = SQLiteSyncStore(database: db)
        let account = try sync.addAccount(accountID: ada.id, url: "https://dav.example/", homeURL: "https://dav.example/ada/", username: "ada",
                                          passwordCommand: nil, caFile: nil,
                                          books: [("https://dav.example/ada/work/", "Work"), ("https://dav.example/ada/home/", "Home")])
        let books = try sync.books(of: account)
        var f = Fixture(db: db, store: store, work: books[0].id, home: books[1].id)
        let ids = try store.contacts(matching: "", offset: 0, limit: 1_000).map(\.id).sorted()
        for (i, id) in ids.enumerated() {
            let book: Int64? = i % 3 == 0 ? f.work : i % 5 == 0 ? f.home : nil
            guard let book else { continue }
            try sync.bind(contact: id, book: book, href: "/ada/\(id).vcf", etag: "\"1\"", card: "BEGIN:VCARD\r\nEND:VCARD\r\n")
            f.bookOf[id] = book
        }
        // bob's book and contacts: never in ada's lists nor counts.
        let bobs = SQLiteContactsStore(database: db, accountID: bob.id)
        let other = try bobs.add(ContactRecord(firstName: "Not", lastName: "Yours"))
        let bobAccount = try sync.addAccount(accountID: bob.id, url: "https://dav.example/", homeURL: "https://dav.example/bob/", username: "bob",
                                             passwordCommand: nil, caFile: nil, books: [("https://dav.example/bob/work/", "Bob's")])
        try sync.bind(contact: other, book: try sync.books(of: bobAccount)[0].id, href: "/bob/1.vcf", etag: nil, card: "BEGIN:VCARD\r\nEND:VCARD\r\n")
        return f
    }

    @Test func theBooksAndTheirCounts() throws {
        let tmp = TempFolder()
        let f = try fixture(tmp)
        let books = try f.store.addressBooks(counted: true)
        #expect(books.books == [ContactAddressBook(id: f.work, name: "Work", count: 200), ContactAddressBook(id: f.home, name: "Home", count: 80)])
        #expect(books.notSynced == 320)
        #expect(try f.store.addressBooks(counted: false).books.map(\.name) == ["Work", "Home"])
        // A file where nothing syncs has none.
        let other = try SQLiteDatabase(path: tmp.file("plain.sqlite3"))
        let ada = try SQLiteAccountStore(database: other, hasher: PasswordHasher(cost: 1)).createAccount(username: "ada", password: "analytical", now: 1)
        #expect(try SQLiteContactsStore(database: other, accountID: ada.id).addressBooks(counted: true) == ContactAddressBooks())
    }

    /// Every filter in every order, page by page from the top and from the end: the rows the whole
    /// list has in that order that the filter keeps, in the same order.
    @Test func pagesAreTheWholeListsRowsOnTheBookInEachOrder() throws {
        let tmp = TempFolder()
        let f = try fixture(tmp)
        for order in ContactListOrder.allCases {
            let whole = try f.store.page(matching: "", in: order, offset: 0, limit: 1_000, countingUpTo: .max).rows
            for filter in [AddressBookFilter.book(f.work), .book(f.home), .notSynced] {
                let expected = whole.filter { row in
                    switch filter {
                    case .book(let id): f.bookOf[row.id] == id
                    case .notSynced: f.bookOf[row.id] == nil
                    }
                }
                var read: [ContactSummary] = []
                for offset in stride(from: 0, to: expected.count, by: 70) {
                    let page = try f.store.page(in: filter, matching: "", in: order, offset: offset, limit: 70, countingUpTo: .max)
                    #expect(page.count == expected.count)
                    read += page.rows
                }
                #expect(read.map(\.id) == expected.map(\.id), "\(order) \(filter)")
                #expect(read.map(\.sortKey) == expected.map(\.sortKey))
                // The count stops at the cap; past the end, nothing.
                #expect(try f.store.page(in: filter, matching: "", in: order, offset: 0, limit: 10, countingUpTo: 50).count == 50)
                #expect(try f.store.page(in: filter, matching: "", in: order, offset: expected.count, limit: 10, countingUpTo: .max).rows.isEmpty)
            }
        }
        // Another account's book keeps none of ada's.
        let bobs = try SQLiteSyncStore(database: f.db).accounts(of: nil).last!
        let bobBook = try SQLiteSyncStore(database: f.db).books(of: bobs.id)[0].id
        #expect(try f.store.page(in: .book(bobBook), matching: "", in: .lastName, offset: 0, limit: 10, countingUpTo: .max) == ContactsPage(count: 0, rows: []))
    }

    @Test func aSearchOnABookFindsOnlyItsMatches() throws {
        let tmp = TempFolder()
        let f = try fixture(tmp)
        let name = try #require(try f.store.contacts(matching: "", offset: 0, limit: 1_000).first { f.bookOf[$0.id] == f.home })
        let query = String(name.lastName.prefix(3))
        for order in ContactListOrder.allCases {
            let all = try f.store.page(matching: query, in: order, offset: 0, limit: 1_000, countingUpTo: .max).rows
            let onHome = try f.store.page(in: .book(f.home), matching: query, in: order, offset: 0, limit: 1_000, countingUpTo: .max)
            #expect(onHome.rows.map(\.id) == all.filter { f.bookOf[$0.id] == f.home }.map(\.id))
            #expect(onHome.rows.contains { $0.id == name.id } && onHome.count == onHome.rows.count)
            let local = try f.store.page(in: .notSynced, matching: query, in: order, offset: 0, limit: 1_000, countingUpTo: .max)
            #expect(local.rows.map(\.id) == all.filter { f.bookOf[$0.id] == nil }.map(\.id))
        }
    }

    @Test func eachRowSaysItsBook() throws {
        let tmp = TempFolder()
        let f = try fixture(tmp)
        let ids = try f.store.contacts(matching: "", offset: 0, limit: 20).map(\.id)
        let details = try f.store.rowDetails(of: ids)
        for id in ids {
            let expected = f.bookOf[id].map { $0 == f.work ? "Work" : "Home" } ?? ""
            #expect(details[id]?.addressBook == expected)
        }
    }

    /// A page walks the order's index (never a sort of the book) and tests each row by `sync_cards`'
    /// primary key, both ways, for a book and for the contacts on none.
    @Test func aPageWalksTheOrdersIndex() throws {
        let tmp = TempFolder()
        let f = try fixture(tmp)
        try f.db.execute("ANALYZE")
        for order in ContactListOrder.allCases {
            for filter in [AddressBookFilter.book(f.work), .notSynced] {
                for fromEnd in [false, true] {
                    let plan = try f.db.prepare("EXPLAIN QUERY PLAN " + SQLiteContactsStore.pageSQL(filter, in: order, fromEnd: fromEnd))
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
