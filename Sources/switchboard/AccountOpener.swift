import AppServices
import Storage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens the data of a command line (`--db` — a file path, or a `postgresql://` URI for a
/// shared directory — else the default file) and finds whose
/// contacts to use (`--user`, else the signed-in person). Each failure is a value: a line to
/// print (`text`), and what a sync child says on its `error` line (`syncFailure`).
struct AccountOpener {
    enum Failure: Error {
        /// The command line is wrong (no data named, none by default).
        case usage(String)
        /// The data could not be opened or read.
        case storage(ServiceError)
        /// The data holds no account to use as asked.
        case noAccount(AccountLookupFailure)

        /// The line to print after `switchboard: COMMAND: `.
        var text: String {
            switch self {
            case .usage(let words): words
            case .storage(let error): CommandLineMessage.line(for: error)
            case .noAccount(let why): CommandLineMessage.line(for: why)
            }
        }

        /// The failure as a sync says it (nil for a usage error, which the app's child never makes).
        var syncFailure: SyncFailure? {
            switch self {
            case .usage: nil
            case .storage(let error): .storage(error)
            case .noAccount(let why): .noAccount(why)
            }
        }
    }

    var databasePath: String?
    var user: String?
    /// `--team`: the team address book of a team directory, not the member's own contacts.
    var teamBook = false
    /// A team member's sign-in given otherwise than in the connection string (the app's sync child
    /// reads it from its standard input).
    var signIn: PostgresSignIn?

    /// On a team directory, the account is who signed in (the role in `--db`), never a name given:
    /// `--user` may only repeat it. `--team`: the team book (the server decides what may be changed).
    static func teamAccount(_ team: (book: Int64, member: Account?), user: String?, teamBook: Bool, path: String) throws(Failure) -> Account {
        guard let member = team.member else { throw .noAccount(.ownerKeepsNoContacts(place: path)) }
        if let user, user != member.username { throw .noAccount(.notTheMember(member: member.username, user: user)) }
        return teamBook ? Account(id: team.book, username: PostgresTeamDirectory.teamBookName) : member
    }

    func open(environment: [String: String]) throws(Failure) -> (data: CommandLineData, account: Account, path: String) {
        guard let location = databasePath ?? DefaultDataFile.path(environment: environment) else {
            throw .usage("\(UsageError.noDataLocation)")
        }
        if Self.isMissingFile(location) { throw .noAccount(.noDataFile(place: location)) }
        let db: CommandLineData
        do throws(ServiceError) {
            db = try CommandLineData(location: location, environment: environment, signIn: signIn)
        } catch {
            throw .storage(error)
        }
        return (db, try account(in: db), db.place)
    }

    /// Whose contacts to use in `db`: on a team directory the member who signed in (or the team
    /// book with `--team`), else `--user`, else the person signed in on this machine.
    func account(in db: CommandLineData) throws(Failure) -> Account {
        let path = db.place
        if let team = db.team {
            return try Self.teamAccount(team, user: user, teamBook: teamBook, path: path)
        }
        if teamBook { throw .noAccount(.noTeamBook(place: path)) }
        if let user {
            let found: Account?
            do throws(ServiceError) { found = try db.accounts.account(named: user) } catch { throw .storage(error) }
            guard let found else { throw .noAccount(.noSuchAccount(user: user, place: path)) }
            return found
        }
        let signedIn: Account?
        do throws(ServiceError) { signedIn = try db.accounts.savedSession() } catch { throw .storage(error) }
        guard let signedIn else { throw .noAccount(.nobodySignedIn(place: path)) }
        return signedIn
    }
}

extension AccountOpener {
    /// Why a command cannot use `location` when it names a data file that is not there yet (no
    /// command can make its first account, so none creates the file); nil when it is there, or a server.
    static func missingFile(_ location: String) -> String? {
        isMissingFile(location) ? CommandLineMessage.line(for: AccountLookupFailure.noDataFile(place: location)) : nil
    }

    /// Whether `location` names a data file that is not there (a server is never missing).
    static func isMissingFile(_ location: String) -> Bool {
        !PostgresConnection.isURI(location) && access(location, F_OK) != 0
    }

    /// The data file and the contacts of the person, or nil after printing why, with
    /// `exitCode` 2 for a usage error and 1 for a file or person that is not there.
    func openStore(for command: String, environment: [String: String], errors: inout some TextOutputStream,
                   exitCode: inout Int32) -> (any AddressBookService)? {
        do throws(Failure) {
            let opened = try open(environment: environment)
            return opened.data.contacts(of: opened.account.id)
        } catch {
            print("switchboard: \(command): \(error.text)", to: &errors)
            if case .usage = error { exitCode = 2 } else { exitCode = 1 }
            return nil
        }
    }
}
