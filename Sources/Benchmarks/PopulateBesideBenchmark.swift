import AppServices
import Foundation
import Storage
#if canImport(Glibc)
import Glibc
#endif

/// Another person's keys while someone populates a shared directory (issue 37): on the PostgreSQL
/// server of `SWITCHBOARD_BENCH_POSTGRES_URL`, bob has the release app open on his contacts (1,000)
/// in a real pty, and moves through the list (Down, Up) — first with nothing else running, then
/// while alice's `switchboard populate --contacts N` (a second process) runs. Reported: each
/// phase's key latency (from the key written to the screen's answer, median, p99 and worst);
/// since the screen never waits on the server (its reads run off the main loop), also what those
/// reads cost bob meanwhile — a page of his list from a place in it, and a search — timed on a
/// connection of his own; and how long the populate took. `switchboard-bench populate-beside` (1,000,000),
/// `populate-beside-200k`.
@MainActor
enum PopulateBesideBenchmark {
    static func run(count: Int) {
        let environment = ProcessInfo.processInfo.environment
        guard let base = environment["SWITCHBOARD_BENCH_POSTGRES_URL"] ?? environment["SWITCHBOARD_TEST_POSTGRES_URL"], !base.isEmpty else {
            print("populate-beside: set SWITCHBOARD_BENCH_POSTGRES_URL to a server's connection string (see .ci/postgres start); skipped")
            return
        }
        let bench = CommandLine.arguments[0]
        let folder = bench.contains("/") ? String(bench[..<bench.lastIndex(of: "/")!]) : "."
        let switchboard = folder + "/switchboard"
        guard access(switchboard, X_OK) == 0 else { print("populate-beside: build \(switchboard) first (swift build -c release)"); return }
        let home = NSTemporaryDirectory() + "sb-bench-beside-\(getpid())"
        mkdir(home, 0o700)
        let schema = "sb_bench_beside_\(getpid())"
        do {
            let admin = try PostgresConnection(uri: base)
            try admin.executeScript("DROP SCHEMA IF EXISTS \(schema) CASCADE; CREATE SCHEMA \(schema)")
            defer { try? admin.executeScript("DROP SCHEMA \(schema) CASCADE"); _ = system("rm -rf '\(home)'") }
            let uri = base + (base.contains("?") ? "&" : "?") + "options=-c%20search_path%3D\(schema)%2Cpublic"
            let db = try PostgresDatabase(uri: uri)
            let session = try LocalSessionFile(server: uri, environment: ["HOME": home])
            let accounts = PostgresAccountStore(database: db, session: session, hasher: PasswordHasher(cost: 1))
            _ = try accounts.createAccount(username: "alice", password: "alice's secret", now: 1)
            let bob = try accounts.createAccount(username: "bob", password: "bob's secret", now: 1) // signed in on this machine
            var generator = ContactGenerator(seed: 7)
            try PostgresContactsStore(database: db, accountID: bob.id).addMany(count: 1_000, generator: &generator, friendPercent: 10)

            guard let app = PtySession([switchboard, "--db", uri], home: home, ready: "Signed in as bob", before: ["C"], traceName: "bob") else { return }
            let keys: [String] = ["\u{1B}[B", "\u{1B}[A"]
            let reader = PostgresContactsStore(database: try PostgresDatabase(uri: uri), accountID: bob.id)
            var quietReads: [Double] = [], duringReads: [Double] = []
            func read(_ i: Int, into list: inout [Double]) throws {
                let start = ContinuousClock.now
                _ = try reader.page(matching: i % 2 == 0 ? "" : "lov", offset: (i * 37) % 900, limit: 40, countingUpTo: 1_000)
                list.append(Measurement.milliseconds(ContinuousClock.now - start))
            }
            for i in 0..<200 { app.send(keys[i % 2]); try read(i, into: &quietReads) } // quiet: no one else at work
            let quiet = app.result.latencies
            let t0 = ContinuousClock.now
            var pid: pid_t = 0
            let arguments: [String] = [switchboard, "populate", "--contacts", String(count), "--user", "alice", "--db", uri]
            let variables: [String] = ["HOME=" + home, "PATH=/usr/bin:/bin"]
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            var env: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
            defer { for p in argv + env { free(p) } }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            defer { posix_spawn_file_actions_destroy(&actions) }
            guard posix_spawn(&pid, switchboard, &actions, nil, &argv, &env) == 0 else { print("populate-beside: cannot start populate"); return }
            var status: Int32 = 0
            var sent = 0
            while waitpid(pid, &status, WNOHANG) == 0 {
                app.send(keys[sent % 2])
                try read(sent, into: &duringReads)
                sent += 1
            }
            let populateSeconds = Measurement.milliseconds(ContinuousClock.now - t0) / 1000
            let during = Array(app.result.latencies.dropFirst(quiet.count))
            let result = app.finish()
            func line(_ name: String, _ values: [Double]) -> String {
                let sorted = values.sorted()
                guard !sorted.isEmpty else { return "\(name): no keys" }
                let median = sorted[sorted.count / 2], p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
                return String(format: "%@: %d keys, median %.1f ms, p99 %.1f ms, worst %.1f ms", name, sorted.count, median, p99, sorted.last!)
            }
            print("populate-beside \(count): alice's populate took \(String(format: "%.1f", populateSeconds)) s (exit \(status >> 8))")
            print("  bob's keys, " + line("nothing else running", quiet))
            print("  bob's keys, " + line("during the populate", during) + " (target: each < 100 ms; unanswered in 1 s: \(result.unanswered))")
            print("  bob's list reads (a page, a search), " + line("nothing else running", quietReads))
            print("  bob's list reads (a page, a search), " + line("during the populate", duringReads))
        } catch {
            print("populate-beside: \(error)")
        }
    }
}
