import TestSupport
import AppServices
import Testing
import Foundation
@testable import Storage

/// Rows stored before display names were kept (SQLite 17, PostgreSQL 15) get theirs (SQLite 21,
/// PostgreSQL 19): an import's card's FN, else the name made from the parts or the company; the
/// list, search, mail clients' query and birthdays show it, and a contact with no person's name is
/// filed by it.
@Suite("Display names of rows from before they were kept")
struct DisplayNameBackfillTests {
    static func cards() -> [ContactRecord] {
        var acme = ContactRecord(firstName: "Acme Plumbing", lastName: "Ltd", emails: ["info@acme.example"])
        acme.card = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Ltd;Acme Plumbing;;;\r\nFN:Acme Plumbing\\, Leeds\r\nEND:VCARD\r\n"
        acme.formattedName = "Acme Plumbing, Leeds"
        acme.birthday = "--04-12"
        let orsted = ContactRecord(firstName: "", lastName: "", emails: ["hello@orsted.example"], company: "Ørsted A/S")
        var ada = ContactRecord(firstName: "Ada", lastName: "Lovelace", emails: ["ada@analytical.example"])
        ada.birthday = "1815-12-10"
        return [acme, orsted, ada]
    }

    static func expectBackfilled(_ store: any ContactsService & AddressBookService) throws {
        let names = try store.contacts(matching: "", offset: 0, limit: 10).map(\.name)
        #expect(names == ["Ada Lovelace", "Acme Plumbing, Leeds", "Ørsted A/S"], "\(names)")
        #expect(try store.page(matching: "", in: .firstName, offset: 0, limit: 10, countingUpTo: .max).rows.map(\.name)
            == ["Acme Plumbing, Leeds", "Ada Lovelace", "Ørsted A/S"])
        #expect(try store.contacts(matching: "leeds", offset: 0, limit: 10).map(\.name) == ["Acme Plumbing, Leeds"])
        #expect(try store.contacts(matching: "ø", offset: 0, limit: 10).map(\.name) == ["Ørsted A/S"])
        let birthdays = try store.birthdays().map(\.displayName).sorted()
        #expect(birthdays == ["Acme Plumbing, Leeds", "Ada Lovelace"])
        let acme = try #require(try store.contacts(matching: "acme", offset: 0, limit: 1).first)
        #expect(try store.emailAddresses(ofContacts: [acme.id]).map(\.name) == ["Acme Plumbing, Leeds"])
        #expect(try store.contact(id: acme.id)?.formattedName == "Acme Plumbing, Leeds")
    }

    @Test func anSQLiteFileOfVersion20() throws {
        let tmp = TempFolder()
        let path = tmp.file("v20.sqlite3")
        do {
            let db = try SQLiteDatabase(path: path)
            let store = try ListOrderTests().makeStore(db, account: "ada")
            for c in Self.cards() { _ = try store.add(c) }
            // As a version 16 file's rows were: no display or formatted name, the nameless row filed under "".
            try db.execute("""
                UPDATE contacts SET display_name = '', formatted_name = '';
                UPDATE contacts SET sort_key = '' WHERE first_name = '' AND last_name = '';
                \(MigrationUndo.mailHistory)
                PRAGMA user_version = 20
                """)
        }
        let db = try SQLiteDatabase(path: path)
        #expect(db.userVersion == SQLiteDatabase.schemaVersion)
        #expect(try DataAudit.problems(in: db).isEmpty)
        try ListOrderTests().expectConsistent(db)
        let store = try ListOrderTests().makeStore(db, account: "ada")
        try Self.expectBackfilled(store)
    }

    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
    func aPostgreSQLDirectoryOfVersion18() throws {
        let f = try StoreFixture(.postgresql)
        let pg = try #require(f.postgres).connection
        let store = f.contacts(of: try f.makeAccount())
        for c in Self.cards() { _ = try store.add(c) }
        try pg.executeScript("""
            UPDATE contacts SET display_name = '', formatted_name = '';
            UPDATE contacts SET sort_key = '' WHERE first_name = '' AND last_name = '';
            UPDATE contact_search SET display_name = '', sort_key = '' WHERE id IN (SELECT id FROM contacts WHERE sort_key = '');
            UPDATE switchboard_schema SET version = 18;
            \(PostgresTestServer.undoSyncStep)
            """)
        let again = try f.secondClient()
        let migrated = again.contacts(of: try #require(try again.accounts.account(named: "ada")))
        try Self.expectBackfilled(migrated as! PostgresContactsStore)
    }
}
