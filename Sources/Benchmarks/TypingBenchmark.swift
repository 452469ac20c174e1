import AppServices
import Foundation
import Storage
import TUIKitTesting
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 51's "typing never waits", as a person at the terminal sees it: the release app on a
/// 100x30 pty (TERM=xterm-256color), its output read back through `TerminalEmulator`, and for each
/// key the time from the key to the **echo** (the typed text in the search field; for `B`, `d` and
/// the delete's Enter, the first change on screen) and to the **results** (the list's rows as they
/// stay: the last change of the rows before 700 ms without output; the title's count and the scroll
/// bar are left out, since an exact count follows a pause). The keys: `/`, then `e` `x` `a` `m`
/// one at a time, Esc, `@` `e` `x` `a`, Esc, `example.org` pasted in one write, Esc Esc; `d`, Left,
/// Enter (a delete confirmed) and `u` (undone); Esc and `B` (Birthdays).
///
/// `switchboard-bench typing` (100,000 contacts), `typing-1m` (1,000,000). Environment:
/// `SWITCHBOARD_TYPING_APPS` — programs to compare, separated by `:`, run in turn each round (the
/// bench's own folder's `switchboard` unless set); `SWITCHBOARD_TYPING_ROUNDS` (5; 0: only the
/// searches on the store, `measureSearches`);
/// `SWITCHBOARD_TYPING_DB` — a data file kept between runs (made there when missing), or a team
/// directory's `postgresql://` member connection string (filled by `switchboard populate`; the
/// member signs in at Log In with `SWITCHBOARD_TYPING_PASSWORD`).
enum TypingBenchmark {
    /// One key (or a paste) and what shows that it was taken.
    struct Step {
        let name: String
        let bytes: String
        /// Whether it is measured (the keys between, such as Esc, only settle).
        var measured = true
        /// The text the search field shows once the key is echoed (nil: any change on screen).
        var field: String?
        /// Whether the results' rows take in the title row (a delete's new count).
        var withTitle = false
    }

    struct Timing {
        var echo: Double?
        var results: Double?
        /// Key to the first change of the title row (a delete's new count).
        var title: Double?
    }

    static var steps: [Step] {
        var steps = [Step(name: "/", bytes: "/", measured: false)]
        func typed(_ text: String) {
            var so = ""
            for ch in text {
                so.append(ch)
                steps.append(Step(name: "\(text): \(ch)", bytes: String(ch), field: so))
            }
            steps.append(Step(name: "Esc", bytes: "\u{1B}", measured: false))
        }
        typed("exam")
        typed("@exa")
        steps.append(Step(name: "paste example.org", bytes: "example.org", field: "example.org"))
        steps.append(Step(name: "Esc", bytes: "\u{1B}", measured: false))
        steps.append(Step(name: "Esc", bytes: "\u{1B}", measured: false))
        steps.append(Step(name: "d (the confirm)", bytes: "d"))
        steps.append(Step(name: "Left", bytes: "\u{1B}OD", measured: false))
        steps.append(Step(name: "Enter (delete)", bytes: "\r", withTitle: true))
        steps.append(Step(name: "u", bytes: "u", measured: false))
        steps.append(Step(name: "Esc", bytes: "\u{1B}", measured: false))
        steps.append(Step(name: "B (Birthdays)", bytes: "B", withTitle: true))
        steps.append(Step(name: "Esc", bytes: "\u{1B}", measured: false))
        return steps
    }

    static let columns = 100, rows = 30

