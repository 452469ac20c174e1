#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Process start → a screen's first frame, on a real pseudo-terminal: the
/// release `switchboard` is spawned on a pty and its output is read until a
/// word of that screen arrives.
enum StartupBenchmark {
    /// The `switchboard` binary next to this benchmark.
    static var executable: String {
        let me = CommandLine.arguments[0]
        let folder = me.contains("/") ? String(me[..<me.lastIndex(of: "/")!]) : "."
        return folder + "/switchboard"
    }

    /// Milliseconds from spawn to `marker` on the pty, or nil when it never came (5 s).
    static func timeToScreen(arguments: [String], marker: String, dataFolder: String) -> Double? {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { return nil }
        defer { close(master) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_adddup2(&actions, slave, fd) }
        posix_spawn_file_actions_addclose(&actions, master)
        let env = ["TERM=xterm-256color", "XDG_DATA_HOME=\(dataFolder)", "HOME=\(dataFolder)", "LANG=C.UTF-8"]
        let argv = [executable] + arguments
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = env.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) }; cEnv.forEach { free($0) } }
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        guard posix_spawn(&pid, executable, &actions, nil, &cArgs, &cEnv) == 0 else { return nil }
        posix_spawn_file_actions_destroy(&actions)
        close(slave)
        var seen: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let markerBytes = Array(marker.utf8)
        var found: Double?
        while clock.now - start < .seconds(5) {
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 50) > 0 else { continue }
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { break }
            seen += buffer[0..<n]
            if contains(seen, markerBytes) {
                found = Measurement.milliseconds(clock.now - start)
                break
            }
        }
        kill(pid, SIGTERM)
        // Keep reading so the child can write its restore sequences and exit.
        var status: Int32 = 0
        for _ in 0..<100 {
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 10) > 0 { _ = read(master, &buffer, buffer.count) }
            if waitpid(pid, &status, WNOHANG) == pid { return found }
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return found
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if Array(haystack[i..<(i + needle.count)]) == needle { return true }
        }
        return false
    }

    static func run() {
        guard access(executable, X_OK) == 0 else {
            print("startup: build the app first (swift build -c release); not found: \(executable)")
            return
        }
        let folder = "/tmp/switchboard-bench-startup-\(getpid())"
        mkdir(folder, 0o700)
        defer { _ = system("rm -rf '\(folder)'") }
        // The first run creates the database; measure warm starts after it, as a person's second launch.
        _ = timeToScreen(arguments: ["--splash-ms", "0"], marker: "Welcome", dataFolder: folder)
        for (name, arguments, marker, target) in [
            ("startup on a pty: process start to the splash's first frame", [String](), "terminal", 30.0),
            ("startup on a pty: process start to the login screen, --splash-ms 0", ["--splash-ms", "0"], "Welcome", 60.0),
        ] {
            var m = Measurement(name: name)
            for _ in 0..<25 {
                if let ms = timeToScreen(arguments: arguments, marker: marker, dataFolder: folder) {
                    m.samples.append(.nanoseconds(Int64(ms * 1_000_000)))
                }
            }
            m.report(target: target)
        }
    }
}
