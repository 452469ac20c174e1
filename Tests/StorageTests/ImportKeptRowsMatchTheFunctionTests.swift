import TestSupport
import Testing
@testable import Storage
import AppServices

/// An import makes the mail clients' kept rows (`mail_query_rows`) in Swift from the cards it
/// writes, and the groups' rows (`contact_groups`) without the trigger it drops while it runs; both
/// must be exactly what the schema's SQL function and trigger make from the stored rows
/// (`DataAudit` compares the kept rows with `switchboard_query_rows` of every contact). Seeded odd
/// and hostile cards: several addresses, the same one twice, addresses equal but for case, TABs
/// and line breaks, NULs, names empty or of one letter, accents composed and decomposed (equal to
/// Swift, not to SQLite), preferred addresses out of range, CATEGORIES lines of every shape; the
/// same cards again across passes, changed.
@Suite("An import's kept rows are the SQL function's")
struct ImportKeptRowsMatchTheFunctionTests {
    let order = ListOrderTests()

    static let odd = ["", " ", "a", "Jo", "jo", "Jö", "Jo\u{308}", "José", "Jose\u{301}", "Ада", "李小龙", "Tab\tBed", "Line\nBreak",
                      "Nul\u{0}After", "O'Neil", "\"Quoted\"", "van der Berg", "Ŝ", "🙂 Smile", "Ab-Cd", "x y z", "jo\u{0}"]
    static let addresses = ["jo@x.org", "JO@X.ORG", "jo\t@x.org", "jo @x.org", "jö@x.org", "jo\u{308}@x.org", "<a@b>", "a@b", "",
                            "x\u{0}y@z.org", "line\nbreak@x.org", "Ada <ada@x.org>", "名前@例え.jp"]
    static let extras = ["", "CATEGORIES:Work,Home", "CATEGORIES:Work,Work, Home ,", "categories:lower", "X-A:CATEGORIES",
                         "CATEGORIES;CHARSET=UTF-8:Ein\\,s,Zwei", "item1.CATEGORIES:Grouped", "CATEGORIES:Jo\u{308},Jö",
                         "CATEGORIES:A\r\nCATEGORIES:B,A", "CATEGORIES:Nul\u{0}Cut,Kept"]

    /// `extras`: the CATEGORIES lines to pick from (a change to a lowercase-only one is left out of
    /// second imports: the change trigger, which the import keeps, writes its groups, the insert trigger does not).
    func hostileCards(_ count: Int, seed: UInt64, extras: [String] = Self.extras) -> [ContactRecord] {
        var random = SeededGenerator(seed: seed)
        var generator = ContactGenerator(seed: seed)
        func pick(_ items: [String]) -> String { items[Int(random.next() % UInt64(items.count))] }
        return (0..<count).map { i in
            var c = generator.next(friendPercent: 20)
            c.uid = random.next() % 4 == 0 ? "" : "odd-\(seed)-\(i % (count - 5))" // a few UIDs twice: the same card again
            if random.next() % 3 != 0 { c.firstName = pick(Self.odd) }
            if random.next() % 3 != 0 { c.lastName = pick(Self.odd) }
            if random.next() % 4 == 0 { c.middleName = pick(Self.odd) }
            if random.next() % 4 == 0 { c.formattedName = pick(Self.odd) }
            if random.next() % 3 == 0 { c.company = pick(Self.odd) }
            let n = Int(random.next() % 5)
            c.emails = (0..<n).map { _ in random.next() % 2 == 0 ? pick(Self.addresses) : "p\(i)@odd.example" }
            if n > 0, random.next() % 3 == 0 { c.emails.append(c.emails[0]) } // the same address twice
            switch random.next() % 4 {
            case 0: c.preferredEmail = Int(random.next() % 6)
            case 1: c.preferredEmail = -1
            default: c.preferredEmail = nil
            }
            c.extras = pick(extras)
            return c
        }
    }