    @MainActor static func run(count: Int) {
        let environment = { (name: String) in getenv(name).map { String(cString: $0) } }
        var made: BenchFile?
        let path: String
        if let kept = environment("SWITCHBOARD_TYPING_DB") {
            path = kept
            if !kept.hasPrefix("postgresql:"), access(kept, F_OK) != 0 {
                print("typing \(count): making \(kept) (kept for the next runs)")
                guard fill(path: kept, count: count) else { return }
            }
        } else {
            let file = BenchFile(name: "typing")
            made = file
            guard fill(path: file.path, count: count) else { return }
            path = file.path
        }
        defer { made?.remove() }
        let bench = CommandLine.arguments[0]
        let folder = bench.contains("/") ? String(bench[..<bench.lastIndex(of: "/")!]) : "."
        let apps = environment("SWITCHBOARD_TYPING_APPS").map { $0.split(separator: ":").map(String.init) } ?? [folder + "/switchboard"]
        let rounds = environment("SWITCHBOARD_TYPING_ROUNDS").flatMap { Int($0) }.map { max(0, $0) } ?? 5
        let home = "/tmp/switchboard-bench-typing-home-\(getpid())"
        mkdir(home, 0o700)
        defer { _ = system("rm -rf '\(home)'") }
        var stdin: String?
        if path.hasPrefix("postgresql:") {
            stdin = environment("SWITCHBOARD_TYPING_PASSWORD") ?? "benchmark"
        }
        measureSearches(path: path, count: count)
        print("typing \(count): \(path.hasPrefix("postgresql:") ? "a shared directory" : "a data file"), \(columns)x\(rows) pty, \(rounds) rounds; programs in turn: \(apps.joined(separator: ", "))")
        var timings: [String: [String: [Timing]]] = [:] // app -> step -> rounds
        guard rounds > 0 else { return }
        for round in 1...rounds {
            for app in apps {
                guard let measured = drive(app: app, path: path, home: home, signIn: stdin) else { print("typing \(count): \(app) did not start"); continue }
                for (name, timing) in measured { timings[app, default: [:]][name, default: []].append(timing) }
                print("typing \(count): round \(round): \(app): " + measured.filter { $0.0.contains(": ") }.map {
                    String(format: "%@ %.0f/%.0f", $0.0, $0.1.echo ?? -1, $0.1.results ?? -1)
                }.joined(separator: ", ") + " ms (echo/results)")
            }
        }
        func median(_ values: [Double]) -> Double { values.isEmpty ? -1 : values.sorted()[values.count / 2] }
        for app in apps {
            print("typing \(count): \(app): median of \(rounds) rounds, key to echo / key to results (ms):")
            for step in steps where step.measured {
                let all = timings[app]?[step.name] ?? []
                let title = step.withTitle ? String(format: "  (title changed: %.1f)", median(all.compactMap(\.title))) : ""
                print(String(format: "typing %d:   %-22@ %7.1f / %7.1f", count, step.name, median(all.compactMap(\.echo)), median(all.compactMap(\.results))) + title)
            }
        }
    }

    /// The searches themselves, on the store with no screen: each prefix of the keys typed, as the
    /// list asks (the first 200 and a count up to 1,200, one read), and the exact count it asks once
    /// typing pauses; 8 rounds, the first warming the cache and not counted; median and slowest.
    @MainActor static func measureSearches(path: String, count: Int) {
        let store: any ContactsService
        do {
            if path.hasPrefix("postgresql:") {
                let db = try PostgresDatabase(uri: path)
                guard let id = try db.connection.scalarInt("SELECT id FROM accounts WHERE username_key = lower(current_user)") else { return }
                store = PostgresContactsStore(database: db, accountID: id)
            } else {
                let db = try SQLiteDatabase(path: path)
                guard let account = try SQLiteAccountStore(database: db).savedSession() else { return }
                store = SQLiteContactsStore(database: db, accountID: account.id)
            }
        } catch {
            print("typing \(count): \(error)")
            return
        }
        let clock = ContinuousClock()
        func ms(_ d: Duration) -> Double { Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }
        for query in ["e", "ex", "exa", "exam", "@exa", "example.org", "7946", "lon"] {
            var page: [Double] = [], exact: [Double] = []
            for round in 0..<8 {
                let t0 = clock.now
                _ = try? store.page(matching: query, offset: 0, limit: 200, countingUpTo: 1_200)
                let t1 = clock.now
                let n = (try? store.count(matching: query)) ?? -1
                let t2 = clock.now
                if round > 0 { page.append(ms(t1 - t0)); exact.append(ms(t2 - t1)) }
                if round == 7 {
                    page.sort(); exact.sort()
                    print(String(format: "typing %d: search %-13@ page + count to 1,200: median %6.2f ms, max %6.2f; exact count (%d): median %7.2f ms, max %7.2f",
                                 count, "“\(query)”", page[page.count / 2], page.last!, n, exact[exact.count / 2], exact.last!))
                }
            }
        }
    }

