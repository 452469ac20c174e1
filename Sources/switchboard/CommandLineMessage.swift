import App
import AppServices
import TUIKit

/// What the command line says of an error: App's sentence, then what to do about it from the
/// command line (`--db`), which a screen has no use for.
enum CommandLineMessage {
    /// The line for `error` (a `ServiceError`, App's start-up error, a terminal that cannot be
    /// used, or any other error's own words).
    static func line(for error: any Error) -> String {
        if let error = error as? ServiceError { return line(for: error) }
        if let error = error as? TerminalError { return line(for: error) }
        if let error = error as? AppStartupError, case .service(let inner) = error { return line(for: inner) }
        return "\(error)"
    }

    /// App's sentence for `error`, and the command line's advice where there is some.
    static func line(for error: ServiceError) -> String {
        guard let advice = advice(for: error) else { return error.message }
        return error.message + " " + advice
    }

    /// App's sentence for a sync's failure; a failure of the data gets the command line's advice too.
    static func line(for failure: SyncFailure) -> String {
        switch failure {
        case .storage(let error): line(for: error)
        case .noAccount(let why): line(for: why)
        case .passwordCommandFailed(let why): line(for: why)
        case .addressBookNotChosen(let books):
            "the server has \(books.count) address books; pick with --addressbook NAME or --addressbook all:\n" + listing(books)
        case .noSuchAddressBook(let name, let books): "no address book called “\(name)” on the server; there are:\n" + listing(books)
        case .account(let user, let url, .passwordCommandFailed(let why)): "\(user) at \(url): \(line(for: why))"
        default: failure.message()
        }
    }

    /// A server's address books, one a line: the name, then the URL.
    private static func listing(_ books: [ListedAddressBook]) -> String {
        books.map { "  \($0.name)  (\($0.url))" }.joined(separator: "\n")
    }

    /// A password command's failure in the command line's words: its option, and how to allow it longer.
    static func line(for failure: PasswordCommandFailure) -> String {
        switch failure {
        case .couldNotStart(let reason): "--password-command could not be started: \(reason)"
        case .timedOut(let after):
            "--password-command did not finish within \(after) and was stopped; is it waiting for something (a locked password store, a prompt)? "
                + "Allow longer with --password-timeout SECONDS"
        case .failed(let status): "--password-command failed (exit status \(status)); nothing was changed"
        case .printedNothing: "--password-command printed an empty line: no password"
        }
    }

    /// App's sentence for data that holds no account to use as asked, and how to name another
    /// from the command line.
    static func line(for failure: AccountLookupFailure) -> String {
        let advice = switch failure {
        case .noDataFile: "; start switchboard with it once and create an account"
        case .nobodySignedIn: "; pass --user NAME"
        case .notTheMember(_, let user): "; to be \(user), put \(user)@ in --db and use their password"
        case .ownerKeepsNoContacts: ": sign in as a member (postgresql://NAME@HOST/DB)"
        case .noSuchAccount, .noTeamBook: ""
        }
        return failure.message + advice
    }

    /// switchboard's sentence for a terminal it cannot use (TUIKit's words name no program), and
    /// the other ways to run it.
    static func line(for error: TerminalError) -> String {
        switch error {
        case .notATerminal:
            "switchboard needs a terminal: stdin and stdout must be a tty. To run without one, use --headless (see --help)."
        case .cannotDrawScreens(let type):
            "TERM=\(type) cannot move the cursor, so switchboard cannot draw its screens; set TERM to your terminal's type (e.g. TERM=xterm-256color), or use --headless, or the import, export and query commands"
        case .cannotInitialize:
            "\(error)"
        }
    }

    private static func advice(for error: ServiceError) -> String? {
        if error.isOnServer {
            switch error.kind {
            case .refused where error.code == .notATeamDirectory: return "As its owner, run switchboard directory init --db URL first."
            case .refused where [.sqlState("42501"), .tlsFailed, .memberNameInvalid, .schemaNeedsOwner, .membersByAdmin].contains(error.code): return nil
            case .refused: return "Check the user name in --db and the password (libpq's PGPASSWORD or ~/.pgpass)."
            case .notFound: return "Name another database in --db."
            default: return nil
            }
        }
        switch error.kind {
        case .readOnly where error.code == .upgradeNeedsWrite: return nil
        case .damaged, .foreign, .readOnly: return "Choose another file with --db PATH."
        case .unavailable where error.code == .folderNotWritable: return "Choose another place with --db PATH."
        default: return nil
        }
    }
}
