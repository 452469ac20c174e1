import Foundation
import Testing
import TestSupport
import Storage
import TUIKitTesting

/// Issue 51: a data file that cannot be written is told on the first screen — read only, why,
/// what to do — and can still be read. The tests run as root, whom file modes do not stop, so
/// the built `switchboard` runs on a pseudo-terminal as `nobody` (setpriv), on a file whose mode
/// (or folder) it may not write, and the screen is read back.
@Suite("A read-only data file is told at start", .serialized)
struct ReadOnlyAtStartTests {
    enum Case: String, CaseIterable, CustomStringConvertible, Sendable {
        case fileMode = "the file's mode"
        case readOnlyFolder = "a read-only folder"
        var description: String { rawValue }
    }

    static var canDropPrivileges: Bool { getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") }

    @Test(.enabled(if: canDropPrivileges || getuid() != 0, "as root it needs /usr/bin/setpriv to run as nobody"),
          arguments: Case.allCases, [(100, 30), (40, 12)])
    func theFirstScreenSaysReadOnlyWhyAndWhatToDo(_ kind: Case, size: (Int, Int)) throws {
        let tmp = TempFolder("readonly")
        defer { _ = chmod(tmp.path, 0o700); withExtendedLifetime(tmp) {} }
        let folder = tmp.folder("data")
        let path = folder + "/data.sqlite3"
        try BadFileTests.makeDataFile(at: path, wal: true)
        let home = tmp.folder("home")
        // nobody may come into the folders and read the file, and write nothing but what the case allows.
        _ = chmod(tmp.path, 0o755); _ = chmod(home, 0o777); _ = chmod(path, 0o444)
        _ = chmod(folder, kind == .fileMode ? 0o777 : 0o555)
        let before = FileManager.default.contents(atPath: path)
        let app = ProcessTests.executable.path
        let (executable, arguments) = getuid() == 0
            ? ("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", app, "--db", path])
            : (app, ["--db", path])
        let terminal = try PseudoTerminal(executable: URL(fileURLWithPath: executable), arguments: arguments, term: "xterm-256color",
                                          columns: size.0, rows: size.1, environment: ["HOME": home, "XDG_DATA_HOME": home])
        try terminal.wait(for: "the home") { $0.text.contains("Signed in as ada") }
        try? terminal.wait(for: "the banner", seconds: 3) { $0.text.contains("Read only") }
        let screen = terminal.screen.text
        // Read whole, as running text at the bottom: read only, why, what to do.
        let running = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let why = kind == .fileMode ? "the file cannot be written (Permission denied)" : "its folder cannot be written (Permission denied)"
        #expect(running.contains("Read only:") && running.contains(why), "\(kind) \(size):\n\(screen)")
        let todo = running.lowercased()
        #expect(todo.contains("make it writable or use --db") || todo.contains("make it writable, or use --db")
                || todo.contains("make it writable or start with --db"), "\(kind) \(size):\n\(screen)")
        if size.0 >= 100 { #expect(running.contains("Read only: \(path) — \(why)."), "the file named where there is room:\n\(screen)") }
        // Still read: the contacts list opens with its rows.
        terminal.send("C")
        try terminal.wait(for: "the contacts") { $0.text.contains("Contacts (200)") }
        #expect(terminal.screen.text.contains("Read only"), "the banner stays:\n\(terminal.screen.text)")
        terminal.send("\u{1B}")
        terminal.send("q")
        _ = try? terminal.waitForExit()
        #expect(FileManager.default.contents(atPath: path) == before, "the file was changed")
    }
}
