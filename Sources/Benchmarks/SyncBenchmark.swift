#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The release `switchboard sync` as cron runs it (process start included), against a throwaway
/// Radicale (or with --xandikos a Xandikos) on 127.0.0.1 (`.ci/carddav start`, run from the repository's root): a first sync of
/// 10,000 cards into a fresh data file (time, requests, peak memory), then a sync with nothing new
/// (median of 5: time and requests). With `vdirsyncer` on the PATH, its first sync of the same
/// collection into a fresh folder is timed beside ours, in turn, `--rounds N` times (3; not with
/// --no-vdirsyncer), with the server's own CPU time for each.
/// `switchboard-bench sync [COUNT] [--rounds N] [--no-vdirsyncer] [--xandikos]`.
enum SyncBenchmark {
    /// The last line `command` prints (`/bin/sh -c`), nil when it fails.
    static func lastLine(of command: String) -> String? {
        guard let pipe = popen(command, "r") else { return nil }
        var text: [UInt8] = []
        while true { let c = getc(pipe); if c == EOF { break }; text.append(UInt8(c)) }
        guard pclose(pipe) == 0 else { return nil }
        return String(decoding: text, as: UTF8.self).split(separator: "\n").last.map(String.init)
    }

    /// The whole of a small file.
    static func read(_ path: String) -> String {
        guard let f = fopen(path, "rb") else { return "" }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        while true { let c = fgetc(f); if c == EOF { break }; bytes.append(UInt8(c)) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// "N requests" from `switchboard sync --verbose`'s account line.
    static func requests(in output: String) -> Int {
        number(before: "requests,", in: output)
    }

    /// The milliseconds the requests waited for the server ("(N ms waiting for the server)").
    static func serverMilliseconds(in output: String) -> Int {
        number(before: "ms waiting", in: output)
    }

    /// The number before the word `word` (or words) in the account line, -1 when there is none.
    static func number(before word: String, in output: String) -> Int {
        guard let line = output.split(separator: "\n").first(where: { $0.contains(" requests, ") }) else { return -1 }
        let words = line.split(separator: " ").map(String.init)
        let wanted = word.split(separator: " ").map(String.init)
        for at in words.indices.dropFirst() where Array(words[at...].prefix(wanted.count)) == wanted {
            return Int(words[at - 1].drop { $0 == "(" }) ?? -1
        }
        return -1
    }

    /// Runs `command` (`/bin/sh -c`, which should `exec` the program measured) with its output
    /// to /dev/null; wall milliseconds, exit status and the program's peak RSS.
    static func measure(_ command: String) -> InterchangeBenchmark.Run {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [String] = ["/bin/sh", "-c", command]
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        guard posix_spawn(&pid, "/bin/sh", &actions, nil, &cArgs, environ) == 0 else { return .init(milliseconds: -1, status: -1, maxRSSKiB: 0) }
        posix_spawn_file_actions_destroy(&actions)
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000
        return .init(milliseconds: Measurement.milliseconds(clock.now - start), status: (status >> 8) & 0xFF, maxRSSKiB: usage.ru_maxrss, cpuMilliseconds: cpu)
    }

    /// The CPU milliseconds process `pid` has used so far (/proc/PID/stat's utime + stime), 0 when unknown.
    static func processCPU(_ pid: Int32) -> Double {
        let stat = read("/proc/\(pid)/stat")
        guard let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the name: state is field 3, utime 14, stime 15 (1-based over the whole line).
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) * 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    static func run() {
        let count = CommandLine.arguments.dropFirst(2).prefix { !$0.hasPrefix("--") }.compactMap { Int($0) }.first ?? 10_000
        let withVdirsyncer = !CommandLine.arguments.contains("--no-vdirsyncer")
        let rounds = CommandLine.arguments.firstIndex(of: "--rounds").flatMap { at in
            CommandLine.arguments.dropFirst(at + 1).first.flatMap { Int($0) } } ?? 3
        let folder = "/tmp/switchboard-bench-sync-\(getpid())"
        mkdir(folder, 0o700)
        let xandikos = CommandLine.arguments.contains("--xandikos")
        let serverName = xandikos ? "Xandikos" : "Radicale"
        let serverFolder = folder + (xandikos ? "/xandikos" : "/radicale")
        guard let base = lastLine(of: ".ci/carddav start '\(serverFolder)'\(xandikos ? " --xandikos" : "") 2>/dev/null") else {
            print("sync: could not start \(serverName) (.ci/carddav start; run from the repository's root)")
            return
        }
        defer { _ = system(".ci/carddav stop '\(serverFolder)' >/dev/null 2>&1; rm -rf '\(folder)'") }

        // The collection: `count` cards as a phone writes them.
        func card(_ i: Int) -> String {
            "BEGIN:VCARD\r\nVERSION:3.0\r\nPRODID:-//bench//EN\r\nUID:bench-\(i)\r\nFN:Person \(i) Bench\r\nN:Bench;Person \(i);;;\r\n"
                + "TEL;TYPE=CELL:+44 20 7946 \(i % 10_000)\r\nEMAIL;TYPE=INTERNET:person\(i)@example.com\r\nNOTE:card \(i)\\, benchmarked\r\n"
                + "X-BENCH:\(i)\r\nitem1.URL:https://example.com/\(i)\r\nitem1.X-ABLABEL:blog\r\nEND:VCARD\r\n"
        }
        let book: String
        if xandikos {
            // Xandikos keeps an address book as a git repository: the cards are committed into a
            // new one at once (10,000 PUTs would take minutes, each a commit).
            let path = serverFolder + "/collections/alice/contacts/bench"
            mkdir(path, 0o755)
            guard let marker = fopen(path + "/.xandikos", "wb") else { return }
            fputs("[DEFAULT]\ntype = addressbook\n", marker)
            fclose(marker)
            for i in 0..<count {
                guard let f = fopen(path + "/bench-\(i).vcf", "wb") else { return }
                fputs(card(i), f)
                fclose(f)
            }
            guard system("cd '\(path)' && git init -q && git add -A && git -c user.name=bench -c user.email=bench@example.com commit -qm bench") == 0 else {
                print("sync: the cards could not be committed into Xandikos's collection")
                return
            }
            book = base + "alice/contacts/bench/"
        } else {
            let cards = folder + "/cards.vcf"
            guard let file = fopen(cards, "wb") else { return }
            for i in 0..<count { fputs(card(i), file) }
            fclose(file)
            book = base + "alice/bench/"
            guard system("curl -sf -u 'alice:alice pw' -X PUT -H 'Content-Type: text/vcard' --data-binary @'\(cards)' '\(book)' -o /dev/null") == 0 else {
                print("sync: the cards could not be put on the server")
                return
            }
        }

        // Radicale reads every card of a collection it has not cached yet at the first request that
        // needs its ctag or token (minutes at 50,000 on a loaded machine, past the client's low-speed
        // timeout during `sync add`'s discovery): one PROPFIND of them first, so both clients meet a warm server.
        _ = system("curl -sf -u 'alice:alice pw' -X PROPFIND -H 'Depth: 0' -H 'Content-Type: application/xml' --data "
                   + "'<?xml version=\"1.0\"?><propfind xmlns=\"DAV:\" xmlns:CS=\"http://calendarserver.org/ns/\"><prop><CS:getctag/><sync-token/></prop></propfind>' "
                   + "'\(book)' -o /dev/null")
        let data = folder + "/data.sqlite3"
        let out = folder + "/out.txt"
        let serverPID = Int32(read(serverFolder + "/pid").split(separator: "\n").first.map(String.init) ?? "") ?? 0
        // Side by side: first syncs of the same collection, ours and vdirsyncer's in turn (who goes
        // first alternates), each into a fresh data file or folder, with the server's CPU for each.
        let vdirsyncer = withVdirsyncer ? VdirsyncerSide(folder: folder, book: book) : nil
        if withVdirsyncer, vdirsyncer == nil {
            print("sync: vdirsyncer is not on the PATH: its side of the comparison is skipped (pip install vdirsyncer)")
        }
        var ours: [InterchangeBenchmark.Run] = [], theirs: [InterchangeBenchmark.Run] = []
        var oursServer: [Double] = [], theirsServer: [Double] = []
        var firstOutput = ""
        for round in 0..<rounds {
            for side in (round % 2 == 0 ? [0, 1] : [1, 0]) {
                if side == 0 {
                    InterchangeBenchmark.freshDataFile(data)
                    let passwordCommand = "printf 'alice pw'"
                    let add = InterchangeBenchmark.spawn(["sync", "add", base, "--username", "alice", "--password-command", passwordCommand,
                                                          "--addressbook", "bench", "--db", data])
                    guard add.status == 0 else { print("sync: sync add failed (exit \(add.status))"); return }
                    let cpu0 = processCPU(serverPID)
                    let first = InterchangeBenchmark.spawn(["sync", "--verbose", "--db", data], output: out)
                    oursServer.append(processCPU(serverPID) - cpu0)
                    firstOutput = read(out)
                    ours.append(first)
                    print("sync: round \(round + 1), ours: first sync of \(count) cards from \(serverName): \(Int(first.milliseconds.rounded())) ms wall "
                          + "(\(serverMilliseconds(in: firstOutput)) ms waiting for the server), \(Int(first.cpuMilliseconds.rounded())) ms CPU, "
                          + "\(serverName)'s CPU \(Int(oursServer.last!.rounded())) ms, \(requests(in: firstOutput)) requests, peak RSS \(first.maxRSSKiB / 1024) MiB, "
                          + "exit \(first.status): \(firstOutput.split(separator: "\n").first ?? "")")
                } else if let vdirsyncer {
                    let cpu0 = processCPU(serverPID)
                    let first = vdirsyncer.firstSync()
                    theirsServer.append(processCPU(serverPID) - cpu0)
                    theirs.append(first)
                    print("sync: round \(round + 1), vdirsyncer: first sync of the same \(count) cards: \(Int(first.milliseconds.rounded())) ms wall, "
                          + "\(Int(first.cpuMilliseconds.rounded())) ms CPU, \(serverName)'s CPU \(Int(theirsServer.last!.rounded())) ms, "
                          + "peak RSS \(first.maxRSSKiB / 1024) MiB (exit \(first.status))")
                }
            }
        }
        let oursWall = InterchangeBenchmark.median(ours.map(\.milliseconds))
        print("sync: first sync of \(count) cards, median of \(rounds): ours \(Int(oursWall.rounded())) ms wall, "
              + "\(Int(InterchangeBenchmark.median(ours.map(\.cpuMilliseconds)).rounded())) ms CPU, \(serverName)'s CPU "
              + "\(Int(InterchangeBenchmark.median(oursServer).rounded())) ms")
        if !theirs.isEmpty {
            let theirsWall = InterchangeBenchmark.median(theirs.map(\.milliseconds))
            print("sync: first sync of \(count) cards, median of \(rounds): vdirsyncer \(Int(theirsWall.rounded())) ms wall, "
                  + "\(Int(InterchangeBenchmark.median(theirs.map(\.cpuMilliseconds)).rounded())) ms CPU, \(serverName)'s CPU "
                  + "\(Int(InterchangeBenchmark.median(theirsServer).rounded())) ms; ours takes "
                  + "\(String(Int((oursWall / theirsWall * 100).rounded())))% of vdirsyncer's wall time")
        }
        var times: [Double] = [], server: [Double] = [], counts: [Int] = [], peaks: [Int] = []
        for _ in 0..<5 {
            let again = InterchangeBenchmark.spawn(["sync", "--verbose", "--db", data], output: out)
            let output = read(out)
            times.append(again.milliseconds)
            server.append(Double(serverMilliseconds(in: output)))
            counts.append(requests(in: output))
            peaks.append(again.maxRSSKiB)
        }
        let wall = InterchangeBenchmark.median(times), waited = InterchangeBenchmark.median(server)
        print("sync: a sync with nothing new (median of 5, process start included): \(Int(wall.rounded())) ms, of which "
              + "\(Int(waited.rounded())) ms waiting for \(serverName)'s answer and \(Int((wall - waited).rounded())) ms ours; "
              + "\(counts.max() ?? -1) requests, peak RSS \((peaks.max() ?? 0) / 1024) MiB")

        guard let vdirsyncer else { return }
        var vTimes: [Double] = [], vPeaks: [Int] = []
        for _ in 0..<3 {
            let again = vdirsyncer.sync()
            vTimes.append(again.milliseconds)
            vPeaks.append(again.maxRSSKiB)
        }
        print("sync: vdirsyncer's sync with nothing new (median of 3): \(Int(InterchangeBenchmark.median(vTimes).rounded())) ms, "
              + "peak RSS \((vPeaks.max() ?? 0) / 1024) MiB")
    }
}

/// vdirsyncer (from PyPI) syncing the benchmark's address book into a folder: the peer measured
/// beside `switchboard sync`.
struct VdirsyncerSide {
    let folder: String
    let book: String
    private var config: String { folder + "/vdirsyncer.conf" }

    /// nil when there is no vdirsyncer on the PATH.
    init?(folder: String, book: String) {
        guard system("command -v vdirsyncer >/dev/null 2>&1") == 0 else { return nil }
        self.folder = folder
        self.book = book
    }

    /// A first sync into a fresh folder (its status and the folder removed, then discovered again).
    func firstSync() -> InterchangeBenchmark.Run {
        _ = system("rm -rf '\(folder)/vdir' '\(folder)/vdir-status'")
        mkdir(folder + "/vdir", 0o700)
        let text = """
            [general]
            status_path = "\(folder)/vdir-status/"
            [pair bench]
            a = "bench_local"
            b = "bench_remote"
            collections = null
            [storage bench_local]
            type = "filesystem"
            path = "\(folder)/vdir/"
            fileext = ".vcf"
            [storage bench_remote]
            type = "carddav"
            url = "\(book)"
            username = "alice"
            password = "alice pw"

            """
        guard let f = fopen(config, "wb") else { return .init(milliseconds: -1, status: -1, maxRSSKiB: 0) }
        fputs(text, f)
        fclose(f)
        _ = system("VDIRSYNCER_CONFIG='\(config)' vdirsyncer discover bench >/dev/null 2>&1 </dev/null")
        return sync()
    }

    /// `vdirsyncer sync` once, as it stands.
    func sync() -> InterchangeBenchmark.Run {
        SyncBenchmark.measure("VDIRSYNCER_CONFIG='\(config)' exec vdirsyncer sync bench")
    }
}
