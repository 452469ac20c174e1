import Foundation
import Testing
@testable import switchboard
@testable import TUIKit

/// The splash on a real terminal (ncurses on a pseudo-terminal): `--splash-ms 0` on a file draws
/// the home as the first screen, the splash never reaches the terminal (issue 52: a frame nobody
/// could see, ~1M instructions at 1M contacts); a splash of some length still shows before the home.
@Suite("The splash on a real terminal", .serialized)
struct SplashOnARealTerminalTests {
    /// The bytes the app sent until the home showed, started with `--splash-ms milliseconds`.
    func sentUntilTheHome(splashMilliseconds: Int) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-splash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = try ClustersOnARealTerminalTests().dataFile(folder, names: [(first: "Ada", last: "Lovelace", friend: true)])
        let terminal = try PseudoTerminal(executable: ProcessTests.executable,
                                          arguments: ["--db", db, "--splash-ms", String(splashMilliseconds)],
                                          term: "xterm-256color", columns: 100, rows: 30)
        try terminal.wait(for: "the home") { $0.text.contains("Signed in as") }
        let sent = String(decoding: terminal.written, as: UTF8.self)
        terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        return sent
    }

    @Test func aSplashOfNoLengthIsNeverDrawn() throws {
        let sent = try sentUntilTheHome(splashMilliseconds: 0)
        #expect(!sent.contains("S W I T C H B O A R D"), "the splash was drawn before the home")
        #expect(!sent.contains("Opening your data"))
    }

    @Test func aSplashOfSomeLengthStillShowsFirst() throws {
        let sent = try sentUntilTheHome(splashMilliseconds: 300)
        let splash = try #require(sent.range(of: "S W I T C H B O A R D"), "no splash drawn")
        let home = try #require(sent.range(of: "Signed in as"))
        #expect(splash.lowerBound < home.lowerBound)
    }
}
