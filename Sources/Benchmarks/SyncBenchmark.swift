#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The release `switchboard sync` as cron runs it (process start included), against a throwaway
/// Radicale on 127.0.0.1 (`.ci/carddav start`, run from the repository's root): a first sync of
/// 10,000 cards into a fresh data file (time, requests, peak memory), then a sync with nothing new
/// (median of 5: time and requests). With `vdirsyncer` on the PATH, its first sync of the same
/// collection into a folder is timed beside it. `switchboard-bench sync [COUNT]`.
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
        guard let line = output.split(separator: "\n").first(where: { $0.hasSuffix(" ms") }),
              let words = Optional(line.split(separator: " ")), let at = words.firstIndex(of: "requests,") else { return -1 }
        return Int(words[words.index(before: at)]) ?? -1
    }

    static func run() {
        let count = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 10_000
        let folder = "/tmp/switchboard-bench-sync-\(getpid())"
        mkdir(folder, 0o700)
        let server = folder + "/radicale"
        guard let base = lastLine(of: ".ci/carddav start '\(server)' 2>/dev/null") else {
            print("sync: could not start Radicale (.ci/carddav start; run from the repository's root)")
            return
        }
        defer { _ = system(".ci/carddav stop '\(server)' >/dev/null 2>&1; rm -rf '\(folder)'") }

        // The collection: `count` cards as a phone writes them, put in one request.
        let cards = folder + "/cards.vcf"
        guard let file = fopen(cards, "wb") else { return }
        for i in 0..<count {
            let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nPRODID:-//bench//EN\r\nUID:bench-\(i)\r\nFN:Person \(i) Bench\r\nN:Bench;Person \(i);;;\r\n"
                + "TEL;TYPE=CELL:+44 20 7946 \(i % 10_000)\r\nEMAIL;TYPE=INTERNET:person\(i)@example.com\r\nNOTE:card \(i)\\, benchmarked\r\n"
                + "X-BENCH:\(i)\r\nitem1.URL:https://example.com/\(i)\r\nitem1.X-ABLABEL:blog\r\nEND:VCARD\r\n"
            fputs(card, file)
        }
        fclose(file)
        let book = base + "alice/bench/"
        guard system("curl -sf -u 'alice:alice pw' -X PUT -H 'Content-Type: text/vcard' --data-binary @'\(cards)' '\(book)' -o /dev/null") == 0 else {
            print("sync: the cards could not be put on the server")
            return
        }

        let data = folder + "/data.sqlite3"
        InterchangeBenchmark.freshDataFile(data)
        let passwordCommand = "printf 'alice pw'"
        let add = InterchangeBenchmark.spawn(["sync", "add", base, "--username", "alice", "--password-command", passwordCommand,
                                              "--addressbook", "bench", "--db", data])
        guard add.status == 0 else { print("sync: sync add failed (exit \(add.status))"); return }
        let out = folder + "/out.txt"
        let first = InterchangeBenchmark.spawn(["sync", "--verbose", "--db", data], output: out)
        let firstOutput = read(out)
        print("sync: first sync of \(count) cards from Radicale: \(Int((first.milliseconds).rounded())) ms wall, "
              + "\(Int((first.cpuMilliseconds).rounded())) ms CPU, \(requests(in: firstOutput)) requests, peak RSS \(first.maxRSSKiB / 1024) MiB, "
              + "exit \(first.status): \(firstOutput.split(separator: "\n").first ?? "")")
        var times: [Double] = [], counts: [Int] = []
        for _ in 0..<5 {
            let again = InterchangeBenchmark.spawn(["sync", "--verbose", "--db", data], output: out)
            times.append(again.milliseconds)
            counts.append(requests(in: read(out)))
        }
        print("sync: a sync with nothing new (median of 5, process start included): \(Int((InterchangeBenchmark.median(times)).rounded())) ms, "
              + "\(counts.max() ?? -1) requests")

        // vdirsyncer, if there is one, on the same collection.
        guard system("command -v vdirsyncer >/dev/null 2>&1") == 0 else {
            print("sync: vdirsyncer is not on the PATH: its side of the comparison is skipped (pip install vdirsyncer)")
            return
        }
        let config = folder + "/vdirsyncer.conf"
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
        guard let f = fopen(config, "wb") else { return }
        fputs(text, f)
        fclose(f)
        mkdir(folder + "/vdir", 0o700)
        _ = system("VDIRSYNCER_CONFIG='\(config)' vdirsyncer discover bench >/dev/null 2>&1 </dev/null")
        let clock = ContinuousClock()
        let started = clock.now
        let status = system("VDIRSYNCER_CONFIG='\(config)' vdirsyncer sync bench >/dev/null 2>&1 </dev/null")
        print("sync: vdirsyncer's first sync of the same \(count) cards: \(Int((Measurement.milliseconds(clock.now - started)).rounded())) ms wall (exit \(status >> 8))")
    }
}
