import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// Issue 51, "Columns and lists that use the width": the list's columns share the width by what
/// they hold (a phone is not cut with room left beside it, a wide screen is not left empty, a cut
/// name never runs into the e-mail, the sort column always shows), and counts read one way,
/// grouped, never cut.
@MainActor
@Suite("Columns and counts that use the width", .serialized)
struct ColumnsUseTheWidthTests {
    func harness(width: Int, height: Int) throws -> AppHarness {
        let h = AppHarness(width: width, height: height)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: account.id)
        _ = try store.add(ContactRecord(firstName: "Émilie", lastName: "du Châtelet", phones: [.init(label: "", number: "+33 1 23 45 67 89")],
                                        emails: ["emilie@chatelet.example.fr"], company: "Académie des sciences", isFriend: true))
        _ = try store.add(ContactRecord(firstName: "Maximiliana Theodora Wilhelmina", lastName: "von Hohenzollern-Sigmaringen",
                                        phones: [.init(label: "", number: "+49 30 1234567")], emails: ["max@hohenzollern.example.de"],
                                        company: "Zeppelin Werke"))
        _ = try store.add(ContactRecord(firstName: "Grace", lastName: "Hopper", phones: [.init(label: "", number: "+1 202 555 0142")],
                                        emails: ["grace@navy.example.mil"], company: "US Navy"))
        h.press("wait:1s C wait:400ms")
        return h
    }

    func row(_ h: AppHarness, _ text: String) -> String? { h.lines.first { $0.contains(text) } }

    @Test func at100ColumnsAPhoneIsWholeAndEveryColumnIsParted() throws {
        let h = try harness(width: 100, height: 30)
        let emilie = try #require(row(h, "Émilie"), "\(h.text)")
        #expect(emilie.contains("+33 1 23 45 67 89"), "the phone whole\n\(h.text)")
        #expect(emilie.contains("emilie@chatelet.example.fr"), "\(emilie)")
        let max = try #require(row(h, "Maximiliana"), "\(h.text)")
        // The cut name ends in "…" and two blanks part it from the e-mail.
        let cut = try #require(max.range(of: "…"), "\(max)")
        #expect(max[cut.upperBound...].hasPrefix("  "), "\(max)")
        #expect(max.contains("max@hohenzollern.example.de"), "\(max)")
        #expect(h.lines[3].contains("Name") && h.lines[3].contains("E-mail") && h.lines[3].contains("Phone"), "\(h.lines[3])")
    }

    @Test func at200ColumnsTheWidthIsUsedAndEverythingIsWhole() throws {
        let h = try harness(width: 200, height: 60)
        let max = try #require(row(h, "Maximiliana"), "\(h.text)")
        #expect(max.contains("Maximiliana Theodora Wilhelmina von Hohenzollern-Sigmaringen"), "\(max)")
        #expect(max.contains("Zeppelin Werke"))
        let emilie = try #require(row(h, "Émilie"))
        #expect(emilie.contains("Académie des sciences"))
        // Little is left empty at the right (the scroll mark's column and a few).
        let longest = h.lines[4...8].map { line in line.count - line.reversed().prefix { $0 == " " }.count }.max() ?? 0
        #expect(longest >= 180, "\(longest)\n\(h.text)")
    }

    @Test(arguments: [(40, 12), (100, 30), (149, 30)])
    func sortedByCompanyTheCompanyShows(size: (Int, Int)) throws {
        let h = try harness(width: size.0, height: size.1)
        h.press("o o wait:300ms")                                        // last name → first name → company
        #expect(h.text.contains("Sorted by company"), "\(h.text)")
        let grace = try #require(row(h, "Grace"), "\(h.text)")
        #expect(grace.contains("US Navy"), "\(size): \(grace)\n\(h.text)")
        let emilie = try #require(row(h, "Émilie"))
        #expect(emilie.contains("Académie"), "\(emilie)")
        if size.0 >= 70 { #expect(h.lines[3].contains("Company"), "\(h.lines[3])") }
    }

    @Test func columnsSplitByWhatTheyHold() {
        let wants = ContactListColumns.Wants(name: 20, email: 30, phone: 17, company: 25, addressBook: 0)
        let c100 = ContactListColumns(width: 100, wants: wants)
        #expect(c100.phone == 17 || c100.phone > 17)                    // never cut
        #expect(c100.name >= 20 && c100.email >= 30)
        let used = 4 + c100.name + [c100.email, c100.phone, c100.company].filter { $0 > 0 }.reduce(0) { $0 + $1 + 2 } + 1
        #expect(used == 100, "\(c100)")                                 // the width is used to its end
        let company40 = ContactListColumns(width: 40, order: .company, wants: wants)
        #expect(company40.company > 0 && company40.name > 0)
        #expect(ContactListColumns(width: 40, wants: wants).company == 0)
    }

    // MARK: Counts

    @Test func countsAreGroupedOneWayEverywhereAndNeverCut() throws {
        let h = AppHarness(width: 100, height: 30)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        var generator = ContactGenerator(seed: 7)
        try SQLiteContactsStore(database: db, accountID: account.id).addMany(count: 1234, generator: &generator, friendPercent: 100)
        let sep = CountText.separator
        h.launch(width: 100, height: 30)
        h.press("wait:1s")
        #expect(h.text.contains("1\(sep)234"), "Main\n\(h.text)")
        h.press("C wait:400ms")
        #expect(h.lines[0].contains("Contacts (1\(sep)234)"), "\(h.lines[0])")
        h.press("Esc wait:400ms A wait:400ms")
        #expect(h.lines.first { $0.contains("Contacts") && $0.contains("1\(sep)234") } != nil, "About\n\(h.text)")
        h.press("Esc wait:400ms F wait:600ms")
        #expect(h.text.contains("1\(sep)234 friends"), "\(h.text)")
        h.press("Esc wait:400ms C wait:400ms o wait:300ms resize:40x12 wait:100ms")
        #expect(h.lines[0].contains("(1\(sep)234)"), "never cut at 40 columns: \(h.lines[0])")
        #expect(CountText.grouped(100_005, separator: ",") == "100,005" && CountText.grouped(-1_234_567, separator: ".") == "-1.234.567")
        #expect(CountText.grouped(999, separator: ",") == "999" && CountText.counted(1, "friend", "friends") == "1 friend")
        #expect(TitleBarView.truncate("Contacts by first name (100,012)", toWidth: 26) == "Contacts by fir… (100,012)")
    }
}
