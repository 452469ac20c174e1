import Testing
import Foundation
import Storage

/// SIGTERM and SIGHUP on a real terminal (issue 16, and issue 15's modes):
/// the app ends with 128 + the signal, and before it goes the terminal gets
/// back the screen it had and every mode the app turned on is turned off.
@Suite("signals on a real terminal", .serialized)
struct SignalsOnARealTerminalTests {
    @Test(arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func aSignalRestoresTheTerminalAndSaysWhichInTheExitStatus(signal: Int32, status: Int32) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("data.sqlite3").path
        let terminal = try PseudoTerminal(executable: ProcessTests.executable, arguments: ["--db", path, "--splash-ms", "0"],
                                          term: "xterm-256color", columns: 80, rows: 24, environment: ["HOME": folder.path])
        try terminal.wait(for: "the first screen") { $0.text.contains("Create") }
        kill(terminal.process.processIdentifier, signal)
        #expect(try terminal.waitForExit() == status)
        let bytes = String(decoding: terminal.written, as: UTF8.self)
        let last = { (needle: String) in bytes.range(of: needle, options: .backwards)?.lowerBound }
        // Read in order, every DEC private mode the app turned on (alternate screen, mouse, keypad,
        // bracketed paste, meta…) is off at the end, and the cursor is shown again.
        let modes = Self.finalModes(in: bytes)
        #expect(modes["1049"] == false, "the alternate screen was not left")
        #expect(modes["25"] != false, "the cursor stays hidden")
        // (7, autowrap, and 25, the cursor, are on in a terminal by default: on is where they belong.)
        let left = modes.filter { $0.key != "25" && $0.key != "7" && $0.value }.map(\.key).sorted()
        #expect(left.isEmpty, "modes left on: \(left)")
        #expect(modes.count > 2, "\(modes)") // it did turn some on
    }

    /// Each DEC private mode the bytes set (`ESC [ ? n ; m h` on, `… l` off), as the last sequence left it.
    static func finalModes(in bytes: String) -> [String: Bool] {
        var modes: [String: Bool] = [:]
        var rest = bytes[...]
        while let start = rest.range(of: "\u{1B}[?") {
            let tail = rest[start.upperBound...]
            let digits = tail.prefix { $0.isNumber || $0 == ";" }
            if let final = tail.dropFirst(digits.count).first, final == "h" || final == "l" {
                for m in digits.split(separator: ";") { modes[String(m)] = final == "h" }
            }
            rest = tail
        }
        return modes
    }
}
