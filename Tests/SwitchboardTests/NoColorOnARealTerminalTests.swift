import Foundation
import Testing
@testable import switchboard
@testable import TUIKit

/// NO_COLOR on a real terminal (ncurses on a pseudo-terminal, read back by the screen emulator):
/// a card opened from the friends popup covers the popup wholly, and Settings says why the theme
/// is monochrome (issue 39, item 4).
@Suite("NO_COLOR on a real terminal", .serialized)
struct NoColorOnARealTerminalTests {
    func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-nocolor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test(arguments: ["xterm-256color", "tmux-256color"])
    func aCardOpenedFromTheFriendsPopupCoversIt(term: String) throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov"].map {
            (first: String($0.split(separator: " ")[0]), last: String($0.split(separator: " ")[1]), friend: true)
        }
        let db = try ClustersOnARealTerminalTests().dataFile(folder, names: names)
        let common = ["--db", db, "--splash-ms", "0", "--open", "switchboard://friends"]
        let expected = try ClustersOnARealTerminalTests().headless(["--headless", "--size", "100x30", "--keys", "wait:1s Down Enter wait:400ms"] + common)
        #expect(expected[0].contains("Back") && !expected.contains { $0.contains("Close") }, "the card: \(expected)")
        let terminal = try PseudoTerminal(executable: ProcessTests.executable, arguments: common, term: term, columns: 100, rows: 30,
                                          environment: ["NO_COLOR": "1"])
        try terminal.wait(for: "the friends popup") { $0.text.contains("Close") && $0.text.contains("Lovelace") }
        terminal.send("\u{1B}[B")
        terminal.send("\r")
        try? terminal.wait(for: "the card as the virtual screen has it") { ClustersOnARealTerminalTests.differences(expected, $0).isEmpty }
        #expect(ClustersOnARealTerminalTests.differences(expected, terminal.screen) == [], "\(terminal.screen.text)")
        for mark in ["╭", "╰", "│", "Close", "friends"] {
            #expect(!terminal.screen.text.contains(mark), "\(mark) shows through the card: \(terminal.screen.text)")
        }
        let sent = String(decoding: terminal.written, as: UTF8.self)
        #expect(!sent.contains("\u{1B}[38;5;"), "no colours under NO_COLOR")
        terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func settingsSaysTheThemeIsMonochromeBecauseOfNoColor() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = try ClustersOnARealTerminalTests().dataFile(folder, names: [])
        let terminal = try PseudoTerminal(executable: ProcessTests.executable,
                                          arguments: ["--db", db, "--splash-ms", "0", "--open", "switchboard://settings"],
                                          term: "xterm-256color", columns: 100, rows: 30, environment: ["NO_COLOR": "1"])
        // Settings slides in over Main (a real-time animation): on a loaded machine the screen was read
        // mid-slide, "APPEARANCE" on it with the theme row's end still beyond the right edge ("Because
        // NO_COLOR" cut), and the check after it failed. The wait is for the slide's end — Main's
        // "Signed in as" gone — with the theme row whole; a row that never says it fails here.
        try terminal.wait(for: "Settings, slid in, its theme row whole") {
            $0.text.contains("APPEARANCE") && !$0.text.contains("Signed in as")
                && $0.text.contains("Theme: monochrome") && $0.text.contains("Because NO_COLOR is set")
        }
        #expect(terminal.screen.text.contains("Theme: monochrome"), "\(terminal.screen.text)")
        #expect(terminal.screen.text.contains("Because NO_COLOR is set"), "\(terminal.screen.text)")
        #expect(!terminal.screen.text.contains("dark"))
        terminal.send("\r")
        terminal.send("\u{1B}[C")
        // Keys are read in order: once Animations (the next row, switched after them) shows Off, Enter and → were handled.
        terminal.send("\u{1B}[B")
        terminal.send("\r")
        try terminal.wait(for: "Animations off") { $0.text.contains("○ Off") }
        #expect(terminal.screen.text.contains("Theme: monochrome"), "\(terminal.screen.text)")
        terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
    }
}
