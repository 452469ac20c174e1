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

    /// Every way out of the signed-in app — `q`, ^C typed, SIGINT, SIGTERM, SIGHUP and a fatal
    /// signal (SIGSEGV, SIGABRT: what a crash or a failed check raises) — turns off every mode
    /// the app turned on: the alternate screen, mouse, bracketed paste, cursor keys and keypad,
    /// meta; and shows the cursor again.
    @Test(arguments: [("q", Int32(0)), ("^C", Int32(130)), ("INT", Int32(130)), ("TERM", Int32(143)), ("HUP", Int32(129)),
                      ("SEGV", Int32(SIGSEGV)), ("ABRT", Int32(SIGABRT))])
    func everyWayOutTurnsEveryModeOff(way: String, status: Int32) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-exit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("data.sqlite3").path
        // An account with a saved session, made on the virtual screen: the app opens on Main.
        let made = try ProcessTests().run(["--headless", "--db", path, "--splash-ms", "0", "--size", "80x24", "--keys",
                                           #"wait:500ms C-n wait:400ms "ada" Enter "analytical" Enter "analytical" Enter wait:900ms"#],
                                          environment: ["HOME": folder.path, "PATH": "/usr/bin:/bin"])
        #expect(made.output.contains("Signed in as ada"), "\(made.output)")
        // A typed ^C is SIGINT from the terminal's line discipline, sent only to the foreground
        // process group of the terminal that controls it: that case runs under setsid(1) --ctty.
        let app = [ProcessTests.executable.path, "--db", path, "--splash-ms", "0"]
        let terminal = way == "^C"
            ? try PseudoTerminal(executable: URL(fileURLWithPath: "/usr/bin/setsid"), arguments: ["--ctty", "--wait"] + app,
                                 term: "xterm-256color", columns: 80, rows: 24, environment: ["HOME": folder.path])
            : try PseudoTerminal(executable: ProcessTests.executable, arguments: Array(app.dropFirst()),
                                 term: "xterm-256color", columns: 80, rows: 24, environment: ["HOME": folder.path])
        try terminal.wait(for: "the main screen") { $0.text.contains("Signed in as ada") }
        let pid = terminal.process.processIdentifier
        switch way {
        case "q": terminal.send("q")
        case "^C": terminal.send("\u{03}")
        case "INT": kill(pid, SIGINT)
        case "TERM": kill(pid, SIGTERM)
        case "HUP": kill(pid, SIGHUP)
        case "SEGV": kill(pid, SIGSEGV)
        default: kill(pid, SIGABRT)
        }
        #expect(try terminal.waitForExit() == status)
        let bytes = String(decoding: terminal.written, as: UTF8.self)
        let modes = Self.finalModes(in: bytes)
        #expect(modes["1049"] == false, "the alternate screen was not left")
        #expect(modes["25"] == true, "the cursor is not shown again")
        let left = modes.filter { $0.key != "25" && $0.key != "7" && $0.value }.map(\.key).sorted()
        #expect(left.isEmpty, "modes left on: \(left)")
        for mode in ["1000", "1034", "2004", "1"] { #expect(modes[mode] == false, "?\(mode) was never turned off") }
        // The keypad's application mode (ESC =) ends with ESC >.
        let keypadOn = bytes.range(of: "\u{1B}=", options: .backwards)?.lowerBound
        let keypadOff = bytes.range(of: "\u{1B}>", options: .backwards)?.lowerBound
        #expect(keypadOn == nil || (keypadOff.map { $0 > keypadOn! } ?? false), "the keypad is left in application mode")
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
