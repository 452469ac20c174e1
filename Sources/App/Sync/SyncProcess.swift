import AppServices
import TUIKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `switchboard sync …` child process under way.
@MainActor
public protocol SyncProcessHandle: AnyObject {
    /// Whether it has not ended yet.
    var isRunning: Bool { get }
    /// Ends it now (Esc on the set-up form): its `onExit` still comes, with nil.
    func cancel()
}

/// Starts `switchboard sync …` as a child process: the network (libcurl, libxml2) and the sync's
/// memory stay out of the app's own process. `input` goes to the child's standard input (the
/// passwords typed in the app: never an argument), then it is closed; each line of the protocol
/// the child prints (`SyncChildLine`) comes to `onLine` on the run loop, and `onExit` gets the
/// exit code (nil: it could not be started or was ended by a signal). The tests give a fake.
@MainActor
public protocol SyncProcessStarting: AnyObject {
    func start(_ arguments: [String], input: String, onLine: @escaping @MainActor (SyncChildLine) -> Void,
               onExit: @escaping @MainActor (Int32?) -> Void) -> SyncProcessHandle
}

/// The real child: posix_spawn of the app's own executable, its standard output read through a
/// run loop watch (the loop wakes when a line comes; it never waits on the child), its standard
/// error thrown away (the `error` lines say what went wrong). It ends with the app: its
/// descriptor 3 is a pipe only the app holds the other end of (`--lifeline-fd 3`), which the
/// kernel closes when the app ends however it ends, and the child then leaves at once.
@MainActor
public final class ChildSyncProcesses: SyncProcessStarting {
    /// The program (the app's own: `/proc/self/exe`) and what goes before the sync's own
    /// arguments (`--db PATH`, after them).
    let executable: String
    let commonArguments: [String]
    let scheduler: Scheduler
    /// What goes to each child's standard input before its own input (on a shared directory the
    /// member's sign-in line: never an argument, which `ps` would show).
    public var inputPrefix: (@MainActor () -> String)?

    public init(executable: String, commonArguments: [String], scheduler: Scheduler) {
        self.executable = executable
        self.commonArguments = commonArguments
        self.scheduler = scheduler
    }

    public func start(_ arguments: [String], input: String, onLine: @escaping @MainActor (SyncChildLine) -> Void,
                      onExit: @escaping @MainActor (Int32?) -> Void) -> SyncProcessHandle {
        let child = ChildSyncProcess(scheduler: scheduler, onLine: onLine, onExit: onExit)
        child.spawn(executable: executable, arguments: ["switchboard"] + arguments + commonArguments + ["--lifeline-fd", "3"],
                    input: (inputPrefix?() ?? "") + input)
        return child
    }
}

/// One child process and the reading of its output.
@MainActor
final class ChildSyncProcess: SyncProcessHandle {
    private let scheduler: Scheduler
    private let onLine: @MainActor (SyncChildLine) -> Void
    private let onExit: @MainActor (Int32?) -> Void
    private var pid: pid_t = 0
    private var output: Int32 = -1
    /// The app's end of the child's lifeline (see `ChildSyncProcesses`): held, never written, until the child has ended.
    private var lifeline: Int32 = -1
    private var watch: DescriptorWatch?
    private var pending: [UInt8] = []
    private(set) var isRunning = false

    init(scheduler: Scheduler, onLine: @escaping @MainActor (SyncChildLine) -> Void, onExit: @escaping @MainActor (Int32?) -> Void) {
        self.scheduler = scheduler
        self.onLine = onLine
        self.onExit = onExit
    }

    func spawn(executable: String, arguments: [String], input: String) {
        var toChild: [Int32] = [-1, -1], fromChild: [Int32] = [-1, -1], life: [Int32] = [-1, -1]
        guard pipe(&toChild) == 0 else { finishSoon(nil); return }
        guard pipe(&fromChild) == 0 else { close(toChild[0]); close(toChild[1]); finishSoon(nil); return }
        guard pipe(&life) == 0 else { for fd in toChild + fromChild { close(fd) }; finishSoon(nil); return }
        // None of the six is inherited by another program the app starts (dup2 gives the child its own).
        for fd in toChild + fromChild + life { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, life[0], 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group: the terminal's ^C and ^Z are the app's, not the child's.
        var defaults = sigset_t()
        sigfillset(&defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var child = pid_t()
        let started = posix_spawn(&child, executable, &actions, &attributes, &argv, environ)
        close(toChild[0])
        close(fromChild[1])
        close(life[0])
        guard started == 0 else {
            close(toChild[1]); close(fromChild[0]); close(life[1])
            finishSoon(nil)
            return
        }
        pid = child
        lifeline = life[1]
        isRunning = true
        // The passwords: far less than a pipe holds, so this never waits; a child gone early is no signal to us.
        let previous = signal(SIGPIPE, SIG_IGN)
        var bytes = Array(input.utf8)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(toChild[1], buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 { if errno == EINTR { continue } else { break } }
                offset += n
            }
        }
        for i in bytes.indices { bytes[i] = 0 } // the password does not linger in this process's memory
        signal(SIGPIPE, previous)
        close(toChild[1])
        output = fromChild[0]
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
        // The watch holds this object until the child has ended (nobody else need keep it).
        watch = scheduler.watch(descriptor: { [self] in output >= 0 ? output : nil }) { [self] in readAvailable() }
    }

    /// Reads what the child printed; hands over whole lines; at the end of its output, waits for it.
    private func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while output >= 0 {
            let n = read(output, &buffer, buffer.count)
            if n > 0 {
                pending.append(contentsOf: buffer[0..<n])
                deliverLines()
                continue
            }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
            if n < 0 && errno == EINTR { continue }
            // End of output (or a read that failed): the child is ending.
            close(output)
            output = -1
            watch?.cancel()
            watch = nil
            if !pending.isEmpty { pending.append(0x0A); deliverLines() }
            reap()
        }
    }

    private func deliverLines() {
        while let end = pending.firstIndex(of: 0x0A) {
            let line = String(decoding: pending[..<end], as: UTF8.self)
            pending.removeSubrange(...end)
            if let parsed = SyncChildLine(line: line) { onLine(parsed) }
        }
    }

    /// Collects the child's exit without waiting: again a moment later while it has not exited.
    private func reap() {
        var status: Int32 = 0
        let done = waitpid(pid, &status, WNOHANG)
        if done == 0 {
            scheduler.after(.milliseconds(20)) { [self] in reap() }
            return
        }
        isRunning = false
        endLifeline()
        if done < 0 { onExit(nil); return }
        onExit(status & 0x7F == 0 ? (status >> 8) & 0xFF : nil)
    }

    /// Ends the child: its lifeline closed (it leaves at once), and SIGTERM in case it is stuck elsewhere.
    func cancel() {
        guard isRunning else { return }
        endLifeline()
        kill(pid, SIGTERM)
    }

    private func endLifeline() {
        if lifeline >= 0 { close(lifeline) }
        lifeline = -1
    }

    private func finishSoon(_ code: Int32?) {
        scheduler.after(.zero) { [onExit] in onExit(code) }
    }
}
