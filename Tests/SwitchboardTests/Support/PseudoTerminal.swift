import Foundation
import TUIKitTesting
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `switchboard` run on a real pseudo-terminal: what it writes is
/// read from the master side (and fed to a `TerminalEmulator`), keys are
/// written to it. Waiting is for a condition on the screen, with a deadline;
/// nothing sleeps a fixed time.
final class PseudoTerminal {
    enum Failure: Error, CustomStringConvertible {
        case openFailed(String)
        case timedOut(String, screen: String)
        var description: String {
            switch self {
            case .openFailed(let why): "could not open a pseudo-terminal: \(why)"
            case .timedOut(let what, let screen): "timed out waiting for \(what); the screen was:\n\(screen)"
            }
        }
    }

    let process = Process()
    let screen: TerminalEmulator
    /// Every byte the program wrote, in order.
    private(set) var written: [UInt8] = []
    private let master: Int32

    /// Starts `executable` with `arguments` on a `columns`x`rows` terminal of type `term`.
    init(executable: URL, arguments: [String], term: String, columns: Int, rows: Int, environment: [String: String] = [:]) throws {
        let m = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard m >= 0, LibC.grantpt(m) == 0, LibC.unlockpt(m) == 0, let name = LibC.ptsname(m) else { throw Failure.openFailed(String(cString: strerror(errno))) }
        let slave = open(String(cString: name), O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw Failure.openFailed(String(cString: strerror(errno))) }
        master = m
        try Self.setSize(m, columns: columns, rows: rows)
        screen = TerminalEmulator(columns: columns, rows: rows, joinsEmojiSequences: term.hasPrefix("tmux"))
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = term
        env.removeValue(forKey: "LINES")
        env.removeValue(forKey: "COLUMNS")
        env["LANG"] = "C.UTF-8"
        env.removeValue(forKey: "TMUX")
        for (k, v) in environment { env[k] = v }
        process.executableURL = executable
        process.arguments = arguments
        process.environment = env
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    /// A new window size, and SIGWINCH as the kernel would send it to a foreground process.
    func resize(columns: Int, rows: Int) throws {
        try Self.setSize(master, columns: columns, rows: rows)
        screen.resize(columns: columns, rows: rows)
        kill(process.processIdentifier, SIGWINCH)
    }

    private static func setSize(_ fd: Int32, columns: Int, rows: Int) throws {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard LibC.ioctl(fd, UInt(TIOCSWINSZ), &size) == 0 else { throw Failure.openFailed("TIOCSWINSZ: " + String(cString: strerror(errno))) }
    }

    deinit {
        // Closed first: a child blocked writing to a full terminal gets an error, not a wait forever.
        close(master)
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
    }

    /// Writes keys as the terminal would send them.
    func send(_ bytes: String) {
        let data = Array(bytes.utf8)
        _ = data.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Feeds what arrives to the emulator until `condition` holds on it (or `seconds` pass).
    func wait(for what: String, seconds: Double = 10, until condition: (TerminalEmulator) -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition(screen) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Failure.timedOut(what, screen: screen.text) }
            readAvailable(waitingUpTo: min(left, 0.2))
        }
    }

    /// Reads whatever arrives for `seconds` (an idle app sends nothing); returns how many bytes came.
    @discardableResult
    func collect(forSeconds seconds: Double) -> Int {
        let before = written.count
        let deadline = Date().addingTimeInterval(seconds)
        while deadline.timeIntervalSinceNow > 0 { readAvailable(waitingUpTo: min(deadline.timeIntervalSinceNow, 0.2)) }
        return written.count - before
    }

    /// Reads until the process ends (after `q`, say), feeding the emulator.
    func waitForExit(seconds: Double = 10) throws -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning {
            guard deadline.timeIntervalSinceNow > 0 else { throw Failure.timedOut("the process to end", screen: screen.text) }
            readAvailable(waitingUpTo: 0.1)
        }
        readAvailable(waitingUpTo: 0)
        process.waitUntilExit()
        return process.terminationStatus
    }

    private func readAvailable(waitingUpTo seconds: Double) {
        var fds = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&fds, 1, Int32(seconds * 1000)) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard n > 0 else { return }
            written += buffer[0..<n]
            screen.feed(buffer[0..<n])
        }
    }
}

/// The C library's pseudo-terminal calls, which the Glibc module leaves out
/// (they need _XOPEN_SOURCE; ioctl is variadic), looked up by name.
private enum LibC {
    private static func function<T>(_ name: String, as type: T.Type) -> T {
        guard let symbol = dlsym(nil, name) else { fatalError("no \(name) in the C library") } // nil: RTLD_DEFAULT
        return unsafeBitCast(symbol, to: type)
    }
    static let grantpt = function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    static let unlockpt = function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    static let ptsname = function("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
    static let ioctl = function("ioctl", as: (@convention(c) (Int32, UInt, UnsafeMutableRawPointer) -> Int32).self)
}
