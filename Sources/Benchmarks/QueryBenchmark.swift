#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `switchboard query` as a mail client runs it (issue 50), process start included: the time
/// to its first line and to its whole answer, for mutt's format (whose first line is the count,
/// so comes with the whole) and aerc's (written as it is read), at 100,000 and 1,000,000
/// contacts; beside `abook --mutt-query` on the same contacts (its file made by `abook
/// --convert` from the export) and, with `--khard` at 100,000, `khard email --parsable` (a
/// vdir of one file a card). Median of 7 runs (khard: one). Then, at each size, the same after
/// `switchboard harvest` has read a sent maildir of messages to one in 25 of the addresses
/// `jo`, `ma` and `gö` find (1 to 5 messages each), so the answer is ranked by the mail written.
/// `--sizes N,N` chooses the sizes (100000,1000000 unless given).
enum QueryBenchmark {
    struct Timing { var first: Double; var whole: Double; var lines: Int }

    /// Runs `argv` with its standard output on a pipe: when the first line came and the last.
    static func time(_ argv: [String], environment: [String]) -> Timing {
        var pipes: [Int32] = [0, 0]
        guard pipe(&pipes) == 0 else { return Timing(first: -1, whole: -1, lines: 0) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipes[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipes[0])
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = environment.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) }; cEnv.forEach { free($0) } }
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        let spawned = posix_spawnp(&pid, argv[0], &actions, nil, &cArgs, &cEnv)
        posix_spawn_file_actions_destroy(&actions)
        close(pipes[1])
        defer { close(pipes[0]) }
        guard spawned == 0 else { return Timing(first: -1, whole: -1, lines: 0) }
        var first: Double?, lines = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(pipes[0], $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            let newlines = buffer[..<n].reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
            if first == nil && newlines > 0 { first = Measurement.milliseconds(clock.now - start) }
            lines += newlines
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let whole = Measurement.milliseconds(clock.now - start)
        return Timing(first: first ?? whole, whole: whole, lines: lines)
    }

    static func median(_ runs: [Timing]) -> Timing {
        let firsts = runs.map(\.first).sorted(), wholes = runs.map(\.whole).sorted()
        return Timing(first: firsts[runs.count / 2], whole: wholes[runs.count / 2], lines: runs.last?.lines ?? 0)
    }

    static func report(_ what: String, _ t: Timing) {
        print("  \(what): first line \(String(format1(t.first))) ms, whole answer \(String(format1(t.whole))) ms, \(t.lines) lines")
        fflush(nil)
    }

    static func format1(_ value: Double) -> String { String(Double(Int(value * 10)) / 10) }

    static func run() {
        let folder = "/tmp/switchboard-bench-query-\(getpid())"
        mkdir(folder, 0o700)
        mkdir(folder + "/home", 0o700)
        defer { _ = system("rm -rf '\(folder)'") }
        let environment = ["SWITCHBOARD_PASSWORD_COST=1", "HOME=\(folder)/home", "LANG=C.UTF-8", "PATH=/usr/local/bin:/usr/bin:/bin"]
        let khard = CommandLine.arguments.contains("--khard")
        let hasAbook = system("command -v abook >/dev/null 2>&1") == 0
        var sizes = [100_000, 1_000_000]
        if let at = CommandLine.arguments.firstIndex(of: "--sizes"), at + 1 < CommandLine.arguments.count {
            sizes = CommandLine.arguments[at + 1].split(separator: ",").compactMap { Int($0) }
        }
        for count in sizes {
            let db = folder + "/book-\(count).sqlite3"
            InterchangeBenchmark.freshDataFile(db)
            let populated = InterchangeBenchmark.spawn(["populate", "--contacts", String(count), "--db", db])
            var info = stat()
            stat(db, &info)
            print("populate --contacts \(count): \(format1(populated.milliseconds / 1000)) s, data file \(info.st_size / 1_000_000) MB")
            let cards = folder + "/cards-\(count).vcf", abookFile = folder + "/abook-\(count)"
            if hasAbook {
                _ = InterchangeBenchmark.spawn(["export", "--format", "vcard3", "--db", db], output: cards)
                _ = system("abook --convert --informat vcard --infile '\(cards)' --outformat abook --outfile '\(abookFile)' >/dev/null 2>&1")
            }
            if khard && count == 100_000 {
                _ = system("mkdir -p '\(folder)/vdir' && cd '\(folder)/vdir' && awk '/^BEGIN:VCARD/{n++} {print > (n \".vcf\")}' '\(cards)'")
                _ = system("printf '[addressbooks]\\n[[book]]\\npath = \(folder)/vdir\\n' > '\(folder)/khard.conf'")
            }
            print("query at \(count) contacts (median of 7, process start included):")
            for query in ["jo", "ma", "gö", "ada lovelace", "kierkegaard"] {
                let app = StartupBenchmark.executable
                report("switchboard query \(query)                 ", median((0..<7).map { _ in time([app, "query", query, "--db", db], environment: environment) }))
                report("switchboard query --format aerc \(query)   ", median((0..<7).map { _ in time([app, "query", "--format", "aerc", query, "--db", db], environment: environment) }))
                if hasAbook {
                    report("abook --mutt-query \(query)                ", median((0..<7).map { _ in time(["abook", "--datafile", abookFile, "--mutt-query", query], environment: environment) }))
                }
                if khard && count == 100_000 {
                    report("khard email --parsable \(query) (one run)  ", time(["khard", "-c", folder + "/khard.conf", "email", "--parsable", query], environment: environment))
                }
            }
            let sent = harvestSent(folder: folder, db: db, count: count)
            print("query at \(count) contacts after a harvest of \(sent) sent messages (median of 7, process start included):")
            for query in ["jo", "ma", "gö"] {
                let app = StartupBenchmark.executable
                report("switchboard query \(query)                 ", median((0..<7).map { _ in time([app, "query", query, "--db", db], environment: environment) }))
                report("switchboard query --format aerc \(query)   ", median((0..<7).map { _ in time([app, "query", "--format", "aerc", query, "--db", db], environment: environment) }))
            }
        }
    }

    /// Writes a sent maildir of messages to one in 25 of the addresses `jo`, `ma` and `gö` find
    /// (1 to 5 messages each, a day apart) and harvests it; the number of messages.
    static func harvestSent(folder: String, db: String, count: Int) -> Int {
        let sent = folder + "/sent-\(count)"
        for sub in ["", "/cur", "/new", "/tmp"] { mkdir(sent + sub, 0o700) }
        var messages = 0
        for query in ["jo", "ma", "gö"] {
            let answer = folder + "/answer-\(count)"
            _ = InterchangeBenchmark.spawn(["query", "--format", "aerc", query, "--db", db], output: answer)
            guard let file = fopen(answer, "r") else { continue }
            var line: UnsafeMutablePointer<CChar>?, capacity = 0, n = 0
            while getline(&line, &capacity, file) > 0 {
                n += 1
                guard n % 25 == 0, let line else { continue }
                let address = String(cString: line).split(separator: "\t").first.map(String.init) ?? ""
                for copy in 0..<(n % 5 + 1) {
                    messages += 1
                    guard let out = fopen(sent + "/cur/\(1_764_000_000 + messages).M\(messages)P1.bench:2,S", "w") else { continue }
                    fputs("From: Ada <ada@analytical.example>\nTo: \(address)\nDate: Mon, \(1 + copy) Dec 2026 10:00:00 +0000\n"
                          + "Message-ID: <\(messages)@bench.example>\nSubject: bench\n\nhello\n", out)
                    fclose(out)
                }
            }
            free(line)
            fclose(file)
        }
        let run = InterchangeBenchmark.spawn(["harvest", sent, "--sent", sent, "--db", db])
        print("harvest of \(messages) sent messages: \(format1(run.milliseconds)) ms, exit \(run.status)")
        return messages
    }
}
