import Foundation
import Testing

/// The app draws at the terminal's own size whatever LINES and COLUMNS say: it starts ncurses with
/// them set to 1 for a moment (its own screens one cell, issue 52) and puts back what the person
/// had, so neither the first screen nor one after a resize takes the environment's size.
@Suite("the terminal's size on a real terminal", .serialized)
struct SizeOnARealTerminalTests {
    @Test func theScreenIsTheTerminalsSizeWhateverLinesAndColumnsSay() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-size-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("data.sqlite3").path
        let terminal = try PseudoTerminal(executable: ProcessTests.executable, arguments: ["--db", path, "--splash-ms", "0"],
                                          term: "xterm-256color", columns: 100, rows: 30,
                                          environment: ["HOME": folder.path, "LINES": "7", "COLUMNS": "9"])
        // The top bar's right-hand action ends one column before the last; the key hints are on the last row.
        try terminal.wait(for: "the first screen, 100x30") {
            $0.line(0).hasSuffix("Create (^S) › ") && $0.line(0).count == 100 && $0.line(29).contains("Help")
        }
        try terminal.resize(columns: 60, rows: 20)
        try terminal.wait(for: "the screen again at 60x20") {
            $0.line(0).hasSuffix("Create (^S) › ") && $0.line(0).count == 60 && $0.line(19).contains("Help")
        }
        kill(terminal.process.processIdentifier, SIGTERM)
        #expect(try terminal.waitForExit() == 143)
    }
}
