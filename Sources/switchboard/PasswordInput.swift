#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command reads a password it must set (a team member's): the first line printed by a
/// `--password-command`, else standard input — typed twice, hidden, at a terminal; the first
/// line of a pipe. Never an argument (which `ps` shows).
struct PasswordInput {
    /// Why no password could be had; `text` says what to do.
    struct Failure: Error, Equatable {
        let text: String
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

    /// The process's standard input and `/bin/sh -c`.
    static var standard: PasswordInput { PasswordInput(readLine: hiddenLine, runCommand: firstLine(of:)) }

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

    /// The first line `command` prints (`/bin/sh -c`), which must end well.
    private static func firstLine(of command: String) -> Result<String, Failure> {
        guard let pipe = popen(command, "r") else { return .failure(Failure(text: "--password-command could not be started: \(String(cString: strerror(errno)))")) }
        var bytes: [UInt8] = []
        while true {
            let c = getc(pipe)
            if c == EOF { break }
            if c == 0x0A { // read the rest so the command is not cut off mid-write
                while getc(pipe) != EOF {}
                break
            }
            bytes.append(UInt8(c))
        }
        let status = pclose(pipe)
        guard status == 0 else { return .failure(Failure(text: "--password-command failed (exit status \(status >> 8)); nothing was changed")) }
        if bytes.last == 0x0D { bytes.removeLast() }
        return .success(String(decoding: bytes, as: UTF8.self))
    }
}
