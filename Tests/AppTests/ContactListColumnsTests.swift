import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit

/// A list you can tell apart (issue 39): the e-mail and phone beside each name as abook shows
/// them, in the columns the width has room for — names alone at 40 columns, name, e-mail and
/// phone at 100 (and the company where what they hold leaves room: issue 51), the company whole
/// at 200 — following a resize.
@MainActor
@Suite("Contact list columns", .serialized)
struct ContactListColumnsTests {
    func harness(width: Int, height: Int) throws -> AppHarness {
        let h = AppHarness(width: width, height: height)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: account.id)
        var ada = ContactRecord(firstName: "Ada", lastName: "Lovelace", phones: [.init(label: "home", number: "+44 20 7946 0018"), .init(label: "work", number: "+44 20 7946 0999")],
                                emails: ["ada@analytical.example", "countess@lovelace.example"], company: "Analytical Engines Ltd", isFriend: true)
        ada.preferredEmail = 1 // the preferred e-mail is the one shown
        _ = try store.add(ada)
        _ = try store.add(ContactRecord(firstName: "Grace", lastName: "Hopper", phones: [.init(label: "", number: "+1 202 555 0142")],
                                        emails: ["grace.brewster.murray.hopper@navy.example.mil"]))
        _ = try store.add(ContactRecord(firstName: "Alan", lastName: "Turing"))
        h.press("wait:1s C wait:400ms")
        return h
    }

    func row(_ h: AppHarness, containing name: String) -> String? { h.lines.first { $0.contains(name) } }

    @Test func at100ColumnsTheRowsShowNameEmailAndPhone() throws {
        let h = try harness(width: 100, height: 30)
        #expect(h.lines[3].contains("Name") && h.lines[3].contains("E-mail") && h.lines[3].contains("Phone"), "\(h.text)")
        let ada = try #require(row(h, containing: "Ada Lovelace"))
        #expect(ada.contains("★"))
        #expect(ada.contains("countess@lovelace.example"), "\(ada)")
        #expect(!ada.contains("ada@analytical.example"))
        #expect(ada.contains("+44 20 7946 0018"))
        let grace = try #require(row(h, containing: "Grace Hopper"))
        #expect(grace.contains("grace.brewster.murray.hopper@navy.example.mil"), "\(grace)") // issue 51: whole where the width has room
        #expect(grace.contains("+1 202 555 0142"))
        // The columns line up under the header: each e-mail starts where "E-mail" does.
        func column(_ line: String, _ text: String) -> Int? { line.range(of: text).map { line.distance(from: line.startIndex, to: $0.lowerBound) } }
        let emailColumn = try #require(column(h.lines[3], "E-mail"))
        #expect(column(ada, "countess") == emailColumn)
        #expect(column(grace, "grace.") == emailColumn)
        #expect(column(ada, "+44") == column(h.lines[3], "Phone"))
    }

    @Test func at40ColumnsNamesOnlyThenWiderAfterAResize() throws {
        let h = try harness(width: 40, height: 12)
        let ada = try #require(row(h, containing: "Ada Lovelace"))
        #expect(ada.contains("★"))
        #expect(!h.text.contains("@"), "\(h.text)")
        #expect(!h.text.contains("E-mail"))
        h.press("resize:200x60 wait:100ms")
        #expect(h.lines[3].contains("Company"), "\(h.text)")
        let wide = try #require(row(h, containing: "Ada Lovelace"))
        #expect(wide.contains("countess@lovelace.example") && wide.contains("+44 20 7946 0018") && wide.contains("Analytical Engines Ltd"), "\(wide)")
        #expect(try #require(row(h, containing: "Grace Hopper")).contains("grace.brewster.murray.hopper@navy.example.mil"))
        h.press("resize:40x12 wait:100ms")
        #expect(!h.text.contains("@"), "\(h.text)")
        #expect(!h.text.contains("E-mail"))
        h.press("resize:100x30 wait:100ms Down")                               // the selection moves as ever
        #expect(h.lines[3].contains("E-mail"))
        #expect(try #require(row(h, containing: "Alan Turing")).contains("Alan Turing"))
    }

    @Test func columnsFitTheirWidthsByDisplayWidth() {
        #expect(ContactListColumns.fit("王伟王伟", 5) == "王伟…")     // two columns a character
        #expect(ContactListColumns.fit("王伟王伟", 6) == "王伟… ")
        #expect(ContactListColumns.fit("ada", 5) == "ada  ")
        #expect(ContactListColumns.fit("abcdef", 4) == "abc…")
        #expect(ContactListColumns(width: 40).showsDetails == false)
        #expect(ContactListColumns(width: 98).showsDetails && ContactListColumns(width: 98).phone >= 16)
        #expect(ContactListColumns(width: 198).company > 0)
    }
}
