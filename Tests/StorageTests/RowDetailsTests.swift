import TestSupport
import AppServices
import Testing
@testable import Storage

/// The e-mail, phone and company the contact list shows beside each name: the same answer from
/// an SQLite file, a PostgreSQL directory and memory — the preferred e-mail and phone, else the
/// first, "" for none; another account's contacts and ids that are gone are left out.
@MainActor
@Suite("Row details of the contact list")
struct RowDetailsTests {
    func check(_ directory: any DataDirectory) throws {
        #expect(try directory.open() == nil)
        let ada = try directory.accounts.createAccount(username: "ada", password: "analytical", now: 1)
        let bob = try directory.accounts.createAccount(username: "bob", password: "analytical", now: 1)
        let store = directory.contacts(for: ada)
        var lovelace = ContactRecord(firstName: "Ada", lastName: "Lovelace",
                                     phones: [.init(label: "home", number: "+44 20 7946 0018"), .init(label: "work", number: "+44 20 7946 0999")],
                                     emails: ["ada@analytical.example", "countess@lovelace.example"], company: "Analytical Engines Ltd")
        lovelace.preferredPhone = 1
        let first = try store.add(lovelace)
        let plain = try store.add(ContactRecord(firstName: "Grace", lastName: "Hopper", phones: [.init(label: "", number: "+1 202 555 0142")],
                                                emails: ["grace@navy.example"]))
        let none = try store.add(ContactRecord(firstName: "Alan", lastName: "Turing"))
        let others = try directory.contacts(for: bob).add(ContactRecord(firstName: "Not", lastName: "Yours", emails: ["x@y.example"]))
        let details = try store.rowDetails(of: [first, plain, none, others, 999_999])
        #expect(details == [
            first: ContactRowDetails(email: "ada@analytical.example", phone: "+44 20 7946 0999", company: "Analytical Engines Ltd"),
            plain: ContactRowDetails(email: "grace@navy.example", phone: "+1 202 555 0142"),
            none: ContactRowDetails(),
        ])
        #expect(try store.rowDetails(of: []) == [:])
        // Memory answers the same from the records.
        #expect(ContactRowDetails(try #require(try store.contact(id: first))) == details[first])
    }

    @Test func anSQLiteFile() throws {
        let tmp = TempFolder()
        try check(SQLiteDirectory(path: tmp.file("rows.sqlite3"), passwordCost: 1, now: { 1 }))
    }

    /// A window's details are read by the primary key, one id at a time, however large the book:
    /// never the account's index walked whole (9.6 ms for 200 rows beside 100,000; 0.35 ms by id).
    @Test func anSQLiteFileReadsThemByThePrimaryKey() throws {
        let tmp = TempFolder()
        let db = try SQLiteDatabase(path: tmp.file("plan.sqlite3"))
        let account = try SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1)).createAccount(username: "ada", password: "analytical", now: 1)
        let store = SQLiteContactsStore(database: db, accountID: account.id)
        var generator = ContactGenerator(seed: 4)
        try store.addMany(count: 2_000, generator: &generator, friendPercent: 0)
        try db.execute("ANALYZE")
        let plan = try db.prepare("EXPLAIN QUERY PLAN " + SQLiteContactsStore.rowDetailsSQL)
        plan.bind(1, "[1,2,3]").bind(2, account.id)
        var steps: [String] = []
        while try plan.step() { steps.append(plan.text(3)) }
        plan.reset()
        #expect(steps.contains { $0.contains("INTEGER PRIMARY KEY") }, "\(steps)")
        #expect(!steps.contains { $0.contains("USING INDEX") || $0.hasPrefix("SCAN contacts") }, "\(steps)")
    }

    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
    func aSharedDirectory() throws {
        let server = try PostgresTestServer()
        let tmp = TempFolder()
        try check(PostgresDirectory(uri: server.uri, environment: ["XDG_STATE_HOME": tmp.file("state")], passwordCost: 1, now: { 1 }))
    }
}
