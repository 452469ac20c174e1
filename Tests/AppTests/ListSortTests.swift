import AppServices
import Foundation
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// The contacts list by last name, first name or company (issue 39): `o` goes to the next order,
/// the title and the line under the list say which, the choice is a setting (kept over a
/// restart), and the order holds across the list's windows, from the top to the end.
@MainActor
@Suite("The list sorted by first name, last name or company", .serialized)
struct ListSortTests {
    func app(width: Int = 100, height: Int = 30, populate: Int = 0) throws -> AppHarness {
        let h = AppHarness(width: width, height: height)
        h.createAccount()
        let file = try store(h)
        for (first, last, company) in [("Grace", "Hopper", "US Navy"), ("Ada", "Lovelace", "Analytical Engines"), ("Alan", "Turing", ""),
                                       ("Charles", "Babbage", "Analytical Engines")] {
            _ = try file.add(ContactRecord(firstName: first, lastName: last, company: company))
        }
        if populate > 0 {
            var generator = ContactGenerator(seed: 11)
            try file.addMany(count: populate, generator: &generator, friendPercent: 10)
        }
        h.press("C wait:400ms")
        return h
    }

    func store(_ h: AppHarness) throws -> SQLiteContactsStore {
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        return SQLiteContactsStore(database: db, accountID: account.id)
    }

    /// The names the list shows, top to bottom (each row's first name and last name, as drawn).
    func shownNames(_ h: AppHarness, among names: [String]) -> [String] {
        h.lines.compactMap { line in names.first { line.contains($0) } }
    }

    /// The name on each row of the list (the longest of `names` a line holds).
    func rows(_ h: AppHarness, among names: [String]) -> [String] {
        let longestFirst = Set(names).sorted { $0.count > $1.count }
        return h.lines.dropFirst(4).compactMap { line in longestFirst.first { line.contains("  " + $0 + " ") } }
    }

    /// Whether `shown` is a run of `whole`, in its order.
    func isRun(_ shown: [String], of whole: [String]) -> Bool {
        guard shown.count <= whole.count else { return false }
        return (0...(whole.count - shown.count)).contains { Array(whole[$0..<($0 + shown.count)]) == shown }
    }

    static let four = ["Ada Lovelace", "Alan Turing", "Charles Babbage", "Grace Hopper"]

    /// At 80 columns not every hint fits: Sort goes first and Back stays (it used to be pushed off);
    /// at 100 both show.
    @Test func aShortStatusLineDropsSortBeforeBack() throws {
        let h = try app(width: 80)
        let line = try #require(h.lines.last)
        #expect(line.contains("Esc/Backspace Back") && line.contains("? Help") && line.contains("a Add"), "\(line)")
        #expect(!line.contains("o Sort"), "\(line)")
        h.press("resize:100x30 wait:100ms")
        #expect(h.lines.last!.contains("o Sort") && h.lines.last!.contains("Esc/Backspace Back"), "\(h.lines.last!)")
    }

    @Test func oSortsByFirstNameThenCompanyThenLastNameAgainAndTheChoiceIsKept() throws {
        let h = try app()
        #expect(h.lines[0].contains("Contacts (4)"), "\(h.text)")
        #expect(shownNames(h, among: Self.four) == ["Charles Babbage", "Grace Hopper", "Ada Lovelace", "Alan Turing"], "\(h.text)")
        #expect(h.lines.last?.contains("o Sort") == true, "\(h.lines.last ?? "")")
        h.press("o wait:100ms")
        #expect(h.lines[0].contains("Contacts by first name (4)"), "\(h.text)")
        #expect(shownNames(h, among: Self.four) == ["Ada Lovelace", "Alan Turing", "Charles Babbage", "Grace Hopper"], "\(h.text)")
        #expect(h.text.contains("Sorted by first name · o: by company"), "\(h.text)")
        #expect(h.lines.last?.contains("o Sort") == true, "\(h.lines.last ?? "")")
        h.press("o wait:100ms")
        #expect(h.lines[0].contains("Contacts by company (4)"), "\(h.text)")
        // By company (Analytical Engines: Babbage, then Lovelace; US Navy), then those without one.
        #expect(shownNames(h, among: Self.four) == ["Charles Babbage", "Ada Lovelace", "Grace Hopper", "Alan Turing"], "\(h.text)")
        #expect(h.lines.contains { $0.contains("—  Alan Turing") }, "the section of those without a company: \(h.text)")
        // In the `?` overlay too.
        h.press("?")
        #expect(h.text.contains("Sort") && h.text.contains("Show a group"), "\(h.text)")
        h.press("Esc wait:100ms")
        // A setting: kept in the file, and the list comes back in it after a restart.
        #expect(try SQLiteSettingsStore(database: SQLiteDatabase(path: h.databasePath)).settings(for: store(h).accountID).listOrder == .company)
        h.launch(width: 100, height: 30)
        h.press("wait:900ms C wait:400ms wait:400ms")
        #expect(h.lines[0].contains("Contacts by company (4)"), "\(h.text)")
        #expect(shownNames(h, among: Self.four) == ["Charles Babbage", "Ada Lovelace", "Grace Hopper", "Alan Turing"], "\(h.text)")
        h.press("o wait:100ms")
        #expect(h.lines[0].contains("Contacts (4)"), "\(h.text)")
        #expect(shownNames(h, among: Self.four) == ["Charles Babbage", "Grace Hopper", "Ada Lovelace", "Alan Turing"], "\(h.text)")
    }

    @Test func theSelectedContactStaysSelectedInTheNewOrderAndASearchFollowsIt() throws {
        let h = try app()
        h.press("Down Down wait:100ms")                               // Ada Lovelace (third by last name)
        h.press("o wait:100ms Enter wait:400ms")
        #expect(h.lines[0].contains("Ada Lovelace"), "the card of the contact selected before: \(h.text)")
        h.press("Esc wait:400ms o wait:100ms / \"ana\" wait:100ms")  // by company, searching "ana"
        #expect(h.lines[0].contains("Contacts by company (2 found)"), "\(h.text)")
        #expect(shownNames(h, among: Self.four) == ["Charles Babbage", "Ada Lovelace"], "\(h.text)")
    }

    /// 600 contacts: the list reads them in windows of 200; paging down across a window's edge,
    /// and End, show each order's rows as the store has them.
    @Test(arguments: [ContactListOrder.firstName, .company])
    func theOrderHoldsAcrossAWindowsEdgeAndAtTheEnd(order: ContactListOrder) throws {
        let h = try app(width: 100, height: 30, populate: 600)
        h.press(order == .firstName ? "o wait:100ms" : "o wait:100ms o wait:100ms")
        let file = try store(h)
        let whole = try file.page(matching: "", in: order, offset: 0, limit: 700, countingUpTo: .max).rows.map(\.name)
        #expect(whole.count == 604)
        // Row 195 to 225: across the first window's edge (200).
        h.press("PgDn PgDn PgDn PgDn PgDn PgDn PgDn PgDn wait:100ms")
        let shown = rows(h, among: whole)
        #expect(shown.count >= 20, "\(h.text)")
        #expect(isRun(shown, of: whole), "\(shown)\n\(h.text)")
        h.press("End wait:100ms")
        let last = rows(h, among: whole)
        #expect(last.count >= 20 && last == Array(whole.suffix(last.count)), "\(last)\n\(h.text)")
    }
}
