import Foundation
import Storage
import AppServices
import Testing

/// An idle app sleeps (issue 35): on a real terminal, signed in and showing the home, it makes no
/// wake-ups of its own — no timer looks for results or for changes — yet another client's change
/// reaches the screen at once, because the run loop waits on the data's change signal (inotify on
/// the file; the server's notification socket) beside the terminal. The 60-second figure is
/// `switchboard-bench idle` (BENCHMARKS.md); here a shorter window, which an app with any timer
/// of a second or less would fail.
@Suite("idle on a real terminal", .serialized)
struct IdleOnARealTerminalTests {
    static let postgresURL = ProcessInfo.processInfo.environment["SWITCHBOARD_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// Context switches of every thread of `pid` so far (each wake-up from a wait is one).
    static func wakeUps(of pid: Int32) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.reduce(0) { sum, task in
            let status = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
            return sum + status.split(separator: "\n").filter { $0.hasPrefix("voluntary_ctxt_switches") || $0.hasPrefix("nonvoluntary_ctxt_switches") }
                .compactMap { Int($0.split(separator: "\t").last ?? "") }.reduce(0, +)
        }
    }

    /// Signs ada up on `db` headless (a saved session), then runs the app on a pty on the home.
    func homeOnAPty(db: String, folder: URL) throws -> PseudoTerminal {
        let environment = ["HOME": folder.path, "XDG_STATE_HOME": folder.path + "/state", "SWITCHBOARD_PASSWORD_COST": "1", "PATH": "/usr/bin:/bin"]
        let made = try ProcessTests().run(["--headless", "--db", db, "--splash-ms", "0", "--size", "80x24", "--keys",
                                           #"wait:500ms C-n wait:400ms "ada" Enter "analytical" Enter "analytical" Enter wait:900ms"#],
                                          environment: environment)
        #expect(made.output.contains("Signed in as ada"), "\(made.output) \(made.errors)")
        let terminal = try PseudoTerminal(executable: ProcessTests.executable, arguments: ["--db", db, "--splash-ms", "0"],
                                          term: "xterm-256color", columns: 100, rows: 30, environment: environment)
        try terminal.wait(for: "the home") { $0.text.contains("Signed in as ada") }
        terminal.collect(forSeconds: 0.5) // the first frames settle
        return terminal
    }

    func contactsRow(_ terminal: PseudoTerminal) -> String {
        (terminal.screen.text.split(separator: "\n").first { $0.contains(" Contacts ") }).map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }

    /// The idle window, then another client's change.
    func idleThenChange(_ terminal: PseudoTerminal, change: () throws -> Void) throws {
        let pid = terminal.process.processIdentifier
        let before = Self.wakeUps(of: pid)
        let bytes = terminal.collect(forSeconds: 3)
        let after = Self.wakeUps(of: pid)
        #expect(after - before <= 1, "an idle app woke \(after - before) times in 3 s")
        #expect(bytes == 0, "an idle app drew \(bytes) bytes")
        #expect(contactsRow(terminal).hasSuffix(" 0"), "\(terminal.screen.text)")
        try change()
        try terminal.wait(for: "the other client's contact", seconds: 1) { _ in contactsRow(terminal).hasSuffix(" 1") }
        terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func anIdleAppOnAFileSleepsAndStillHearsAnotherClient() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-idle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("data.sqlite3").path
        let terminal = try homeOnAPty(db: path, folder: folder)
        try idleThenChange(terminal) {
            let db = try SQLiteDatabase(path: path)
            let ada = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
            _ = try SQLiteContactsStore(database: db, accountID: ada.id).add(ContactRecord(firstName: "Grace", lastName: "Hopper"))
        }
    }

    @Test(.enabled(if: postgresURL != nil, "set SWITCHBOARD_TEST_POSTGRES_URL (see .ci/postgres) to run it"))
    func anIdleAppOnAServerSleepsAndStillHearsAnotherClient() throws {
        let base = try #require(Self.postgresURL)
        let schema = "sb_idle_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = try PostgresConnection(uri: base)
        try admin.executeScript("CREATE SCHEMA \(schema)")
        defer { try? admin.executeScript("DROP SCHEMA \(schema) CASCADE") }
        let uri = base + (base.contains("?") ? "&" : "?") + "options=-c%20search_path%3D\(schema)%2Cpublic"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-idle-pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = try homeOnAPty(db: uri, folder: folder)
        try idleThenChange(terminal) {
            let db = try PostgresDatabase(uri: uri)
            let session = try LocalSessionFile(server: uri, environment: ["XDG_STATE_HOME": folder.path + "/other"])
            let ada = try #require(try PostgresAccountStore(database: db, session: session).account(named: "ada"))
            _ = try PostgresContactsStore(database: db, accountID: ada.id).add(ContactRecord(firstName: "Grace", lastName: "Hopper"))
        }
    }
}
