import AppServices
import Storage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a user sees: the release app in a real pseudo-terminal (120x40,
/// TERM=xterm-256color), the friends popup over N friends, driven by the
/// issue's 1,142 keys (Down x500, PgDn x20, End, Up x100, PgUp x20, Home,
/// Down x500), each key answered (output quiet for 5 ms) before the next.
/// Reports the child's CPU for the keys (from /proc), bytes it wrote, key to
/// answer median/p99 and peak RSS (VmHWM); then abook (when installed) on the
/// same names and keys, and the ratios: in rounds (each program runs the whole
/// script in turn) and in passes where both run at once and take each key in
/// turn (`PtySession`), so the machine's changing speed meets both alike.
/// `switchboard-bench pty` (1,000), `pty-1m` (1,000,000).
enum PtyBenchmark {
    struct Result {
        var cpuSeconds: Double
        /// The part of `cpuSeconds` spent in the kernel (stime).
        var systemSeconds: Double = 0
        var bytes: Int
        var latencies: [Double] // ms
        var peakRSSMiB: Double
        /// Of the memory at the end, the program's own code (its executable's r-xp mapping), kB:
        /// what a stale symbol ordering file (Modules/Link/switchboard.order) makes grow.
        var codeKiB: Int = 0
        var firstFrameMS: Double
        /// Start to the read that brings the first screen's text ("Signed in as"; abook: the first name), ms.
        var firstBurstMS: Double = 0
        /// The keys before the script (F: the friends popup opens), key to answer, ms.
        var beforeMS: [Double] = []
        var unanswered: Int
        /// Key to answer for the End key (index 520 of the script), ms.
        var endMS: Double?
        var median: Double { percentile(0.5) }
        var p99: Double { percentile(0.99) }
        func percentile(_ p: Double) -> Double {
            guard !latencies.isEmpty else { return 0 }
            let s = latencies.sorted()
            return s[min(s.count - 1, Int(Double(s.count - 1) * p))]
        }
    }

    static let down = "\u{1B}OB", up = "\u{1B}OA", pageDown = "\u{1B}[6~", pageUp = "\u{1B}[5~"
    static let home = "\u{1B}OH", end = "\u{1B}OF"

    /// The 1,142 keys.
    static var keys: [String] {
        Array(repeating: down, count: 500) + Array(repeating: pageDown, count: 20) + [end]
            + Array(repeating: up, count: 100) + Array(repeating: pageUp, count: 20) + [home]
            + Array(repeating: down, count: 500)
    }

    @MainActor static func run(count: Int) {
        let file = BenchFile(name: "pty")
        defer { file.remove() }
        var names: [String] = []
        var accountID: Int64 = 0
        do {
            _ = try file.make { db, account throws(ServiceError) in
                accountID = account.id
                var generator = ContactGenerator(seed: 7)
                try SQLiteContactsStore(database: db, accountID: account.id).addMany(count: count, generator: &generator, friendPercent: 100)
            }
            let db = try SQLiteDatabase(path: file.path)
            let statement = try db.prepare("SELECT first_name || ' ' || last_name FROM contacts ORDER BY sort_key, id")
            while try statement.step() { names.append(statement.text(0)) }
        } catch {
            print("pty \(count): \(error)")
            return
        }
        let home = file.folder + "/home"
        mkdir(home, 0o700)
        let bench = CommandLine.arguments[0]
        let folder = bench.contains("/") ? String(bench[..<bench.lastIndex(of: "/")!]) : "."
        let app = folder + "/switchboard"
        print("pty \(count): \(app) --db … in a 120x40 pty, \(keys.count) keys, each answered before the next; \(rounds) rounds, switchboard and abook in turn")
        guard let first = drive([app, "--db", file.path, "--splash-ms", "0"], home: home, ready: "Signed in as", before: ["F"]) else { return }
        report("switchboard", first, count: count)
        // The first screen again with the user's animations off: no fade from the (empty) splash to Main.
        do {
            let settings = SQLiteSettingsStore(database: try SQLiteDatabase(path: file.path))
            var off = try settings.settings(for: accountID)
            off.animations = false
            try settings.save(off, for: accountID)
        } catch { print("pty \(count): \(error)") }
        if let quick = drive([app, "--db", file.path, "--splash-ms", "0"], home: home, ready: "Signed in as", before: ["F"], keys: [], traceName: "switchboard-animations-off") {
            print(String(format: "pty %d: switchboard, animations off: first screen %.1f ms; F (the popup opens) %.1f ms", count, quick.firstBurstMS, quick.beforeMS.first ?? -1))
        }
        let abookPath = "/usr/bin/abook"
        guard access(abookPath, X_OK) == 0 else { print("pty \(count): abook is not installed; no comparison"); return }
        let data = file.folder + "/addressbook"
        var text = "[format]\nprogram=abook\nversion=0.6.1\n\n"
        for (i, name) in names.enumerated() { text += "[\(i)]\nname=\(name)\nemail=friend\(i)@example.org\n\n" }
        guard let f = fopen(data, "w") else { return }
        fputs(text, f)
        fclose(f)
        // Rounds in turn, so that both programs meet the machine's changing speed alike.
        var pairs: [(mine: Result, theirs: Result)] = []
        for round in 1...rounds {
            let mine: Result
            if round == 1 { mine = first } else {
                guard let again = drive([app, "--db", file.path, "--splash-ms", "0"], home: home, ready: "Signed in as", before: ["F"]) else { return }
                mine = again
                report("switchboard", mine, count: count)
            }
            guard let theirs = drive([abookPath, "--datafile", data, "--config", "/dev/null"], home: home, ready: names.first ?? "", before: []) else { return }
            report("abook", theirs, count: count)
            pairs.append((mine, theirs))
            print("pty \(count): round \(round): switchboard / abook: " + ratios(mine, theirs))
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        func medianResult(_ results: [Result]) -> Result {
            var r = results[0]
            r.cpuSeconds = median(results.map(\.cpuSeconds)); r.systemSeconds = median(results.map(\.systemSeconds))
            r.bytes = Int(median(results.map { Double($0.bytes) }))
            r.peakRSSMiB = median(results.map(\.peakRSSMiB))
            r.latencies = [median(results.map(\.median))] // so that .median reads the median of the medians
            return r
        }
        let mine = medianResult(pairs.map(\.mine)), theirs = medianResult(pairs.map(\.theirs))
        print(String(format: "pty %d: median of %d rounds: switchboard CPU %.3f s, %d bytes, key median %.3f ms, peak RSS %.1f MiB; abook CPU %.3f s, %d bytes, key median %.3f ms, peak RSS %.1f MiB",
                     count, rounds, mine.cpuSeconds, mine.bytes, mine.median, mine.peakRSSMiB, theirs.cpuSeconds, theirs.bytes, theirs.median, theirs.peakRSSMiB))
        func ratioOfMedians(_ mine: [Double], _ theirs: [Double]) -> String {
            String(format: "%.2fx", median(zip(mine, theirs).map { $0 / max($1, 1e-9) }))
        }
        let cpu = ratioOfMedians(pairs.map(\.mine.cpuSeconds), pairs.map(\.theirs.cpuSeconds))
        let bytes = ratioOfMedians(pairs.map { Double($0.mine.bytes) }, pairs.map { Double($0.theirs.bytes) })
        let key = ratioOfMedians(pairs.map(\.mine.median), pairs.map(\.theirs.median))
        let rss = ratioOfMedians(pairs.map(\.mine.peakRSSMiB), pairs.map(\.theirs.peakRSSMiB))
        print("pty \(count): median of the \(rounds) rounds' ratios: CPU \(cpu), bytes \(bytes), key median \(key), peak RSS \(rss)")

        // Keys in turn: both programs running, each key to one and then the other.
        guard turnPasses > 0 else { return }
        var turns: [(mine: Result, theirs: Result)] = []
        for pass in 1...turnPasses {
            guard let me = PtySession([app, "--db", file.path, "--splash-ms", "0"], home: home, ready: "Signed in as", before: ["F"]),
                  let them = PtySession([abookPath, "--datafile", data, "--config", "/dev/null"], home: home, ready: names.first ?? "", before: [])
            else { return }
            let pair = driveInTurn(me, them)
            turns.append(pair)
            print(String(format: "pty %d: keys in turn, pass %d: switchboard CPU %.3f s, key median %.3f ms; abook CPU %.3f s, key median %.3f ms; switchboard / abook: ",
                         count, pass, pair.mine.cpuSeconds, pair.mine.median, pair.theirs.cpuSeconds, pair.theirs.median) + ratios(pair.mine, pair.theirs))
        }
        let turnCPU = ratioOfMedians(turns.map(\.mine.cpuSeconds), turns.map(\.theirs.cpuSeconds))
        let turnKey = ratioOfMedians(turns.map(\.mine.median), turns.map(\.theirs.median))
        let turnBytes = ratioOfMedians(turns.map { Double($0.mine.bytes) }, turns.map { Double($0.theirs.bytes) })
        print("pty \(count): keys in turn, median of the \(turnPasses) passes' ratios: CPU \(turnCPU), bytes \(turnBytes), key median \(turnKey)")
    }

    /// How many times the two programs take the keys in turn: `SWITCHBOARD_PTY_TURNS`, 3 unless set (0: none).
    static var turnPasses: Int { getenv("SWITCHBOARD_PTY_TURNS").flatMap { Int(String(cString: $0)) }.map { max(0, $0) } ?? 3 }

    /// How many times each program runs the keys: `SWITCHBOARD_PTY_ROUNDS`, 5 unless set.
    static var rounds: Int { getenv("SWITCHBOARD_PTY_ROUNDS").flatMap { Int(String(cString: $0)) }.map { max(1, $0) } ?? 5 }

    static func ratios(_ mine: Result, _ theirs: Result) -> String {
        func ratio(_ a: Double, _ b: Double) -> String { b > 0 ? String(format: "%.2fx", a / b) : "—" }
        return "CPU \(ratio(mine.cpuSeconds, theirs.cpuSeconds)), bytes \(ratio(Double(mine.bytes), Double(theirs.bytes))), median \(ratio(mine.median, theirs.median)), p99 \(ratio(mine.p99, theirs.p99)), peak RSS \(ratio(mine.peakRSSMiB, theirs.peakRSSMiB))"
    }

    static func report(_ who: String, _ r: Result, count: Int) {
        print(String(format: "pty %d: %@: first screen (start to the read that brings its text) %.1f ms, settled (300 ms quiet) %.1f ms%@; CPU for the keys %.3f s (kernel %.2f s); bytes %d (%.0f a key); key to answer median %.3f ms, p99 %.3f ms; End %.3f ms; peak RSS (VmHWM) %.1f MiB (%d kB of it its own code); unanswered keys %d",
                     count, who, r.firstBurstMS, r.firstFrameMS, r.beforeMS.isEmpty ? "" : String(format: "; F (the popup opens) %.1f ms", r.beforeMS[0]), r.cpuSeconds, r.systemSeconds, r.bytes, Double(r.bytes) / Double(keys.count), r.median, r.p99, r.endMS ?? -1, r.peakRSSMiB, r.codeKiB, r.unanswered))
        if who == "switchboard", r.codeKiB > codeWarningKiB {
            print("pty \(count): switchboard's own code resident \(r.codeKiB) kB (over \(codeWarningKiB) kB): is Modules/Link/switchboard.order stale? `.ci/hot-order --check` says; `.ci/hot-order` makes it again")
        }
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    }

    /// Reads until the output has been quiet for `quiet` ms (after waiting up
    /// to `first` ms for the first byte); returns the bytes and when the last came.
    static func answer(_ fd: Int32, first: Int32, quiet: Int32, trace: UnsafeMutablePointer<FILE>? = nil) -> (bytes: Int, last: Double?) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var total = 0
        var last: Double?
        var wait = first
        while true {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let rc = poll(&p, 1, wait)
            if rc <= 0 { break }
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            if let trace { fwrite(buffer, 1, n, trace) }
            total += n
            last = now()
            wait = quiet
        }
        return (total, last)
    }

    /// Reads until what arrived holds `text` (the first screen has been drawn); returns
    /// the ms from `start` to that read (10 s at most).
    static func waitFor(_ text: String, on fd: Int32, from start: Double, trace: UnsafeMutablePointer<FILE>?) -> Double {
        var buffer = [UInt8](repeating: 0, count: 65536), seen: [UInt8] = []
        let needle = Array(text.utf8)
        while now() - start < 10_000 {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 1_000) > 0 else { continue }
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            if let trace { fwrite(buffer, 1, n, trace) }
            seen += buffer[0..<n]
            if needle.isEmpty || seen.count >= needle.count && (0...(seen.count - needle.count)).contains(where: { seen[$0..<($0 + needle.count)].elementsEqual(needle) }) {
                return now() - start
            }
        }
        return now() - start
    }

    /// Time on a CPU of a process, in seconds: the sum over its threads of /proc/PID/task/TID/schedstat
    /// (nanoseconds; /proc/PID/stat's utime and stime come in 10 ms ticks), and stime alone (ticks).
    static func cpuTimes(_ pid: pid_t) -> (total: Double, system: Double) {
        let ticks = tickTimes(pid)
        guard let tasks = opendir("/proc/\(pid)/task") else { return ticks }
        defer { closedir(tasks) }
        var nanoseconds = 0.0, found = false
        while let entry = readdir(tasks) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            guard name.first?.isNumber == true, let f = fopen("/proc/\(pid)/task/\(name)/schedstat", "r") else { continue }
            var line = [CChar](repeating: 0, count: 128)
            if fgets(&line, 128, f) != nil, let first = String(nulTerminated: line).split(separator: " ").first, let ns = Double(first) {
                nanoseconds += ns
                found = true
            }
            fclose(f)
        }
        return found ? (nanoseconds / 1e9, ticks.system) : ticks
    }

    /// utime + stime and stime alone of a process, in seconds (from /proc/PID/stat, 10 ms ticks).
    static func tickTimes(_ pid: pid_t) -> (total: Double, system: Double) {
        guard let f = fopen("/proc/\(pid)/stat", "r") else { return (0, 0) }
        defer { fclose(f) }
        var line = [CChar](repeating: 0, count: 2048)
        guard fgets(&line, 2048, f) != nil else { return (0, 0) }
        let s = String(nulTerminated: line)
        guard let close = s.lastIndex(of: ")") else { return (0, 0) }
        let fields = s[s.index(after: close)...].split(separator: " ")
        // After the name: state(0) ... utime(11) stime(12)
        guard fields.count > 12, let u = Double(fields[11]), let k = Double(fields[12]) else { return (0, 0) }
        let tick = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ((u + k) / tick, k / tick)
    }

    /// The executable's own code resident at the end (SQLite's included: it is linked in), over
    /// which the report warns: 3.7-3.9 MB when the order file is fresh, 4.7-4.9 MB when it had
    /// fallen behind the code (issue 52, 7 Dec, main 028c2f8).
    static let codeWarningKiB = 4_300

    /// Rss of the program's own code: the r-xp mappings of its executable (`/proc/PID/exe`), kB.
    static func codeKiB(_ pid: pid_t) -> Int {
        var target = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/\(pid)/exe", &target, target.count - 1)
        guard length > 0, let f = fopen("/proc/\(pid)/smaps", "r") else { return 0 }
        defer { fclose(f) }
        let exe = String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var line = [CChar](repeating: 0, count: 4096)
        var inCode = false, total = 0
        while fgets(&line, 4096, f) != nil {
            let s = String(nulTerminated: line).filter { $0 != "\n" }
            let fields = s.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), fields.count >= 5 { // a mapping's first line
                inCode = fields[1] == "r-xp" && s.hasSuffix(exe)
            } else if inCode, s.hasPrefix("Rss:") {
                total += fields.dropFirst().compactMap { Int($0) }.first ?? 0
            }
        }
        return total
    }

    static func peakRSSMiB(_ pid: pid_t) -> Double {
        guard let f = fopen("/proc/\(pid)/status", "r") else { return 0 }
        defer { fclose(f) }
        var line = [CChar](repeating: 0, count: 512)
        while fgets(&line, 512, f) != nil {
            let s = String(nulTerminated: line)
            if s.hasPrefix("VmHWM:") {
                let kb = s.split(separator: " ").compactMap { Double($0) }.first ?? 0
                return kb / 1024
            }
        }
        return 0
    }

    /// Starts `argv` on a new 120x40 pty, waits for its first screen, sends
    /// `before` (unmeasured), then the keys; ends it with SIGTERM.
    static func drive(_ argv: [String], home: String, ready: String, before: [String], keys: [String] = PtyBenchmark.keys,
                      traceName: String? = nil) -> Result? {
        guard let session = PtySession(argv, home: home, ready: ready, before: before, traceName: traceName) else { return nil }
        for key in keys { session.send(key) }
        return session.finish()
    }

    /// Both programs at once, each on its own pty, taking the keys in turn (a key to
    /// switchboard and its answer, then the same key to abook and its answer): what the
    /// machine's changing speed does to one, it does to the other within milliseconds.
    static func driveInTurn(_ mine: PtySession, _ theirs: PtySession) -> (mine: Result, theirs: Result) {
        for key in keys {
            mine.send(key)
            theirs.send(key)
        }
        return (mine.finish(), theirs.finish())
    }
}