    /// Makes a data file of `count` contacts (the generator the other benchmarks use), signed in.
    @MainActor static func fill(path: String, count: Int) -> Bool {
        do {
            let db = try SQLiteDatabase(path: path)
            let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
            let account = try accounts.createAccount(username: "bench", password: "benchmark", now: 1)
            try accounts.saveSession(accountID: account.id, now: 1)
            var generator = ContactGenerator(seed: 51)
            try SQLiteContactsStore(database: db, accountID: account.id).addMany(count: count, generator: &generator, friendPercent: 10)
            return true
        } catch {
            print("typing \(count): \(error)")
            return false
        }
    }

    /// One run of the steps; each measured step's timing by its name.
    @MainActor static func drive(app: String, path: String, home: String, signIn: String?) -> [(String, Timing)]? {
        // A home of its own each run: a team member signs in at Log In each time (no session kept from the last run).
        let home = home + "/run-\(PtyBenchmark.now())"
        mkdir(home, 0o700)
        guard let session = PtySession([app, "--db", path, "--splash-ms", "0"], home: home, ready: signIn == nil ? "Signed in as" : "Log In",
                                       before: [], columns: columns, rows: rows) else { return nil }
        let screen = TerminalEmulator(columns: columns, rows: rows)
        // The first screen as the session read it is gone: a full redraw (^L) is not what is measured,
        // so the screen is read from the next key on, after the contacts list opens and settles.
        if let signIn { _ = observe(session, screen, Step(name: "", bytes: signIn + "\r")) } // Log In: the member's password
        _ = observe(session, screen, Step(name: "C", bytes: "C"))
        var out: [(String, Timing)] = []
        for step in steps {
            let timing = observe(session, screen, step)
            if step.measured { out.append((step.name, timing)) }
        }
        _ = session.finish()
        return out
    }

    /// Sends `step` and reads the screen until 700 ms pass without output (5 s at most).
    @MainActor static func observe(_ session: PtySession, _ screen: TerminalEmulator, _ step: Step) -> Timing {
        let titleBefore = screen.line(0)
        let t0 = PtyBenchmark.now()
        _ = step.bytes.withCString { write(session.master, $0, strlen($0)) }
        var timing = Timing()
        var seen: [(time: Double, rows: [String])] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var wait: Int32 = 3_000
        while PtyBenchmark.now() - t0 < 5_000 {
            var p = pollfd(fd: session.master, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, wait) > 0 else { break }
            let n = read(session.master, &buffer, buffer.count)
            if n <= 0 { break }
            let t = PtyBenchmark.now() - t0
            screen.feed(Array(buffer[0..<n]))
            if timing.echo == nil {
                if let field = step.field {
                    if trimmed(screen.line(2)) == field { timing.echo = t }
                } else {
                    timing.echo = t
                }
            }
            if timing.title == nil, screen.line(0) != titleBefore { timing.title = t }
            seen.append((t, listRows(screen, withTitle: step.withTitle)))
            wait = 700
        }
        if let last = seen.last?.rows {
            var i = seen.count - 1
            while i > 0, seen[i - 1].rows == last { i -= 1 }
            timing.results = seen[i].time
        }
        return timing
    }

    /// The list's rows (without the scroll bar's columns), and the title row where asked.
    static func listRows(_ screen: TerminalEmulator, withTitle: Bool) -> [String] {
        ((withTitle ? 0 : 3)..<(rows - 1)).map { y in y == 1 || y == 2 ? "" : String(screen.line(y).prefix(columns - 3)) }
    }

    static func trimmed(_ text: String) -> String {
        var s = Substring(text)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
