import AppServices
import Foundation
import Storage

/// The shared directory at scale, on the PostgreSQL server named by
/// `SWITCHBOARD_BENCH_POSTGRES_URL` (else `SWITCHBOARD_TEST_POSTGRES_URL`; `.ci/postgres start`
/// makes one): populate 1,000,000 contacts through COPY (three runs, each into a fresh schema),
/// then what the contacts list asks at that size — open, End, and a search keystroke.
/// `switchboard-bench postgres`.
@MainActor
enum PostgresBenchmark {
    static func run() { run(count: 1_000_000) }

    static func run(count: Int) {
        let environment = ProcessInfo.processInfo.environment
        guard let base = environment["SWITCHBOARD_BENCH_POSTGRES_URL"] ?? environment["SWITCHBOARD_TEST_POSTGRES_URL"], !base.isEmpty else {
            print("postgres: set SWITCHBOARD_BENCH_POSTGRES_URL to a server's connection string (see .ci/postgres start); skipped")
            return
        }
        // SWITCHBOARD_BENCH_POSTGRES_SCHEMA=NAME: no populate; the searches on a directory populated
        // before in schema NAME (its first account), so two builds can be compared on the same data.
        if let schema = environment["SWITCHBOARD_BENCH_POSTGRES_SCHEMA"], !schema.isEmpty {
            do {
                let uri = base + (base.contains("?") ? "&" : "?") + "options=-c%20search_path%3D\(schema)%2Cpublic"
                let db = try PostgresDatabase(uri: uri)
                guard let accountID = try db.connection.scalarInt("SELECT min(id) FROM accounts") else { print("postgres: no account in \(schema)"); return }
                let total = Int(try db.connection.scalarInt("SELECT count(*) FROM contacts WHERE account_id = $1", [accountID]) ?? 0)
                measureSearches(PostgresContactsStore(database: db, accountID: accountID), count: total)
            } catch {
                print("postgres: \(error)")
            }
            return
        }
        do {
            let admin = try PostgresConnection(uri: base)
            var schemas: [String] = []
            defer { for s in schemas { try? admin.executeScript("DROP SCHEMA \(s) CASCADE") } }
            var times: [Double] = []
            var measured: (PostgresDatabase, Int64)?
            // SWITCHBOARD_BENCH_POSTGRES_RUNS: how many populates (3 unless told; the median is reported).
            let runs = max(1, Int(environment["SWITCHBOARD_BENCH_POSTGRES_RUNS"] ?? "") ?? 3)
            for run in 1...runs {
                let schema = "sb_bench_\(getpid())_\(run)"
                try admin.executeScript("DROP SCHEMA IF EXISTS \(schema) CASCADE; CREATE SCHEMA \(schema)")
                schemas.append(schema)
                let uri = base + (base.contains("?") ? "&" : "?") + "options=-c%20search_path%3D\(schema)%2Cpublic"
                let db = try PostgresDatabase(uri: uri)
                let session = try LocalSessionFile(server: uri, environment: ["XDG_STATE_HOME": NSTemporaryDirectory() + "sb-bench-state-\(getpid())"])
                let account = try PostgresAccountStore(database: db, session: session, hasher: PasswordHasher(cost: 1))
                    .createAccount(username: "bench", password: "benchmark", now: 1)
                session.clear()
                let store = PostgresContactsStore(database: db, accountID: account.id)
                var generator = ContactGenerator(seed: 7)
                let start = ContinuousClock.now
                try store.addMany(count: count, generator: &generator, friendPercent: 10)
                let seconds = Measurement.milliseconds(ContinuousClock.now - start) / 1000
                times.append(seconds)
                print("postgres \(count): populate (COPY) run \(run): \(seconds) s (machine load average \(Self.loadAverage()))")
                fflush(nil)
                if run < runs { try admin.executeScript("DROP SCHEMA \(schema) CASCADE"); schemas.removeLast() } else { measured = (db, account.id) }
            }
            let median = times.sorted()[times.count / 2]
            print("postgres \(count): populate in one transaction: median \(median) s over \(runs) runs (target ≤ 30 s: \(median <= 30 ? "met" : "NOT met"))")
            guard let (db, accountID) = measured else { return }
            try db.connection.executeScript("ANALYZE contacts")
            let store = PostgresContactsStore(database: db, accountID: accountID)
            var open = Measurement(name: "postgres \(count): open the list (count + first 200 rows)")
            open.measure(iterations: 30, warmup: 3) {
                _ = try? store.count(matching: "")
                _ = try? store.contacts(matching: "", offset: 0, limit: 200)
            }
            open.report(target: 30)
            var end = Measurement(name: "postgres \(count): End (the last 200 rows)")
            end.measure(iterations: 30, warmup: 3) {
                let total = (try? store.count(matching: "")) ?? 0
                _ = try? store.contacts(matching: "", offset: max(0, total - 200), limit: 200)
            }
            end.report(target: 10)
            measureSearches(store, count: count)
        } catch {
            print("postgres \(count): \(error)")
        }
    }

    /// The search keystrokes (`SearchKeystrokes`), then the load average.
    static func measureSearches(_ store: PostgresContactsStore, count: Int) {
        SearchKeystrokes.measure(store, label: "postgres \(count)")
        print("postgres \(count): machine load average \(loadAverage()) after the searches")
    }

    /// The 1-minute load average (/proc/loadavg), said beside the figures: the machine is shared.
    static func loadAverage() -> String {
        guard let f = fopen("/proc/loadavg", "r") else { return "?" }
        defer { fclose(f) }
        var line = [CChar](repeating: 0, count: 128)
        guard fgets(&line, 128, f) != nil else { return "?" }
        return String(nulTerminated: line).split(separator: " ").first.map(String.init) ?? "?"
    }
}
