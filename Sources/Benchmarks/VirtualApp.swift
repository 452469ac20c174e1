import AppServices
import App
import Storage
import TUIKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The whole app on a virtual screen for the screen benchmarks: signed in
/// (a saved session in `path`), no splash, animations off once the user's
/// settings have loaded; `timed` runs a KEYS script and says how long it took.
@MainActor
final class VirtualApp {
    let terminal: VirtualTerminal
    let app: Application
    private let switchboard: SwitchboardApp
    private let label: String

    convenience init(databasePath path: String, size: Size = Size(width: 100, height: 30), label: String) {
        self.init(directory: { now in SQLiteDirectory(path: path, passwordCost: 1, now: now) }, size: size, label: label)
    }

    /// The app on any directory (a shared one on PostgreSQL: `PostgresLiveBenchmark`).
    init(directory: @escaping @MainActor @Sendable (@escaping () -> Int64) -> any DataDirectory, size: Size = Size(width: 100, height: 30), label: String) {
        self.label = label
        terminal = VirtualTerminal(size: size)
        app = Application(terminal: terminal)
        var configuration = AppConfiguration(directory: directory)
        configuration.splashDuration = .zero
        switchboard = SwitchboardApp(application: app, configuration: configuration)
        app.renderFrame()
        _ = timed("wait:1s")
        Animator.animationsEnabled = false // the signed-in user's settings turned them on at start
    }

    deinit { MainActor.assumeIsolated { Animator.animationsEnabled = true } }

    @discardableResult
    func timed(_ script: String) -> Duration {
        let t0 = ContinuousClock.now
        do {
            try terminal.enqueue(script: script)
            try app.run()
        } catch {
            print("\(label): \(script): \(error)")
        }
        return ContinuousClock.now - t0
    }

    var text: String { terminal.text }
}

/// A temporary data file for a benchmark: one account, "bench", signed in,
/// filled by `fill`; removed by `remove()`.
struct BenchFile {
    let folder: String
    var path: String { folder + "/db.sqlite3" }

    init(name: String) {
        folder = "/tmp/switchboard-bench-\(name)-\(getpid())"
        mkdir(folder, 0o700)
    }

    /// Makes the account and runs `fill` on it; returns how long `fill` took.
    func make(_ fill: (SQLiteDatabase, Account) throws(ServiceError) -> Void) throws(ServiceError) -> Duration {
        let db = try SQLiteDatabase(path: path)
        let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
        guard let account = try? accounts.createAccount(username: "bench", password: "benchmark", now: 1) else {
            throw .unreadable(path: path, reason: "could not create the bench account")
        }
        try accounts.saveSession(accountID: account.id, now: 1)
        let start = ContinuousClock.now
        try fill(db, account)
        return ContinuousClock.now - start
    }

    func remove() { _ = system("rm -rf '\(folder)'") }
}