    /// The rows of `contact_groups` the trigger's SELECT gives for the stored contacts, less the table's (and the other way).
    func strayGroups(_ db: SQLiteDatabase) throws -> Int {
        let expected = """
            SELECT c.account_id, g.value, c.id, c.sort_key, c.sort_key_first, c.sort_key_company
            FROM contacts c, json_each(\(GroupsFunction.groupsJSONName)(c.extras)) g WHERE instr(c.extras, 'CATEGORIES') > 0
            """
        let kept = "SELECT account_id, name, contact_id, sort_key, sort_key_first, sort_key_company FROM contact_groups"
        return try db.scalarInt("SELECT (SELECT count(*) FROM (\(kept) EXCEPT \(expected))) + (SELECT count(*) FROM (\(expected) EXCEPT \(kept)))") ?? -1
    }

    /// Imports the seeded cards twice (the second time changed, with new ones) with `rowMaker`, in passes of 7; the audit's problems after each.
    func importTwice(rowMaker: @escaping SQLiteContactsImportBatch.RowMaker, seed: UInt64) throws -> (problems: [[String]], strayGroups: [Int], rows: Int) {
        let tmp = TempFolder()
        let db = try SQLiteDatabase(path: tmp.file("k.sqlite3"))
        let store = try order.makeStore(db, account: "ada")
        // Two people equal to Swift, not to SQLite (ö composed, then o and a combining diaeresis): their rows are two.
        let twins = ["J\u{F6}rg", "Jo\u{308}rg"].map { name in
            { var c = ContactRecord(firstName: name, lastName: "Tw\u{F6}", emails: ["\(name)@x.org"]); c.uid = "twin-\(name)"; return c }()
        }
        let first = hostileCards(120, seed: seed) + twins
        let upperCase = Self.extras.filter { !$0.hasPrefix("categories") }
        var second = hostileCards(60, seed: seed &+ 1, extras: upperCase)
        for (i, c) in first.enumerated() where i % 3 == 0 {
            var changed = c
            changed.lastName = Self.odd[i % Self.odd.count]
            changed.emails = ["again\(i)@x.org"] + c.emails.reversed()
            changed.preferredEmail = c.emails.isEmpty ? nil : 1
            changed.extras = upperCase[(i + 1) % upperCase.count]
            second.append(changed)
        }
        var problems: [[String]] = [], stray: [Int] = []
        for cards in [first, second] {
            try db.transaction { () throws(ServiceError) in
                let batch = try store.importBatch(keptRowsBatch: 7, rowMaker: rowMaker)
                for c in cards { try batch.take(c) }
                try batch.finish(subject: "test")
            }
            // Not the order keys': the batch makes them from a name before the NUL cut (as before this test; a NUL never comes
            // from a file, the readers take it out), the audit from the name stored.
            problems.append(try DataAudit.problems(in: db).filter { !$0.contains("order keys") })
            stray.append(try strayGroups(db))
        }
        return (problems, stray, try db.scalarInt("SELECT count(*) FROM mail_query_rows") ?? 0)
    }

    @Test(arguments: [50_001, 50_002, 50_003] as [UInt64])
    func theImportsRowsAreTheFunctions(seed: UInt64) throws {
        let result = try importTwice(rowMaker: SQLiteContactsImportBatch.keptRows, seed: seed)
        #expect(result.rows > 100) // rows were made
        #expect(result.problems == [[], []])
        #expect(result.strayGroups == [0, 0])
    }

    /// The check above can fail: a row maker that takes the card's text as it is (not as stored,
    /// up to a NUL), or misses the preferred address, leaves rows the function does not make.
    @Test func aWrongRowMakerIsCaught() throws {
        let unstored: SQLiteContactsImportBatch.RowMaker = { c, cache in
            MailQueryRowsFunction.rows(firstName: c.firstName, lastName: c.lastName, displayName: c.displayName, middleName: c.middleName,
                                       company: c.company, emails: c.emails, preferred: c.preferredEmail, cache: cache)
        }
        let unpreferred: SQLiteContactsImportBatch.RowMaker = { c, cache in
            var c = c
            c.preferredEmail = nil
            return SQLiteContactsImportBatch.keptRows(of: c, cache: cache)
        }
        for maker in [unstored, unpreferred] {
            let result = try importTwice(rowMaker: maker, seed: 50_001)
            #expect(result.problems.allSatisfy { !$0.isEmpty })
        }
    }
}
