#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What running another program gave.
public enum ProgramOutcome: Equatable, Sendable {
    /// It ran and ended with this status (127 from `sh -c`: the command was not found).
    case exited(Int32)
    /// There is no such program.
    case notFound
    /// It could not be started, or ended by a signal.
    case failed(String)
}

/// Runs a program with the terminal handed over to it and waits for it (the card's Compose and
/// Open link); the tests give a recorder instead.
public typealias ProgramRunner = @MainActor @Sendable (_ arguments: [String]) -> ProgramOutcome

/// Whether a program (a bare name, looked for on `PATH`, or a path) is there to run; asked before
/// the terminal is handed over, so a missing one is said on the app's status line and no shell
/// prints "not found" over the screen. The tests give their own answer.
public typealias ProgramFinder = @MainActor @Sendable (_ name: String) -> Bool

/// Starts a program found on `PATH` and waits for it, as `system(3)` does: the app ignores
/// ^C, ^\\ and ^Z meanwhile (they are the program's), the program gets their defaults.
enum ExternalProgram {
    /// Whether `name` is an executable file: a name with a "/" as it is, else in a folder of
    /// `PATH` (as `posix_spawnp` and the shell look for it; an empty `PATH` entry is the current folder).
    static func isInstalled(_ name: String, path: String? = getenv("PATH").map { String(cString: $0) }) -> Bool {
        guard !name.isEmpty else { return false }
        if name.contains("/") { return isExecutableFile(name) }
        let folders = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false)
        return folders.contains { isExecutableFile(($0.isEmpty ? "." : String($0)) + "/" + name) }
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }

    /// The program a shell command line starts: its first word (after any `NAME=value`
    /// assignments), its quotes taken off; nil when there is none.
    static func programName(inCommand command: String) -> String? {
        var word = "", quote: Character?, started = false
        var words: [(text: String, quoted: Bool)] = []
        var quoted = false
        for c in command {
            if let q = quote {
                if c == q { quote = nil } else { word.append(c) }
            } else if c == "\"" || c == "'" {
                quote = c; started = true; quoted = true
            } else if c == " " || c == "\t" {
                if started { words.append((word, quoted)); word = ""; started = false; quoted = false }
            } else {
                word.append(c); started = true
            }
        }
        if started { words.append((word, quoted)) }
        let name = words.first { !(!$0.quoted && $0.text.contains("=") && !$0.text.hasPrefix("=")) }?.text
        return name?.isEmpty == false ? name : nil
    }

    static func run(_ arguments: [String]) -> ProgramOutcome {
        guard let name = arguments.first else { return .failed("no program") }
        let taken = [SIGINT, SIGQUIT, SIGTSTP]
        typealias Action = sigaction
        var saved = [Action](repeating: Action(), count: taken.count)
        var ignore = Action()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&ignore.sa_mask)
        for (i, sig) in taken.enumerated() { sigaction(sig, &ignore, &saved[i]) }
        defer { for (i, sig) in taken.enumerated() { sigaction(sig, &saved[i], nil) } }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for sig in taken { sigaddset(&defaults, sig) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        let started = posix_spawnp(&pid, name, nil, &attributes, &argv, environ)
        if started == ENOENT { return .notFound }
        guard started == 0 else { return .failed(String(cString: strerror(started))) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .failed(String(cString: strerror(errno))) }
        }
        // WIFEXITED / WEXITSTATUS, as the C macros have it.
        if status & 0x7F == 0 { return .exited((status >> 8) & 0xFF) }
        return .failed("ended by signal \(status & 0x7F)")
    }
}
