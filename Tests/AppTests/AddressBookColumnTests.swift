import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit

/// The contacts list on a data file that syncs (issue 38), on the virtual screen: each row says
/// its CardDAV address book (a column from 70 columns, a short tag after the name below, nothing for
/// a contact on none), `A` picks a book (or "Not synced") with type-ahead, the title names it, and
/// it holds with a search, the order (`o`) and a resize to 40x12; with nothing synced there is no
/// column and `A` says there is nothing to filter by. The books are stored and contacts bound
/// through `SQLiteSyncStore` directly, as a sync would leave them (no server).
@MainActor
@Suite(.serialized)
struct AddressBookColumnTests {
    /// ada signed in, with Work and Home synced: Ada Lovelace and Alan Turing on Work, Grace
    /// Hopper on Home, Ivan Petrov on none.
    func harness(width: Int, height: Int, synced: Bool = true) throws -> AppHarness {
        let h = AppHarness(width: width, height: height, syncProcesses: { _ in RecordedSyncProcesses() })
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let ada = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let contacts = SQLiteContactsStore(database: db, accountID: ada.id)
        let sync = SQLiteSyncStore(database: db)
        var bound: [(ContactRecord, Int)] = [
            (ContactRecord(firstName: "Ada", lastName: "Lovelace", emails: ["ada@analytical.example"]), 0),
            (ContactRecord(firstName: "Alan", lastName: "Turing"), 0),
            (ContactRecord(firstName: "Grace", lastName: "Hopper"), 1),
        ]
        if synced {
            let account = try sync.addAccount(accountID: ada.id, url: "https://dav.example.com/", homeURL: "https://dav.example.com/ada/",
                                              username: "ada", passwordCommand: "cat pw", caFile: nil,
                                              books: [("https://dav.example.com/ada/work/", "Work"), ("https://dav.example.com/ada/home/", "Home")])
            let books = try sync.books(of: account)
            for (record, book) in bound {
                let id = try sync.applying { () throws(ServiceError) -> Int64 in try contacts.add(record) }
                try sync.bind(contact: id, book: books[book].id, href: books[book].url + "\(id).vcf", etag: "\"1\"", card: "BEGIN:VCARD\r\nEND:VCARD\r\n")
            }
        } else {
            for (record, _) in bound { _ = try contacts.add(record) }
        }
        bound = []
        _ = try contacts.add(ContactRecord(firstName: "Ivan", lastName: "Petrov"))
        h.press("wait:1s C wait:400ms")
        return h
    }

    func row(_ h: AppHarness, _ name: String) -> String? { h.lines.first { $0.contains(name) } }

    @Test func eachRowSaysItsBookAndAPicksOne() throws {
        let h = try harness(width: 100, height: 30)
        #expect(h.lines[3].contains("Name") && h.lines[3].contains("Book"), "\(h.text)")
        #expect(try #require(row(h, "Ada Lovelace")).trimmingTrailingSpaces.hasSuffix("Work"), "\(h.text)")
        #expect(try #require(row(h, "Grace Hopper")).trimmingTrailingSpaces.hasSuffix("Home"))
        let ivan = try #require(row(h, "Ivan Petrov"))
        #expect(!ivan.contains("Work") && !ivan.contains("Home"), "a contact on no book says nothing")
        // The book column lines up under its header.
        func column(_ line: String, _ text: String) -> Int? { line.range(of: text).map { line.distance(from: line.startIndex, to: $0.lowerBound) } }
        #expect(column(try #require(row(h, "Ada Lovelace")), "Work") == column(h.lines[3], "Book"))
        // A: the picker, with type-ahead; Work shows only its contacts, the title says so.
        h.press("A wait:400ms")
        #expect(h.text.contains("Show an address book") && h.text.contains("Work (2)") && h.text.contains("Home (1)")
                && h.text.contains("Not synced (1)"), "\(h.text)")
        h.press("w Enter wait:400ms")
        #expect(h.text.contains("Contacts · Work (2)"), "\(h.text)")
        #expect(row(h, "Ada Lovelace") != nil && row(h, "Alan Turing") != nil && row(h, "Grace Hopper") == nil && row(h, "Ivan Petrov") == nil)
        // With a search: the matches on Work only.
        h.press(#"/ "a" wait:100ms"#)
        #expect(h.text.contains("Contacts · Work (2 found)"), "\(h.text)")
        h.press(#"Backspace "tu" wait:100ms"#)
        #expect(h.text.contains("Contacts · Work (1 found)") && row(h, "Alan Turing") != nil && row(h, "Ada Lovelace") == nil, "\(h.text)")
        // The order: by first name, still on Work.
        h.press("Esc Esc o wait:100ms")
        #expect(h.text.contains("Contacts · Work by first name (2)"), "\(h.text)")
        // Not synced.
        h.press("A wait:400ms n Enter wait:400ms")
        #expect(h.text.contains("Contacts · Not synced by first name (1)") && row(h, "Ivan Petrov") != nil && row(h, "Ada Lovelace") == nil, "\(h.text)")
        // Esc: all contacts again.
        h.press("Esc wait:100ms")
        #expect(h.text.contains("Contacts by first name (4)") && row(h, "Ada Lovelace") != nil, "\(h.text)")
        // The key is in the status line (the contacts sync) where it fits beside Back and the sync's
        // few words, else it gives way before Back; ? lists it always.
        h.press("resize:140x30 wait:100ms")
        #expect(h.lines.last!.contains("A Address book") && h.lines.last!.contains("Esc/Backspace Back"), "\(h.lines.last!)")
        h.press("? wait:100ms")
        #expect(h.text.contains("Address book"))
    }

    @Test func at40x12NamesStayAndTheBookIsAShortTag() throws {
        let h = try harness(width: 40, height: 12)
        #expect(h.lines.count == 12 && h.lines.allSatisfy { $0.count <= 40 })
        let ada = try #require(row(h, "Ada Lovelace"), "\(h.text)")
        #expect(ada.contains("Work"))
        #expect(try #require(row(h, "Grace Hopper")).contains("Home"))
        h.press("A wait:400ms h Enter wait:400ms")
        #expect(h.text.contains("Home (1)") && row(h, "Grace Hopper") != nil && row(h, "Ada Lovelace") == nil, "\(h.text)")
        h.press("resize:100x30 wait:100ms")
        #expect(h.lines[3].contains("Book") && h.text.contains("Contacts · Home (1)"), "\(h.text)")
    }

    @Test func withNothingSyncedThereIsNoColumnAndASaysSo() throws {
        let h = try harness(width: 100, height: 30, synced: false)
        #expect(h.lines[3].contains("Name") && !h.lines[3].contains("Book"), "\(h.text)")
        #expect(!h.lines.last!.contains("Address book"))
        h.press("A wait:400ms")
        #expect(h.text.contains("Nothing to filter by: no contact here syncs with a CardDAV address book."), "\(h.text)")
        #expect(h.text.contains("Contacts (4)"))
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
