import TestSupport
import AppServices
import Foundation
import Storage
import Testing

/// The app's background sync is a child process (`switchboard sync --progress …`); it ends with
/// the app. Here the real app on a pty syncs at its start against a server that takes the
/// connection and never answers (a stopped server); the app quits while its child waits; the
/// child is gone at once, and nothing is written to the data file after — where before it waited
/// out its timeout and, had the server come back, finished its pass with no app left.
@Suite("the sync child ends with the app", .serialized)
struct SyncChildEndsWithTheAppTests {
    /// The processes whose parent is `pid`, with their command lines.
    static func children(of pid: Int32) -> [(pid: Int32, command: String)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> (Int32, String)? in
            guard let child = Int32(entry),
                  let status = try? String(contentsOfFile: "/proc/\(entry)/status", encoding: .utf8),
                  status.split(separator: "\n").contains(where: { $0 == "PPid:\t\(pid)" }),
                  let command = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(entry)/cmdline")) else { return nil }
            return (child, String(decoding: command.map { $0 == 0 ? 32 : $0 }, as: UTF8.self))
        }
    }

    /// Whether `pid` is still running (not gone, not a zombie waiting to be reaped).
    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }

    @Test func quittingTheAppWhileItsSyncWaitsOnAStoppedServerEndsTheChild() throws {
        let (listener, port) = LoopbackSocket.silentListener()
        defer { close(listener) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("data.sqlite3").path
        let environment = ["HOME": folder.path, "XDG_STATE_HOME": folder.path + "/state", "SWITCHBOARD_PASSWORD_COST": "1", "PATH": "/usr/bin:/bin"]
        let made = try ProcessTests().run(["--headless", "--db", db, "--splash-ms", "0", "--size", "80x24", "--keys",
                                           #"wait:500ms C-n wait:400ms "ada" Enter "analytical" Enter "analytical" Enter wait:900ms"#],
                                          environment: environment)
        #expect(made.output.contains("Signed in as ada"), "\(made.output) \(made.errors)")
        let server = "http://127.0.0.1:\(port)/"
        let database = try SQLiteDatabase(path: db)
        let ada = try #require(try SQLiteAccountStore(database: database).account(named: "ada"))
        try SQLiteSyncStore(database: database).addAccount(accountID: ada.id, url: server, homeURL: server + "alice/", username: "alice",
                                                           passwordCommand: "echo pw", caFile: nil, books: [(server + "alice/book/", "Book")])
        let bytes = { (try? Data(contentsOf: URL(fileURLWithPath: db))) ?? Data() }

        // The app: on the home, an account whose password comes from a command syncs at once.
        let terminal = try PseudoTerminal(executable: ProcessTests.executable, arguments: ["--db", db, "--splash-ms", "0"],
                                          term: "xterm-256color", columns: 100, rows: 30, environment: environment)
        let app = terminal.process.processIdentifier
        try terminal.wait(for: "the home") { $0.text.contains("Signed in as ada") }
        var child: Int32?
        let deadline = Date().addingTimeInterval(10)
        while child == nil && Date() < deadline {
            child = Self.children(of: app).first { $0.command.contains(" sync ") && $0.command.contains("--progress") }?.pid
            if child == nil { terminal.collect(forSeconds: 0.05) }
        }
        let sync = try #require(child, "the app started its sync child")
        terminal.collect(forSeconds: 0.5) // it connects and waits for the answer that never comes
        #expect(Self.isRunning(sync))
        let before = bytes()

        let quit = Date()
        terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        while Self.isRunning(sync) && Date().timeIntervalSince(quit) < 5 { _ = poll(nil, 0, 10) }
        let took = Date().timeIntervalSince(quit)
        print("the sync child after q: \(Self.isRunning(sync) ? "still running" : "gone") \(String(format: "%.2f", took)) s after the key")
        #expect(!Self.isRunning(sync), "the sync child outlived the app")
        #expect(took < 2, "the app and its child were gone \(took) s after q")
        if Self.isRunning(sync) { kill(sync, SIGKILL) }
        #expect(bytes() == before, "nothing was written after the app went")
    }
}
