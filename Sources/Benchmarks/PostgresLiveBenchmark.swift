import AppServices
import Foundation
import Storage
#if canImport(Glibc)
import Glibc
#endif

/// Two clients of one shared directory on the PostgreSQL server of `SWITCHBOARD_BENCH_POSTGRES_URL`:
/// the app (on a virtual screen, its clock driven by the wall clock and its loop stepped every
/// few milliseconds, each step serving the change listener's socket as a terminal's poll(2) would
/// wake on it) keeps the contacts list open over N contacts,
/// while the release `switchboard import` — a second process, the other client — brings in a
/// vCard file of one contact that sorts first. Reported: how long the import took, and from its
/// exit (its transaction committed) to the list showing the new contact, five rounds, each started
/// at another moment.
/// `switchboard-bench postgres-live` (1,000,000), `postgres-live-100k`.
@MainActor
enum PostgresLiveBenchmark {
    static func run() { run(count: 1_000_000) }

    static func run(count: Int) {
        let environment = ProcessInfo.processInfo.environment
        guard let base = environment["SWITCHBOARD_BENCH_POSTGRES_URL"] ?? environment["SWITCHBOARD_TEST_POSTGRES_URL"], !base.isEmpty else {
            print("postgres-live: set SWITCHBOARD_BENCH_POSTGRES_URL to a server's connection string (see .ci/postgres start); skipped")
            return
        }
        let bench = CommandLine.arguments[0]
        let folder = bench.contains("/") ? String(bench[..<bench.lastIndex(of: "/")!]) : "."
        let switchboard = folder + "/switchboard"
        guard access(switchboard, X_OK) == 0 else { print("postgres-live: build \(switchboard) first (swift build -c release)"); return }
        let work = NSTemporaryDirectory() + "sb-bench-live-\(getpid())"
        mkdir(work, 0o700)
        let schema = "sb_bench_live_\(getpid())"
        do {
            let admin = try PostgresConnection(uri: base)
            try admin.executeScript("DROP SCHEMA IF EXISTS \(schema) CASCADE; CREATE SCHEMA \(schema)")
            defer { try? admin.executeScript("DROP SCHEMA \(schema) CASCADE"); _ = system("rm -rf '\(work)'") }
            let uri = base + (base.contains("?") ? "&" : "?") + "options=-c%20search_path%3D\(schema)%2Cpublic"
            let state = ["XDG_STATE_HOME": work + "/state"]
            let db = try PostgresDatabase(uri: uri)
            let session = try LocalSessionFile(server: uri, environment: state)
            let account = try PostgresAccountStore(database: db, session: session, hasher: PasswordHasher(cost: 1))
                .createAccount(username: "bench", password: "benchmark", now: 1) // signed in on this machine (the state folder)
            var generator = ContactGenerator(seed: 7)
            let t0 = ContinuousClock.now
            try PostgresContactsStore(database: db, accountID: account.id).addMany(count: count, generator: &generator, friendPercent: 10)
            print("postgres-live \(count): populated in \(Measurement.milliseconds(ContinuousClock.now - t0) / 1000) s")
            try db.connection.executeScript("ANALYZE contacts")

            let app = VirtualApp(directory: { now in PostgresDirectory(uri: uri, environment: state, passwordCost: 1, now: now) }, label: "postgres-live")
            follow(app, for: 300)
            _ = app.timed("C")
            follow(app, for: 1_000)
            guard app.text.contains("Contacts") else { print("postgres-live \(count): the contacts list did not open:\n\(app.text)"); return }
            var shown: [Double] = []
            for round in 1...5 {
                let name = "Round\(round) Aardvark"
                let file = work + "/round\(round).vcf"
                try "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Aardvark;Round\(round);;;\r\nFN:\(name)\r\nEMAIL:round\(round)@example.org\r\nEND:VCARD\r\n"
                    .write(toFile: file, atomically: true, encoding: .utf8)
                follow(app, for: Double(round * 173 % 500)) // each round at another moment
                let start = Self.now()
                guard let pid = spawn([switchboard, "import", file, "--user", "bench", "--db", uri], environment: state) else { return }
                // The app goes on (its clock with the wall clock) while the other client imports.
                var exited: Double?
                var seenAt: Double?
                while Self.now() - start < 10_000 {
                    follow(app, for: 20)
                    if exited == nil {
                        var status: Int32 = 0
                        if waitpid(pid, &status, WNOHANG) == pid { exited = Self.now() }
                    }
                    if exited != nil, app.text.contains(name) { seenAt = Self.now(); break }
                }
                guard let exited, let seenAt else { print("postgres-live \(count): round \(round): not shown within 10 s:\n\(app.text)"); return }
                shown.append(seenAt - exited)
                print(String(format: "postgres-live %d: round %d: import %.1f ms; from its exit to the open list showing “%@” %.1f ms",
                             count, round, exited - start, name, seenAt - exited))
            }
            let sorted = shown.sorted()
            print(String(format: "postgres-live %d: an import in one client shown on the other's open list: median %.1f ms, worst %.1f ms over 5 (target ≤ 1,000 ms: %@; machine load average %@)",
                         count, sorted[2], sorted[4], sorted[4] <= 1_000 ? "met" : "NOT met", PostgresBenchmark.loadAverage()))
        } catch {
            print("postgres-live \(count): \(error)")
        }
    }

    /// Runs the app's loop for `milliseconds` of wall-clock time, its virtual clock moved on by
    /// the time that really passed (its timers fire when they would on a terminal).
    static func follow(_ app: VirtualApp, for milliseconds: Double) {
        let end = now() + milliseconds
        var last = now()
        while now() < end {
            usleep(2_000)
            let t = now()
            app.timed("wait:\(max(1, Int(t - last)))ms")
            last = t
        }
    }

    static func now() -> Double { PtyBenchmark.now() }

    /// Starts `argv` with its output to /dev/null and `environment` added to PATH and HOME.
    static func spawn(_ argv: [String], environment: [String: String]) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let env = ["PATH=/usr/bin:/bin", "HOME=\(NSTemporaryDirectory())", "LANG=C.UTF-8"] + environment.map { "\($0.key)=\($0.value)" }
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = env.map { strdup($0) } + [nil]
        defer { for p in cArgs + cEnv { free(p) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, argv[0], &actions, nil, &cArgs, &cEnv) == 0 else { print("postgres-live: cannot start \(argv[0])"); return nil }
        return pid
    }
}
