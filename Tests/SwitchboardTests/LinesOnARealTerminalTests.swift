import Foundation
import Testing
@testable import TUIKit

/// The friends popup's separators and borders reach a real terminal (ncurses on a pseudo-terminal,
/// TERM=xterm-256color) as the long runs of `─` in the terminal's own line-drawing set (`ESC ( 0`,
/// then `q`, one byte a column instead of three), and a terminal reading the bytes shows the same
/// screen as the virtual one, lines included (issue 15).
@Suite("lines on a real terminal", .serialized)
struct LinesOnARealTerminalTests {
    /// With colours and without (`NO_COLOR`: the panel is opaque all the same), and where the
    /// person has told ncurses their terminal's line-drawing set is broken in UTF-8
    /// (`NCURSES_NO_UTF8_ACS=1`, as on PuTTY set that way): U+2500 again.
    @Test(arguments: [("", ""), ("1", ""), ("", "1")])
    func theFriendsPopupsLinesGoOutInTheLineDrawingSetAndLookTheSame(noColor: String, noLineDrawing: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-lines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov"].map {
            (first: String($0.split(separator: " ")[0]), last: String($0.split(separator: " ")[1]), friend: true)
        }
        let db = try ClustersOnARealTerminalTests().dataFile(folder, names: names)
        let common = ["--db", db, "--splash-ms", "0", "--open", "switchboard://friends"]
        let expected = try ClustersOnARealTerminalTests().headless(["--headless", "--size", "100x30", "--keys", "wait:1s Down"] + common)
        #expect(expected.contains { $0.contains(String(repeating: "─", count: 40)) }, "the popup has a separator: \(expected)")
        var environment = ["NO_COLOR": noColor]
        if !noLineDrawing.isEmpty { environment["NCURSES_NO_UTF8_ACS"] = noLineDrawing } // set at all, even empty, means broken
        let terminal = try PseudoTerminal(executable: ProcessTests.executable, arguments: common, term: "xterm-256color", columns: 100, rows: 30,
                                        environment: environment)
        try terminal.wait(for: "the friends popup") { $0.text.contains("Close") && $0.text.contains("Lovelace") }
        terminal.send("\u{1B}[B")
        try? terminal.wait(for: "the screen the virtual one has") { ClustersOnARealTerminalTests.differences(expected, $0).isEmpty }
        #expect(ClustersOnARealTerminalTests.differences(expected, terminal.screen) == [], "\(terminal.screen.text)")
        #expect(terminal.screen.text.contains(String(repeating: "─", count: 40)))
        let sent = String(decoding: terminal.written, as: UTF8.self)
        #expect(sent.contains("\u{1B}[38;5;") == noColor.isEmpty, "colours as NO_COLOR says")
        if noLineDrawing.isEmpty {
            #expect(sent.contains("\u{1B}(0"), "no switch to the line-drawing set")
            // `q` a column, or (xterm-256color has `rep`) one `q` and `ESC [ n b` for the rest.
            let repeated = sent.components(separatedBy: "q\u{1B}[").dropFirst().contains {
                !$0.prefix(while: \.isNumber).isEmpty && $0.drop(while: \.isNumber).first == "b"
            }
            #expect(sent.contains(String(repeating: "q", count: LineDrawing.shortestRun)) || repeated, "\(sent.debugDescription)")
            // A lone border cell stays U+2502; no long run goes out as UTF-8.
            #expect(sent.contains("│"))
            #expect(!sent.contains(String(repeating: "─", count: LineDrawing.shortestRun)), "a long line went out as UTF-8")
        } else {
            #expect(!sent.contains("\u{1B}(0"))
            #expect(sent.contains(String(repeating: "─", count: LineDrawing.shortestRun)))
        }
        terminal.send("\u{1B}")
        try terminal.wait(for: "the main screen") { !$0.text.contains("Close") }
        terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
    }
}
