import TestSupport
import AppServices
import Foundation
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// The contact card as a person sees it: it uses the room the terminal gives, scrolls, wraps
/// values under their own column, and hides what it is drawn over.
@MainActor
@Suite("Contact card", .serialized)
struct ContactCardTests {
    /// Stores `contacts` for ada (signed in); returns their ids.
    @discardableResult
    static func add(_ h: AppHarness, _ contacts: [ContactRecord]) throws -> [Int64] {
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: account.id)
        let ids = try contacts.map { try store.add($0) }
        h.press("wait:1s")
        return ids
    }

    static let longEmail = "augusta.ada.maximiliana.lovelace-byron@analytical-engine-society.example.org"
    static let longURL = "https://www.example.org/people/augusta-ada-king/countess-of-lovelace/notes-on-the-analytical-engine.html"

    /// A card with more lines than a 30-row screen has room for, a long name and long values.
    static var long: ContactRecord {
        var c = ContactRecord(firstName: "Augusta Ada Maximiliana Wilhelmina", lastName: "Lovelace-Byron-King-Noel",
                      phones: (0..<3).map { .init(label: ["mobile", "work", "home"][$0], number: "+44 20 7946 00\($0)1") },
                      emails: [longEmail, "ada@x.example", "countess@lovelace.example"],
                      company: "The Analytical Engine Society of Greater London and the Home Counties and Further Afield",
                      notes: (1...60).map { "Note line \($0): wrote the notes on Menabrea's paper, longer than the paper itself." }
                          .joined(separator: "\n") + "\nTHE LAST NOTE",
                      isFriend: true)
        c.title = "Countess"
        c.url = longURL
        return c
    }

    /// Opens the card of `id` (as `switchboard://contacts/ID` does).
    static func open(_ h: AppHarness, _ id: Int64) {
        h.switchboard.coordinator.open(DeepLink.parse("switchboard://contacts/\(id)"))
        h.press("wait:400ms")
    }

    static func card(_ h: AppHarness) throws -> ShowContactViewController {
        try #require(h.topController as? ShowContactViewController)
    }

    @Test(arguments: [(100, 30), (200, 60), (40, 12)])
    func aLongCardScrollsToItsLastRowsWithTheKeys(width: Int, height: Int) throws {
        let h = AppHarness(width: width, height: height)
        h.createAccount()
        let id = try Self.add(h, [Self.long])[0]
        Self.open(h, id)
        let screen = h.text
        #expect(screen.contains("Countess") || width < 100, "\(screen)")
        #expect(!screen.contains("THE LAST NOTE"), "it is taller than the screen: \(screen)")
        // The keys are offered: in the hints, and all six in help.
        if width >= 100 { #expect(h.lines[height - 1].contains("↓ Scroll down  PgDn Page down"), "\(h.lines[height - 1])") }
        h.press("End")
        #expect(h.text.contains("THE LAST NOTE"), "\(h.text)")
        #expect(h.text.contains("friend"), "\(h.text)")
        h.press("Home")
        #expect(h.text == screen)
        h.press("PgDn")
        #expect(h.text != screen)
        h.press("PgUp")
        #expect(h.text == screen)
        h.press("Down")
        #expect(h.text != screen)
        h.press("Up")
        #expect(h.text == screen)
        // Down to the end row by row also reaches it, and stops there.
        let rows = try Self.card(h).card.contentHeight
        for _ in 0..<rows { h.press("Down") }
        #expect(h.text.contains("THE LAST NOTE"))
        guard height >= 30 else { return } // at 12 rows the help list scrolls itself
        let help = { () -> String in h.press("?"); defer { h.press("Esc") }; return h.text }()
        for words in ["Scroll down", "Scroll up", "Page down", "Page up", "Top", "Bottom"] {
            #expect(help.contains(words), "\(words) in help: \(help)")
        }
    }

    @Test func theCardUsesTheWidthItHasAndTheNameIsWhole() throws {
        let h = AppHarness(width: 200, height: 60)
        h.createAccount()
        var c = Self.long
        c.notes = "Wrote the notes on Menabrea's paper.\nTHE LAST NOTE"
        let id = try Self.add(h, [c])[0]
        Self.open(h, id)
        #expect(h.text.contains("Augusta Ada Maximiliana Wilhelmina Lovelace-Byron-King-Noel"), "\(h.text)")
        // At 200 columns the card is 100 wide: the long e-mail fits on its line whole, and the whole card shows.
        #expect(h.text.contains(Self.longEmail), "\(h.text)")
        #expect(h.text.contains("THE LAST NOTE"))
        #expect(!h.lines[h.lines.count - 1].contains("Scroll"), "nothing to scroll at 200x60")
    }

    /// At 80 columns the company wraps under its own value column, the long e-mail and web address
    /// break at their punctuation, never inside a word.
    @Test func valuesWrapUnderTheirOwnColumnAndAddressesBreakAtPunctuation() throws {
        let h = AppHarness(width: 80, height: 24)
        h.createAccount()
        let id = try Self.add(h, [Self.long])[0]
        Self.open(h, id)
        let card = try Self.card(h)
        let rows = card.card.allText
        func row(_ prefix: String) throws -> Int { try #require(rows.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix(prefix) }, "\(prefix) in \(rows)") }
        let company = try row("company")
        let valueColumn = try #require(rows[company].range(of: "The Analytical")).lowerBound.utf16Offset(in: rows[company])
        let next = rows[company + 1]
        let continued = next.prefix { $0 == " " }.count
        #expect(continued == valueColumn, "the company goes on under its value: \(rows[company])|\(next)")
        // The e-mail: each of its rows ends at a break (after @ or -, before .), and the pieces make it whole.
        let email = try row("email")
        var pieces: [String] = []
        var i = email
        while pieces.joined().count < Self.longEmail.count, i < rows.count {
            pieces.append(String(rows[i].dropFirst(valueColumn)).trimmingCharacters(in: .whitespaces))
            i += 1
        }
        #expect(pieces.joined() == Self.longEmail, "\(pieces)")
        #expect(pieces.count == 2, "\(pieces)")
        for piece in pieces.dropLast() {
            let next = Self.longEmail.dropFirst(pieces.prefix { $0 != piece }.joined().count + piece.count).first
            #expect(piece.last == "@" || piece.last == "-" || next == ".", "a break inside a word: \(pieces)")
        }
        let web = try row("web")
        let webPieces = rows[web...].prefix(3).map { String($0.dropFirst(valueColumn)).trimmingCharacters(in: .whitespaces) }
        #expect(webPieces.joined().hasPrefix(Self.longURL), "\(webPieces)")
        #expect(webPieces[1].hasPrefix("/") || webPieces[0].hasSuffix("-"), "\(webPieces)")
    }

    @Test func wrappedTextBreaksAddressesWhereTheyBreakBest() {
        #expect(WrappedText.lines("name.surname@example.org", width: 14) == ["name.surname@", "example.org"])
        #expect(WrappedText.lines("see https://example.org/a/b", width: 22) == ["see", "https://example.org/a", "/b"])
        #expect(WrappedText.lines("short@x.example", width: 20) == ["short@x.example"])
        #expect(WrappedText.lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(WrappedText.lines("a b\nc", width: 10) == ["a b", "c"])
    }

    /// The card keeps showing its rows after a resize in the middle of a scroll.
    @Test func aResizeKeepsTheCardWhole() throws {
        let h = AppHarness(width: 100, height: 30)
        h.createAccount()
        let id = try Self.add(h, [Self.long])[0]
        Self.open(h, id)
        h.press("PgDn resize:40x12 wait:100ms End")
        #expect(h.text.contains("THE LAST NOTE"), "\(h.text)")
        h.press("resize:200x60 wait:100ms")
        #expect(h.text.contains("Augusta Ada Maximiliana Wilhelmina Lovelace-Byron-King-Noel"), "\(h.text)")
        #expect(h.text.contains("THE LAST NOTE"), "\(h.text)")
    }

    /// Without colours (monochrome, NO_COLOR) a card opened from the friends popup hides the popup:
    /// no frame, separator or row of it shows through the card's blank cells (issue 39, item 4).
    @Test(arguments: [false, true])
    func aCardOpenedFromTheFriendsPopupHidesItWithoutColours(noColor: Bool) throws {
        let saved = Theme.current
        defer { Theme.current = saved }
        let h = AppHarness(width: 100, height: 30, noColor: noColor)
        if !noColor { Theme.current = .monochrome }
        h.createAccount()
        try Self.add(h, (0..<20).map { ContactRecord(firstName: "Friend\($0)", lastName: "Zuse", company: "Company \($0)", isFriend: true) })
        h.press("F wait:400ms")
        #expect(h.text.contains("╭─ Friends"), "\(h.text)")
        h.press("Down Enter wait:400ms")
        #expect(h.lines[0].contains("Friend1 Zuse") || h.lines[0].contains("Friend10 Zuse"), "\(h.text)")
        for mark in ["╭", "╰", "│", "──────", "Close", "friends", "Company 2"] {
            #expect(!h.text.contains(mark), "\(mark) shows through the card: \(h.text)")
        }
        // What the card shows is what drawing it alone shows (no stale cell of the popup).
        #expect(h.lines[3...].allSatisfy { !$0.contains("Zuse") || $0.contains("Friend1") }, "\(h.text)")
        h.press("Esc wait:400ms")
        #expect(h.text.contains("╭─ Friends"), "back on the popup: \(h.text)")
    }
}
