#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The release `switchboard import`, `export` and `query` as a person runs them (process
/// start included): import of 10,000 and 100,000 exported cards into a fresh data file (time
/// and peak memory; median of 5), export of 100,000, and `query` at 1,000,000 contacts.
/// `--query-only` skips the imports and exports, `--import-only` the queries.
enum InterchangeBenchmark {
    struct Run { var milliseconds: Double; var status: Int32; var maxRSSKiB: Int; var cpuMilliseconds: Double = 0 }

    static func spawn(_ arguments: [String], output: String = "/dev/null") -> Run {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let env = ["SWITCHBOARD_PASSWORD_COST=1", "HOME=/nonexistent-home", "LANG=C.UTF-8"]
        let argv = [StartupBenchmark.executable] + arguments
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = env.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) }; cEnv.forEach { free($0) } }
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        guard posix_spawn(&pid, StartupBenchmark.executable, &actions, nil, &cArgs, &cEnv) == 0 else { return Run(milliseconds: -1, status: -1, maxRSSKiB: 0) }
        posix_spawn_file_actions_destroy(&actions)
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let ms = Measurement.milliseconds(clock.now - start)
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000
        return Run(milliseconds: ms, status: (status >> 8) & 0xFF, maxRSSKiB: usage.ru_maxrss, cpuMilliseconds: cpu)
    }

    static func freshDataFile(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        _ = spawn(["--headless", "--db", path, "--keys", #"wait:1s C-n wait:400ms "ada" Enter "analytical" Enter "analytical" Enter wait:400ms"#])
    }

    static func lineCount(_ path: String) -> Int {
        guard let f = fopen(path, "rb") else { return 0 }
        defer { fclose(f) }
        var n = 0
        while true { let c = fgetc(f); if c == EOF { break }; if c == 10 { n += 1 } }
        return n
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    static func run() {
        let folder = "/tmp/switchboard-bench-interchange-\(getpid())"
        mkdir(folder, 0o700)
        defer { _ = system("rm -rf '\(folder)'") }
        for count in CommandLine.arguments.contains("--query-only") ? [] : [10_000, 100_000] {
            let source = folder + "/source-\(count).sqlite3"
            freshDataFile(source)
            _ = spawn(["populate", "--contacts", String(count), "--db", source])
            let cards = folder + "/cards-\(count).vcf"
            let export = spawn(["export", "--db", source], output: cards)
            print("export of \(count) contacts (vCard 4.0): \(export.milliseconds.rounded()) ms, exit \(export.status), peak RSS \(export.maxRSSKiB / 1024) MiB")
            var times: [Double] = [], cpu: [Double] = []
            var peak = 0
            let runs = 5
            for i in 0..<runs {
                let target = folder + "/target-\(count)-\(i).sqlite3"
                freshDataFile(target)
                let r = spawn(["import", cards, "--db", target])
                times.append(r.milliseconds)
                cpu.append(r.cpuMilliseconds)
                peak = max(peak, r.maxRSSKiB)
                if r.status != 0 { print("import failed: exit \(r.status)") }
            }
            let target = count == 100_000 ? " (target ≤ 5000 ms: \(median(times) <= 5000 ? "met" : "NOT met"))" : ""
            print("import of \(count) cards into a fresh file: median \(median(times).rounded()) ms over \(runs) runs \(times.map { $0.rounded() }), CPU (user + system) median \(median(cpu).rounded()) ms, peak RSS \(peak / 1024) MiB\(target)")
            fflush(nil)
        }
        if CommandLine.arguments.contains("--import-only") { return }
        let big = folder + "/million.sqlite3"
        freshDataFile(big)
        let populate = spawn(["populate", "--contacts", "1000000", "--db", big])
        print("(populate 1,000,000: \(populate.milliseconds.rounded()) ms)")
        for query in ["ada lovelace", "kierkegaard", "zzzzq"] {
            var times: [Double] = []
            var status: Int32 = 0
            let answer = folder + "/answer.txt"
            for _ in 0..<21 {
                let r = spawn(["query", query, "--db", big], output: answer)
                times.append(r.milliseconds)
                status = r.status
            }
            let lines = max(0, lineCount(answer) - 1)
            print("query \(query) at 1,000,000 contacts (exit \(status), \(lines) address lines), process start included: median \(String(median(times))) ms over 21 runs (target ≤ 20 ms: \(median(times) <= 20 ? "met" : "NOT met"))")
            fflush(nil)
        }
    }
}
