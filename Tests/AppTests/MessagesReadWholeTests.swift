import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// Issue 51, third round: a message is read whole at every size — the contacts list's line under
/// the list wraps and grows, and the marked's Merge question keeps its words in its box.
@MainActor
@Suite("Messages read whole", .serialized)
struct MessagesReadWholeTests {
    /// ada with three contacts, on the contact list.
    func onList(width: Int, height: Int) throws -> AppHarness {
        let h = AppHarness(width: width, height: height)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: account.id)
        _ = try store.add(ContactRecord(firstName: "Ada", lastName: "Lovelace", phones: [.init(label: "home", number: "+44 20 7946 0018")],
                                        emails: ["ada@analytical.example.org"]))
        _ = try store.add(ContactRecord(firstName: "Ada", lastName: "Lovelace", emails: ["countess@lovelace.example.org"], company: "Analytical Engines"))
        _ = try store.add(ContactRecord(firstName: "Grace", lastName: "Hopper"))
        h.press("wait:1s C wait:400ms")
        return h
    }

    /// The words of `text` on screen, in order, on consecutive rows (each row's text trimmed):
    /// nothing of it cut or hidden.
    static func readsWhole(_ text: String, on lines: [String]) -> Bool {
        let screen = lines.map { $0.trimmingCharacters(in: " │┃|") }.joined(separator: " ")
        return screen.contains(text)
    }

    @Test(arguments: [(40, 12), (100, 30), (200, 60)])
    func theListsLineSaysItsMessageWholeAtEverySize(size: (Int, Int)) throws {
        let h = try onList(width: size.0, height: size.1)
        h.press(#"/ "lov" Enter wait:200ms"#)
        let said = ContactListViewController.inTheListText
        #expect(Self.readsWhole(said, on: h.lines), "\(size): \(h.text)")
        #expect(h.text.contains("Lovelace"), "the list keeps rows to show\n\(h.text)")
        // After a resize to the narrowest, still whole; back wide, one row again.
        h.press("resize:40x12 wait:100ms")
        #expect(Self.readsWhole(said, on: h.lines), "after resize: \(h.text)")
        h.press("resize:200x60 wait:100ms")
        #expect(Self.readsWhole(said, on: h.lines) && h.lines.filter { $0.contains("letters are commands") }.count == 1, "\(h.text)")
    }
}

private extension String {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || set.contains(f) { s.removeFirst() }
        while let l = s.last, l == " " || set.contains(l) { s.removeLast() }
        return String(s)
    }
}

extension MessagesReadWholeTests {
    /// The text inside the (first) box on screen, its rows joined by a blank: nil without a box.
    static func boxText(_ lines: [String]) -> String? {
        let rows = lines.map { Array($0) }
        guard let top = rows.firstIndex(where: { $0.contains("╭") }),
              let left = rows[top].firstIndex(of: "╭"), let right = rows[top].lastIndex(of: "╮") else { return nil }
        var inside: [String] = []
        for row in rows[(top + 1)...] {
            guard row.count > right, row[left] != "╰" else { break }
            inside.append(String(row[(left + 1)..<right]).trimmingCharacters(in: ""))
        }
        return inside.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Two contacts marked, `M`: the question and its buttons inside the box, whole.
    @Test(arguments: [(40, 12), (100, 30), (200, 60)])
    func theMarkedMergeQuestionIsReadWholeInItsBox(size: (Int, Int)) throws {
        let h = try onList(width: size.0, height: size.1)
        h.press("Space Space M wait:300ms")
        let box = try #require(Self.boxText(h.lines), "\(h.text)")
        #expect(box.contains("Make the two marked contacts one? (u brings the other back)"), "\(size): \(h.text)")
        #expect(box.contains("[ Merge ]  [ Cancel ]"), "\(size): \(h.text)")
    }

    /// Duplicates' `m`: the two cards above the question push nothing out of the box — at 40x12
    /// they are cut to a row each, the question and the buttons whole; wider, the cards whole too.
    @Test(arguments: [(40, 12), (100, 30), (200, 60)])
    func theDuplicatesMergeQuestionIsReadWholeBesideTheCards(size: (Int, Int)) throws {
        let h = try onList(width: size.0, height: size.1)
        h.press("D wait:500ms m wait:300ms")
        let box = try #require(Self.boxText(h.lines), "\(h.text)")
        #expect(box.contains(DuplicatesViewController.mergeQuestion("the 2nd into the 1st")), "\(size): \(h.text)")
        #expect(box.contains("[ Merge ]  [ Cancel ]"), "\(size): \(h.text)")
        #expect(box.contains("1st: Ada Lovelace") && box.contains("2nd: Ada Lovelace"), "\(size): \(h.text)")
        if size.0 >= 100 {
            #expect(box.contains("1st: Ada Lovelace · ada@analytical.example.org · 442079460018 2nd: Ada Lovelace · countess@lovelace.example.org Merge"),
                    "the cards whole where there is room\n\(h.text)")
        }
    }

    /// The card's `m` (a likely duplicate named on the card): its question whole at every size.
    @Test(arguments: [(40, 12), (100, 30), (200, 60)])
    func theCardsMergeQuestionIsReadWhole(size: (Int, Int)) throws {
        let h = try onList(width: size.0, height: size.1)
        h.press("Down Enter wait:400ms m wait:300ms")                  // the first Ada Lovelace's card
        let box = try #require(Self.boxText(h.lines), "\(h.text)")
        #expect(box.contains("Merge Ada Lovelace into Ada Lovelace? Everything of both is kept here; u in Contacts brings the other back."),
                "\(size): \(h.text)")
        #expect(box.contains("[ Merge ]  [ Cancel ]"), "\(size): \(h.text)")
    }

    /// The titled list scenes' lines (Possible duplicates' count line, here) are read whole at 40
    /// columns too: "N possible duplicates among M contacts" was cut ("among 2,0…").
    @Test(arguments: [(40, 12), (100, 30)])
    func theDuplicatesCountLineIsReadWhole(size: (Int, Int)) throws {
        let h = try onList(width: size.0, height: size.1)
        h.press("D wait:500ms")
        let said = try #require(h.lines.first { $0.contains("possible duplicate") }, "\(h.text)")
        #expect(!said.contains("…"), "cut: \(size)\n\(h.text)")
        #expect(h.lines.joined(separator: " ").contains("contacts"), "the count line ends with its contacts: \(size)\n\(h.text)")
    }
}
