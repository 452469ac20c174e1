import AppServices
import CardDAV
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command reads a password it must set (a team member's): the first line printed by a
/// `--password-command`, else standard input — typed twice, hidden, at a terminal; the first
/// line of a pipe. Never an argument (which `ps` shows).
struct PasswordInput {
    /// Why no password could be had; `text` says what to do. `command`: the password command's
    /// failure as a value, when a command was run (a sync child's `error` line carries it).
    struct Failure: Error, Equatable {
        let text: String
        var command: PasswordCommandFailure? = nil

        /// A password command's failure, in the command line's words.
        init(command: PasswordCommandFailure) {
            self.init(text: CommandLineMessage.line(for: command), command: command)
        }

        init(text: String, command: PasswordCommandFailure? = nil) {
            self.text = text
            self.command = command
        }
    }

    /// Reads one line from standard input (echo off at a terminal); nil at end of input.
    var readLine: (_ prompt: String?) -> String?
    /// Runs a shell command and returns its first line of output, or why it failed.
    var runCommand: (_ command: String) -> Result<String, Failure>

    /// The password for `name`.
    func password(for name: String, command: String?) -> Result<String, Failure> {
        let password: String
        if let command {
            switch runCommand(command) {
            case .success(let line): password = line
            case .failure(let why): return .failure(why)
            }
        } else {
            let atTerminal = isatty(STDIN_FILENO) == 1
            guard let first = readLine(atTerminal ? "Password for \(name): " : nil) else {
                return .failure(Failure(text: "no password on standard input for \(name): type it, pipe it in, or use --password-command CMD"))
            }
            if atTerminal {
                guard readLine("Again, to be sure: ") == first else { return .failure(Failure(text: "the two passwords differ; nothing was changed")) }
            }
            password = first
        }
        guard !password.isEmpty else { return .failure(Failure(text: "the password for \(name) is empty; nothing was changed")) }
        return .success(password)
    }

    /// The process's standard input and `/bin/sh -c` (a command killed after a minute).
    static var standard: PasswordInput { standard(commandTimeout: .seconds(60)) }

    /// The process's standard input and `/bin/sh -c`, a command killed when it has not ended
    /// within `commandTimeout` (a `pass` waiting on a locked agent, a script that never returns).
    static func standard(commandTimeout: Duration) -> PasswordInput {
        PasswordInput(readLine: hiddenLine, runCommand: { firstLine(of: $0, within: commandTimeout) })
    }

    /// A line from standard input, with the terminal's echo off while it is typed (and on again after).
    private static func hiddenLine(prompt: String?) -> String? {
        var saved = termios()
        let atTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
        if let prompt, atTerminal {
            writeToTerminal(prompt)
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        }
        defer {
            if prompt != nil, atTerminal {
                tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
                writeToTerminal("\n")
            }
        }
        return Swift.readLine(strippingNewline: true)
    }

    /// Text for the person typing, on standard error (standard output may be a pipe).
    private static func writeToTerminal(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(STDERR_FILENO, &bytes, bytes.count)
    }

    /// The first line `command` prints (`/bin/sh -c`), which must end well within `timeout`;
    /// past it the command (its whole process group, away from a terminal) is killed.
    static func firstLine(of command: String, within timeout: Duration) -> Result<String, Failure> {
        var fromCommand: [Int32] = [-1, -1]
        guard pipe(&fromCommand) == 0 else { return .failure(Failure(command: .couldNotStart(reason: String(cString: strerror(errno))))) }
        _ = fcntl(fromCommand[0], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fromCommand[1], 1)
        posix_spawn_file_actions_addclose(&actions, fromCommand[1])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, so that all of it can be killed — unless it may need the terminal
        // we are in the foreground of (a passphrase prompt): a background group could not read it.
        let atTerminal = isatty(STDIN_FILENO) == 1 && tcgetpgrp(STDIN_FILENO) == getpgrp()
        if !atTerminal {
            posix_spawnattr_setpgroup(&attributes, 0)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        }
        var argv: [UnsafeMutablePointer<CChar>?] = [String](["sh", "-c", command]).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var child = pid_t()
        let started = posix_spawn(&child, "/bin/sh", &actions, &attributes, &argv, environ)
        close(fromCommand[1])
        guard started == 0 else {
            close(fromCommand[0])
            return .failure(Failure(command: .couldNotStart(reason: String(cString: strerror(started)))))
        }
        let output = fromCommand[0]
        defer { close(output) }
        // Its output up to the end (the rest after the first line is read too, so the command is
        // not cut off mid-write), or until the time is up.
        let deadline = ContinuousClock.now + timeout
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        var timedOut = false
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { timedOut = true; break }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ms = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&descriptor, 1, ms)
            if ready < 0 { if errno == EINTR { continue }; break }
            if ready == 0 { continue }
            let n = read(output, &buffer, buffer.count)
            if n < 0 { if errno == EINTR { continue }; break }
            if n == 0 { break }
            if bytes.count < 64 << 10 { bytes += buffer[0..<n] }
        }
        if timedOut {
            kill(atTerminal ? child : -child, SIGKILL)
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
            return .failure(Failure(command: .timedOut(after: CardDAVLimits.durationText(timeout))))
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { return .failure(Failure(command: .failed(exitStatus: status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)))) }
        var line = bytes.firstIndex(of: 0x0A).map { Array(bytes[..<$0]) } ?? bytes
        if line.last == 0x0D { line.removeLast() }
        return .success(String(decoding: line, as: UTF8.self))
    }
}
