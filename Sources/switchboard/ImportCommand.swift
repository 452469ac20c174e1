import CardMapping
import AppServices
import Interchange
import Storage

/// `switchboard import FILE… [--user NAME | --team] [--db PATH]`: contacts from vCard (2.1, 3.0, 4.0),
/// CSV with a header (Google, Outlook, ours) or abook's addressbook file, told apart by content.
/// Each file is one transaction; a card whose UID is already stored updates that contact, and
/// one without a UID the contact it matches (`SQLiteContactsImportBatch.match`).
struct ImportCommand {
    var files: [String] = []
    var opener = AccountOpener()
    var wantsHelp = false

    static let help = """
    usage: switchboard import FILE… [--user NAME | --team] [--db PATH]
      Reads vCard (2.1, 3.0, 4.0), CSV with a header row (Google, Outlook, Thunderbird or our
      own export; comma, semicolon or tab), LDIF (Thunderbird, Evolution) or abook's
      addressbook file; the format and the charset are found from the content. "-" reads stdin.
      Each file goes in as one transaction. A card with the UID of a stored contact updates it;
      a card without a UID updates the contact with the same name and first e-mail (no e-mail:
      the same first phone; neither: a contact with neither), so a second import does not duplicate.
      Prints "imported N, updated M, skipped K" per file, a line per skipped card (file:line:
      reason), and what could not be kept. Exit 0 when something came in, 1 when nothing could.
    """

    static func parse(_ arguments: [String]) throws(UsageError) -> ImportCommand {
        var command = ImportCommand()
        var cursor = ArgumentCursor(arguments)
        while let argument = cursor.next() {
            switch argument {
            case "--help", "-h": command.wantsHelp = true
            case "--user": command.opener.user = try cursor.value(for: argument)
            case "--team": command.opener.teamBook = true
            case "--db": command.opener.databasePath = try cursor.dataLocation(for: argument)
            case let flag where flag.hasPrefix("--"): throw .unknownArgument(flag)
            default: command.files.append(argument)
            }
        }
        if command.files.isEmpty && !command.wantsHelp { throw .missingValue("import FILE") }
        return command
    }

    /// What one file brought.
    struct Summary {
        var added = 0, updated = 0
        /// Cards that were a contact already taken from the same file, merged into it.
        var merged = 0
        /// Group cards kept whole (not people, not contacts).
        var groupCards = 0
        var skipped: [ReadProblem] = []
        /// Lines of imported cards that were left out or read with a guessed charset.
        var lineProblems: [ReadProblem] = []
        /// How many of `lineProblems` are printed one by one.
        static let lineProblemsShown = 20
        var dropped: ContactCardMapping.Dropped = [:]
        /// A CSV file not in UTF-8: the charset its fields were read in, and the first such line.
        var guessedCharset: (name: String, line: Int)?

        /// What the command prints for the file (the app shows the same lines).
        func lines(file: String) -> [String] {
            var lines = ["\(file): imported \(added), updated \(updated), skipped \(skipped.count)"
                         + (merged > 0 ? ", merged \(merged) (the same contact again in the file)" : "")
                         + (groupCards > 0 ? ", kept \(groupCards) group card\(groupCards == 1 ? "" : "s") as they came (groups, not people)" : "")]
            if let (name, line) = guessedCharset {
                lines.append("\(file):\(line): not UTF-8 and no charset given; read as \(name.lowercased()), the charset its letters fit best: check the names")
            }
            for problem in skipped { lines.append("\(file):\(problem.line): \(problem.message)") }
            // A file written in another charset than it says has such a line on every card: the
            // first ones are shown, the rest counted.
            for problem in lineProblems.prefix(Self.lineProblemsShown) {
                lines.append("\(file):\(problem.line): \(problem.message) (the rest of the card was imported)")
            }
            if lineProblems.count > Self.lineProblemsShown {
                lines.append("\(file): and \(lineProblems.count - Self.lineProblemsShown) more lines like these (the rest of their cards was imported)")
            }
            if !dropped.isEmpty {
                let parts = dropped.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
                lines.append("\(file): not kept (no field for them): " + parts.joined(separator: ", "))
            }
            return lines
        }
    }

    func run(environment: [String: String], output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        if wantsHelp { print(Self.help, to: &output); return 0 }
        var exitCode: Int32 = 0
        guard let store = opener.openStore(for: "import", environment: environment, errors: &errors, exitCode: &exitCode) else { return exitCode }
        var broughtAnything = false
        for file in files {
            do {
                let summary = try importFile(file, into: store)
                for line in summary.lines(file: file) { print(line, to: &output) }
                if summary.added + summary.updated > 0 { broughtAnything = true }
            } catch {
                print("switchboard: import: \(file): \(error); nothing was imported from it", to: &errors)
            }
        }
        return broughtAnything ? 0 : 1
    }

    enum ImportError: Error, CustomStringConvertible {
        /// Why the file is none of the formats read, in words naming what it has instead.
        case unknownFormat(String)
        case read(InputFileError)
        case storage(ServiceError)
        var description: String {
            switch self {
            case .unknownFormat(let why): "not a vCard, CSV (with a header row), LDIF or abook file: \(why)"
            case .read(let e): "\(e)"
            case .storage(let e): CommandLineMessage.line(for: e)
            }
        }
    }

    /// The last part of a path ("cards.vcf"; "standard input" for "-").
    static func fileName(_ path: String) -> String {
        path == "-" ? "standard input" : String(path.split(separator: "/").last ?? Substring(path))
    }

    func importFile(_ path: String, into store: any AddressBookService) throws(ImportError) -> Summary {
        let job = try ImportJob(path: path, into: store)
        while try !job.step(cards: 1 << 20) {}
        return job.summary
    }
}
