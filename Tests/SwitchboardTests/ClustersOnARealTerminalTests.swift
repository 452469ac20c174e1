import AppServices
import Testing
import Foundation
@testable import TUIKit
import Storage
import TUIKitTesting

/// What the cell buffer holds is what reaches a real terminal: the release
/// path (ncurses on a pseudo-terminal) draws rows of combining marks, ZWJ
/// emoji, flags, skin tones, CJK and right-to-left names beside ASCII, and
/// a terminal emulator reading the bytes finds every ASCII character in the
/// column the virtual screen has it, every cluster starting in its column
/// (whole, or as the fallback for what the terminal cannot join), and no
/// joiner or accent left over to stick to what comes next (issue 21).
@Suite("clusters on a real terminal", .serialized)
struct ClustersOnARealTerminalTests {
    static let names: [(first: String, last: String, friend: Bool)] = [
        ("Ada", "Lovelace", true),
        ("Desce\u{301}", "Zola", false),                       // e + combining acute, as typed
        ("👩‍👩‍👧", "Family", true),                                // ZWJ sequence
        ("🇯🇵", "Tanaka", false),                               // flag
        ("👍🏽", "Thumbs", true),                                // skin tone
        ("❤️", "Heart", false),                                 // narrow base + U+FE0F
        ("太郎", "山田", true),                                  // CJK, family name first
        ("שלום", "Cohen", false),                               // right to left
        ("Z\u{337}\u{322}\u{31B}\u{300}\u{301}\u{302}a", "Zalgo", true), // more marks than a cchar_t holds
        ("👩‍💻", "Coder", false),
    ]

    /// A data file in `folder` with an account "ada", signed in, holding `names`.
    func dataFile(_ folder: URL, names: [(first: String, last: String, friend: Bool)] = Self.names) throws -> String {
        let path = folder.appendingPathComponent("data.sqlite3").path
        let db = try SQLiteDatabase(path: path)
        let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
        let ada = try accounts.createAccount(username: "ada", password: "analytical", now: 1)
        try accounts.signIn(accountID: ada.id, now: 2)
        let store = SQLiteContactsStore(database: db, accountID: ada.id, now: { 3 })
        for n in names { _ = try store.add(ContactRecord(firstName: n.first, lastName: n.last, isFriend: n.friend)) }
        return path
    }

    /// The virtual screen's lines for the same run, headless.
    func headless(_ arguments: [String]) throws -> [String] {
        try ProcessTests().run(arguments).output.components(separatedBy: "\n")
    }

    @Test(arguments: ["xterm-256color", "tmux-256color"])
    func theContactListKeepsEveryColumn(term: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-pty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = try dataFile(folder)
        let common = ["--db", db, "--splash-ms", "0", "--open", "switchboard://contacts"]
        let keys = "Down Down Down"
        let expected = try headless(["--headless", "--size", "100x30", "--keys", "wait:1s \(keys)"] + common)
        let terminal = try PseudoTerminal(executable: ProcessTests.executable, arguments: common, term: term, columns: 100, rows: 30)
        try terminal.wait(for: "the contact list") { $0.text.contains("Lovelace") && $0.text.contains("? Help") }
        terminal.send("\u{1B}[B\u{1B}[B\u{1B}[B") // Down x3, as xterm sends them
        try? terminal.wait(for: "the screen the virtual one has") { Self.differences(expected, $0).isEmpty }
        #expect(Self.differences(expected, terminal.screen) == [])
        #expect(terminal.screen.strays.isEmpty, "zero-width characters left over: \(terminal.screen.strays)")
        if term.hasPrefix("xterm") {
            // A terminal that joins nothing never gets a joiner: each sequence goes as its first emoji.
            #expect(!terminal.screen.text.unicodeScalars.contains("\u{200D}"))
        } else {
            #expect(terminal.screen.text.contains("👩‍👩‍👧 Family"))
        }
        // Smaller, with the selection (on row 3) kept in view, and back.
        try terminal.resize(columns: 40, rows: 12)
        let small = try headless(["--headless", "--size", "100x30", "--keys", "wait:1s \(keys) resize:40x12"] + common)
        try? terminal.wait(for: "the screen at 40x12") { Self.differences(small, $0).isEmpty }
        #expect(Self.differences(small, terminal.screen) == [])
        try terminal.resize(columns: 100, rows: 30)
        try? terminal.wait(for: "the screen at 100x30 again") { Self.differences(expected, $0).isEmpty }
        #expect(Self.differences(expected, terminal.screen) == [])
        #expect(terminal.screen.strays.isEmpty)
        terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
    }

    /// Where the terminal's screen differs from the virtual one's lines: an
    /// ASCII character not in its column, a cluster not starting in its column
    /// (with its first character, or U+FFFD), or its other columns not free.
    static func differences(_ expected: [String], _ screen: TerminalEmulator) -> [String] {
        var found: [String] = []
        for row in 0..<screen.rows {
            let line = row < expected.count ? expected[row] : ""
            var column = 0
            var claimed = Set<Int>()
            for character in line {
                let width = DisplayWidth.of(character)
                guard width > 0, column < screen.columns else { continue }
                let cell = screen.cells[row][column]
                if character.isASCII {
                    if cell.text != String(character) { found.append("row \(row) column \(column): \(character) expected, \(cell.text) shown") }
                } else {
                    let first = character.unicodeScalars.first!
                    let shown = cell.text.unicodeScalars.first
                    if cell.isContinuation || (shown != first && shown != "\u{FFFD}") {
                        found.append("row \(row) column \(column): \(character) expected, \(cell.text) shown")
                    }
                    for c in (column + 1)..<min(screen.columns, column + width) {
                        let rest = screen.cells[row][c]
                        let partOfIt = rest.text.unicodeScalars.first.map(character.unicodeScalars.contains) ?? false // a flag's second half
                        if !rest.isContinuation && rest.text != " " && !partOfIt {
                            found.append("row \(row) column \(c): the rest of \(character) holds \(rest.text)")
                        }
                    }
                }
                for c in column..<(column + width) { claimed.insert(c) }
                column += width
            }
            for c in 0..<screen.columns where !claimed.contains(c) && column <= c && screen.cells[row][c].text != " " && !screen.cells[row][c].isContinuation {
                found.append("row \(row) column \(c): \(screen.cells[row][c].text) left over")
            }
        }
        return found
    }
}
