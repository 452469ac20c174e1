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
