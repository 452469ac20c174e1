import TestSupport
import AppServices
import Testing
@testable import Storage

/// Schema step 24 (issue 50): the mail clients' kept answers in one table, `mail_query_rows`, in
/// place of step 23's two. A file of every earlier version, with contacts in it (written at
/// version 2, as that version kept them, and carried by the steps after), opens at the newest
/// version with every contact's rows kept and counted (`DataAudit`), two addresses that print
/// alike counted once, and the triggers keeping the table on the next writes.
@Suite("Step 24: the mail clients' kept answers from every earlier version")
struct MailQueryRowsMigrationTests {
    /// Version 2's rows: Ada's book (John, Joan with two addresses, Mary, two Jo Tabs whose
    /// addresses differ only by a TAB and a space) and Bob's John.
    static let rows = """
        INSERT INTO accounts (id, username, username_key, password_hash, created_at) VALUES (1, 'ada', 'ada', 'x', 1), (2, 'bob', 'bob', 'x', 1);
        INSERT INTO contacts (id, account_id, first_name, last_name, company, notes, is_friend, sort_key, created_at, updated_at) VALUES
            (1, 1, 'John', 'Smith', '', '', 0, 'smith john', 1, 1),
            (2, 1, 'Joan', 'Jones', 'Joint Co', '', 0, 'jones joan', 1, 1),
            (3, 1, 'Mary', 'Major', '', '', 0, 'major mary', 1, 1),
            (4, 1, 'Jo', 'Tab', '', '', 0, 'tab jo', 1, 1),
            (5, 1, 'Jo', 'Tab', '', '', 0, 'tab jo', 1, 1),
            (6, 2, 'John', 'Other', '', '', 0, 'other john', 1, 1);
        INSERT INTO contact_emails (contact_id, position, address) VALUES
            (1, 0, 'john@x.org'), (2, 0, 'joan@x.org'), (2, 1, 'jj@joint.example'), (3, 0, 'mary@x.org'),
            (4, 0, 'jo' || char(9) || 'tab@x.org'), (5, 0, 'jo tab@x.org'), (6, 0, 'john@other.org');
        """

    /// Ada's answer to `query` from the kept rows: the count, and mutt's lines in the order handed over.
    static func answer(_ store: SQLiteContactsStore, _ query: String) throws -> (count: Int?, lines: [String]) {
        var lines: [String] = []
        _ = try store.forEachMailQueryLine(for: query) { batch throws(ServiceError) -> Bool in
            for line in batch where !lines.contains(line.mutt) { lines.append(line.mutt) }
            return true
        }
        return (try store.mailQueryLineCount(for: query), lines)
    }

    @Test(arguments: Array(0..<SQLiteDatabase.schemaVersion))
    func aFileOfAnEarlierVersionKeepsItsAnswersInOneTable(version: Int) throws {
        let folder = TempFolder("step24-\(version)")
        let path = folder.file("old.sqlite3")
        try SQLiteEarlierVersionFile.make(at: path, version: version, rows: version >= 2 ? Self.rows : "", after: 2)
        let db = try SQLiteDatabase(path: path)
        #expect(db.userVersion == SQLiteDatabase.schemaVersion)
        #expect(try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE name IN ('mail_query_lines', 'mail_query_distinct')") == 0)
        #expect(try DataAudit.problems(in: db).filter { $0.contains("mail") } == [], "from version \(version)")
        guard version >= 2 else { return }
        let ada = SQLiteContactsStore(database: db, accountID: 1, now: { 3 })
        let jo = try Self.answer(ada, "jo")
        #expect(jo.lines.count == 4, "from version \(version): \(jo.lines)") // the two Jo Tabs print as one line
        #expect(jo.count == jo.lines.count)
        #expect(jo.lines.first == "jj@joint.example\tJoan Jones\tJoint Co" || jo.lines.first == "joan@x.org\tJoan Jones\tJoint Co")
        #expect(jo.lines.contains("\"jo tab\"@x.org\tJo Tab\t"))
        #expect(try Self.answer(ada, "ma").lines == ["mary@x.org\tMary Major\t"])
        // The triggers keep it: a delete, an add and a change.
        #expect(try ada.delete(id: 4))
        _ = try ada.add(ContactRecord(firstName: "Joe", lastName: "Young", phones: [], emails: ["joe@y.org"], company: "", notes: "", isFriend: false))
        guard var mary = try ada.contact(id: 3) else { Issue.record("Mary is gone"); return }
        mary.lastName = "Jordan"
        #expect(try ada.update(mary))
        let after = try Self.answer(ada, "jo")
        #expect(after.lines.count == 6 && after.count == 6, "from version \(version): \(after.lines)")
        #expect(try Self.answer(ada, "ma").count == 1) // Mary, by her first name
        #expect(try DataAudit.problems(in: db).filter { $0.contains("mail") } == [], "after writes, from version \(version)")
    }
}
