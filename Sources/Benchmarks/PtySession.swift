#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One program on its own 120x40 pseudo-terminal, for `PtyBenchmark`: started
/// and brought to its first screen (and past the unmeasured keys before the
/// script), then sent keys one at a time, each answered (output quiet for
/// 5 ms) before the next; `finish()` ends it with SIGTERM and returns what
/// was measured. Two sessions can take the script's keys in turn.
final class PtySession {
    let pid: pid_t
    /// The pty's master side (a benchmark that reads the screen itself reads it here).
    let master: Int32
    private let trace: UnsafeMutablePointer<FILE>?
    private let traceDirectory: String?
    private let name: String
    private(set) var result: PtyBenchmark.Result
    private var cpuAtStart: (total: Double, system: Double) = (0, 0)
    private var keysSent = 0

    /// Starts `argv`, waits for `ready` on its screen and the screen to settle, sends `before`.
    /// `columns` x `rows`: the pty's size (120x40 unless given); `environment`: more variables.
    init?(_ argv: [String], home: String, ready: String, before: [String], traceName: String? = nil,
          columns: Int = 120, rows: Int = 40, environment: [String] = []) {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        var nameBuffer = [CChar](repeating: 0, count: 256)
        guard openpty(&master, &slave, &nameBuffer, nil, &size) == 0 else { print("pty: openpty failed"); return nil }
        let slaveName = String(nulTerminated: nameBuffer)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, master)
        posix_spawn_file_actions_addopen(&actions, 0, slaveName, O_RDWR, 0) // the first tty opened after setsid: the controlling one
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, slave)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, 0x80 /* POSIX_SPAWN_SETSID */)
        let env = ["TERM=xterm-256color", "HOME=\(home)", "XDG_DATA_HOME=\(home)", "XDG_CONFIG_HOME=\(home)",
                   "LANG=C.UTF-8", "PATH=/usr/bin:/bin", "COLUMNS=\(columns)", "LINES=\(rows)"] + environment
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = env.map { strdup($0) } + [nil]
        defer { for p in cArgs + cEnv { free(p) } }
        var pid: pid_t = 0
        let start = PtyBenchmark.now()
        guard posix_spawn(&pid, argv[0], &actions, &attributes, &cArgs, &cEnv) == 0 else {
            print("pty: cannot start \(argv[0])")
            close(master); close(slave)
            return nil
        }
        close(slave)
        self.pid = pid
        self.master = master
        let name = traceName ?? argv[0].split(separator: "/").last.map(String.init) ?? "app"
        self.name = name
        // SWITCHBOARD_PTY_TRACE=DIR: everything the program wrote, raw, into DIR/NAME.trace,
        // each key's answer after a line "\n=== key N\n" (N from 0), the first screen before them.
        let directory = getenv("SWITCHBOARD_PTY_TRACE").map { String(cString: $0) }
        traceDirectory = directory
        let trace = directory.flatMap { fopen($0 + "/" + name + ".trace", "w") }
        self.trace = trace
        result = PtyBenchmark.Result(cpuSeconds: 0, bytes: 0, latencies: [], peakRSSMiB: 0, firstFrameMS: 0, unanswered: 0)
        result.firstBurstMS = PtyBenchmark.waitFor(ready, on: master, from: start, trace: trace)
        if let trace { fputs("\n=== first screen\n", trace) }
        let first = PtyBenchmark.answer(master, first: 300, quiet: 300, trace: trace)
        result.firstFrameMS = (first.last ?? PtyBenchmark.now()) - start
        for key in before {
            let t0 = PtyBenchmark.now()
            _ = key.withCString { write(master, $0, strlen($0)) }
            let a = PtyBenchmark.answer(master, first: 2_000, quiet: 5, trace: trace)
            result.beforeMS.append((a.last ?? t0) - t0)
            _ = PtyBenchmark.answer(master, first: 300, quiet: 300, trace: trace)
        }
        cpuAtStart = PtyBenchmark.cpuTimes(pid)
    }

    /// Sends one key of the script and waits for its answer.
    func send(_ key: String) {
        let t0 = PtyBenchmark.now()
        if let trace { fputs("\n=== key \(keysSent)\n", trace) }
        _ = key.withCString { write(master, $0, strlen($0)) }
        let a = PtyBenchmark.answer(master, first: 1_000, quiet: 5, trace: trace)
        result.bytes += a.bytes
        if let last = a.last {
            result.latencies.append(last - t0)
            if keysSent == 520 { result.endMS = last - t0 }
        } else {
            result.unanswered += 1
        }
        keysSent += 1
    }

    /// The CPU the keys took and the peak RSS; the program is ended.
    func finish() -> PtyBenchmark.Result {
        let cpu = PtyBenchmark.cpuTimes(pid)
        result.cpuSeconds = cpu.total - cpuAtStart.total
        result.systemSeconds = cpu.system - cpuAtStart.system
        result.peakRSSMiB = PtyBenchmark.peakRSSMiB(pid)
        result.codeKiB = PtyBenchmark.codeKiB(pid)
        if let traceDirectory { // where the memory is, mapping by mapping
            _ = system("cat /proc/\(pid)/smaps > '\(traceDirectory)/\(name).smaps'")
        }
        if let trace { fclose(trace) }
        kill(pid, SIGTERM)
        _ = PtyBenchmark.answer(master, first: 500, quiet: 100)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(master)
        return result
    }
}
