import AppServices
import CSQLite
import TUIKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The executable: reads the command line and runs one of the modes.
@main
enum Switchboard {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        ArgumentScrubber.scrub(argc: CommandLine.argc, argv: CommandLine.unsafeArgv) // no password in `ps` from now on
        let code = MainActor.assumeIsolated {
            run(arguments: arguments)
        }
        exit(code)
    }

    /// Runs with the given arguments, writing to stdout/stderr; returns the exit code.
    @MainActor
    static func run(arguments: [String]) -> Int32 {
        var output = StandardOutput()
        var errors = StandardError()
        return run(arguments: arguments, output: &output, errors: &errors)
    }

    /// Runs with the given arguments; returns the exit code. Everything written to `output` and
    /// `errors` passes `SafeText.lines` on its way (`SafeTextOutput`): a contact's value, a file's
    /// or a server's words in a message cannot send the terminal an escape sequence.
    @MainActor
    static func run(arguments: [String], environment: [String: String] = ProcessEnvironment.current,
                    output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        var safeOutput = SafeTextOutput(output), safeErrors = SafeTextOutput(errors)
        defer { output = safeOutput.base; errors = safeErrors.base }
        return dispatch(arguments: arguments, environment: environment, output: &safeOutput, errors: &safeErrors)
    }

    @MainActor
    private static func dispatch(arguments: [String], environment: [String: String],
                                 output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        if arguments.first == "populate" {
            do {
                return try PopulateCommand.parse(Array(arguments.dropFirst())).run(environment: environment, output: &output, errors: &errors)
            } catch {
                print("switchboard: populate: \(error)", to: &errors)
                return 2
            }
        }
        if arguments.first == "directory" {
            do throws(UsageError) {
                return try DirectoryCommand.parse(Array(arguments.dropFirst())).run(now: Int64(time(nil)), output: &output, errors: &errors)
            } catch {
                print("switchboard: directory: \(error)", to: &errors)
                return 2
            }
        }
        if arguments.first == "sync" {
            do throws(UsageError) {
                return try SyncCommand.parse(Array(arguments.dropFirst())).run(environment: environment, output: &output, errors: &errors)
            } catch {
                print("switchboard: sync: \(error)", to: &errors)
                return 2
            }
        }
        if arguments.first == "add-email" {
            do throws(UsageError) {
                return try AddEmailCommand.parse(Array(arguments.dropFirst())).run(environment: environment, output: &output, errors: &errors)
            } catch {
                print("switchboard: add-email: \(error)", to: &errors)
                return 2
            }
        }
        if arguments.first == "harvest" {
            do throws(UsageError) {
                return try HarvestCommand.parse(Array(arguments.dropFirst())).run(environment: environment, output: &output, errors: &errors)
            } catch {
                print("switchboard: harvest: \(error)", to: &errors)
                return 2
            }
        }
        if let command = arguments.first, ["import", "export", "query"].contains(command) {
            let rest = Array(arguments.dropFirst())
            do throws(UsageError) {
                switch command {
                case "import": return try ImportCommand.parse(rest).run(environment: environment, output: &output, errors: &errors)
                case "export": return try ExportCommand.parse(rest).run(environment: environment, output: &output, errors: &errors)
                default: return try QueryCommand.parse(rest).run(environment: environment, output: &output, errors: &errors)
                }
            } catch {
                print("switchboard: \(command): \(error)", to: &errors)
                return 2
            }
        }
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(arguments)
        } catch {
            print("switchboard: \(error)", to: &errors)
            return 2
        }
        switch options.mode {
        case .help:
            print(HelpText.usage, to: &output)
            return 0
        case .version:
            print(HelpText.version, to: &output)
            return 0
        case .headless:
            do {
                let scene = try AppScene.make(options, environment: environment)
                return try HeadlessRunner(options: options).run(scene: scene, output: &output, errors: &errors)
            } catch {
                print("switchboard: \(error)", to: &errors)
                return 2
            }
        case .interactive:
            guard NcursesTerminal.standardStreamsAreTerminals() else {
                print("switchboard: \(CommandLineMessage.line(for: TerminalError.notATerminal))", to: &errors)
                return 2
            }
            // One malloc arena (glibc's mallopt, CSQLite's shim), before the worker thread starts: the
            // worker's SQLite connection allocates from the main heap instead of a second arena of its
            // own. Peak RSS in the pty bench's path (issue 52, notes/bench-arena.md): 9,728-9,904 kB
            // against 9,852-10,028 without, lower in each of 4 rounds alternated; CPU for the keys no higher.
            _ = sb_malloc_one_arena()
            do {
                let scene = try AppScene.make(options, environment: environment)
                let ended = try InteractiveRunner(scene: scene).run()
                if let failure = ended.failure {
                    print("switchboard: \(CommandLineMessage.line(for: failure))", to: &errors)
                    return 1
                }
                return ended.status
            } catch let error as UsageError {
                print("switchboard: \(error)", to: &errors)
                return 2
            } catch {
                print("switchboard: \(CommandLineMessage.line(for: error))", to: &errors)
                return 1
            }
        }
    }
}

/// The process environment, without Foundation.
enum ProcessEnvironment {
    static var current: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let eq = text.firstIndex(of: "=") { result[String(text[..<eq])] = String(text[text.index(after: eq)...]) }
            pointer += 1
        }
        return result
    }
}

/// A text stream passed on with `SafeText.lines`: tabs and line breaks kept, every other control
/// character as `�`.
struct SafeTextOutput<Base: TextOutputStream>: TextOutputStream {
    var base: Base
    init(_ base: Base) { self.base = base }
    mutating func write(_ string: String) { base.write(SafeText.lines(string)) }
}

/// stdout as a text stream.
struct StandardOutput: TextOutputStream {
    mutating func write(_ string: String) { FileDescriptorWriter.write(string, to: 1) }
}

/// stderr as a text stream.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) { FileDescriptorWriter.write(string, to: 2) }
}

/// Writes all of a string to a file descriptor, retrying short writes.
enum FileDescriptorWriter {
    static func write(_ string: String, to fd: Int32) {
        var text = string
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                let n = Darwin.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
                if n < 0 { if errno == EINTR { continue } else { return } }
                offset += n
            }
        }
    }
}
