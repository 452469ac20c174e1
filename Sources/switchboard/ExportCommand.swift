import AppServices
import Interchange
import Storage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `switchboard export [--format vcard|vcard3|csv] [--output FILE] [--user NAME | --team] [--db PATH]`:
/// every contact as vCard 4.0 (default), 3.0 or CSV, UTF-8 with CRLF, to stdout or a file that
/// appears whole (written beside it, then renamed) or not at all.
struct ExportCommand {
    enum Format: String { case vcard, vcard3, csv }

    var format = Format.vcard
    var outputPath: String?
    var opener = AccountOpener()
    var wantsHelp = false

    static let help = """
    usage: switchboard export [--format vcard|vcard3|csv] [--output FILE] [--user NAME | --team] [--db PATH]
      Writes every contact: vCard 4.0 (vcard, the default), vCard 3.0 for older readers
      (vcard3), or CSV with a header row (Google's column names plus UID and Name).
      UTF-8, CRLF line ends, vCard lines folded at 75 octets. Standard output unless --output.
      Each contact is given a UID once, so a later import of the file updates instead of adding.
      CSV has no column for photos and X- properties; vCard keeps them.
    """

    static func parse(_ arguments: [String]) throws(UsageError) -> ExportCommand {
        var command = ExportCommand()
        var cursor = ArgumentCursor(arguments)
        while let argument = cursor.next() {
            switch argument {
            case "--help", "-h": command.wantsHelp = true
            case "--format":
                let text = try cursor.value(for: argument)
                guard let format = Format(rawValue: text) else { throw .badValue(flag: argument, value: text, expected: "vcard, vcard3 or csv") }
                command.format = format
            case "--output": command.outputPath = try cursor.path(for: argument)
            case "--user": command.opener.user = try cursor.value(for: argument)
            case "--team": command.opener.teamBook = true
            case "--db": command.opener.databasePath = try cursor.dataLocation(for: argument)
            default: throw .unknownArgument(argument)
            }
        }
        return command
    }

    func run(environment: [String: String], output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        if wantsHelp { print(Self.help, to: &output); return 0 }
        var exitCode: Int32 = 0
        guard let store = opener.openStore(for: "export", environment: environment, errors: &errors, exitCode: &exitCode) else { return exitCode }
        var sink: FileSink?
        if let outputPath {
            do throws(OutputFileError) {
                sink = try FileSink(path: outputPath)
            } catch {
                print("switchboard: export: \(CommandLineMessage.line(for: error))", to: &errors)
                return 1
            }
        }
        do throws(ServiceError) {
            let job = try ExportJob(store: store, format: format, sink: sink)
            do throws(ExportJob.ExportError) {
                var done = false
                while !done {
                    done = try job.step(cards: 1_000)
                    output.write(job.drain())
                }
            } catch {
                print("switchboard: export: \(CommandLineMessage.line(for: error))", to: &errors)
                return 1
            }
            for line in Self.notes(for: job, outputPath: outputPath) { print(line, to: &errors) }
            return 0
        } catch {
            print("switchboard: export: \(CommandLineMessage.line(for: error))", to: &errors)
            return 1
        }
    }

    /// What the command says after an export (on stderr; the app shows the same lines).
    /// `inApp`: in the app's words (a .vcf file), not the command line's (--format vcard).
    static func notes(for job: ExportJob, outputPath: String?, inApp: Bool = false) -> [String] {
        var lines: [String] = []
        if let outputPath { lines.append("Exported \(job.total) \(job.total == 1 ? "contact" : "contacts") to \(outputPath).") }
        if job.withExtras > 0 {
            lines.append(inApp
                ? "\(job.withExtras) contacts have photos or other extra fields, which CSV has no column for; export to a .vcf file to keep them."
                : "switchboard: export: \(job.withExtras) contacts have photos or X- properties, which CSV has no column for; --format vcard keeps them")
        }
        return lines
    }
}

/// An export's file: written as FILE.partial-PID and renamed to FILE at the end, so FILE
/// appears whole or not at all; readable by its owner alone (0600), like the data file it
/// comes from.
struct FileSink {
    private let handle: UnsafeMutablePointer<FILE>
    private let path: String
    private let partial: String

    init(path: String) throws(OutputFileError) {
        self.path = path
        let partial = "\(path).partial-\(getpid())"
        let fd = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw OutputFileError(path: path, reason: String(cString: strerror(errno))) }
        // A partial file left by an earlier run with this pid keeps its mode on open: set it.
        guard fchmod(fd, 0o600) == 0, let h = fdopen(fd, "wb") else {
            let reason = String(cString: strerror(errno))
            close(fd)
            unlink(partial)
            throw OutputFileError(path: path, reason: reason)
        }
        handle = h
        self.partial = partial
    }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, handle) }
    }

    func finish() throws(OutputFileError) {
        let failed = ferror(handle) != 0
        if fclose(handle) != 0 || failed {
            unlink(partial)
            throw OutputFileError(path: path, reason: "could not write it whole: \(String(cString: strerror(errno)))")
        }
        if rename(partial, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(partial)
            throw OutputFileError(path: path, reason: reason)
        }
    }

    func abandon() {
        fclose(handle)
        unlink(partial)
    }
}
