import AppServices
import Storage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens the data of a command line (`--db` — a file path, or a `postgresql://` URI for a
/// shared directory — else the default file) and finds whose
/// contacts to use (`--user`, else the signed-in person). Each failure is a line to print.
struct AccountOpener {
    enum Failure: Error {
        case usage(String)
        case refused(String)
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
        guard let member = team.member else {
            throw .refused("\(path) signs in as the directory's owner, who keeps no contacts: sign in as a member (postgresql://NAME@HOST/DB)")
        }
        if let user, user != member.username {
            throw .refused("on a team directory you are the member you sign in as (\(member.username)); to be \(user), put \(user)@ in --db and use their password")
        }
        return teamBook ? Account(id: team.book, username: PostgresTeamDirectory.teamBookName) : member
    }

    func open(environment: [String: String]) throws(Failure) -> (data: DataStore, account: Account, path: String) {
        guard let location = databasePath ?? DatabaseLocation.defaultPath(environment: environment) else {
            throw .usage("\(UsageError.noDataLocation)")
        }
        if let missing = Self.missingFile(location) { throw .refused(missing) }
        let db: DataStore
        do {
            db = try DataStore(location: location, environment: environment, signIn: signIn)
        } catch {
            throw .refused(CommandLineMessage.line(for: error))
        }
        return (db, try account(in: db), db.place)
    }

    /// Whose contacts to use in `db`: on a team directory the member who signed in (or the team
    /// book with `--team`), else `--user`, else the person signed in on this machine.
    func account(in db: DataStore) throws(Failure) -> Account {
        let path = db.place
        do {
            if let team = db.team {
                return try Self.teamAccount(team, user: user, teamBook: teamBook, path: path)
            }
            if teamBook { throw Failure.refused("\(path) has no team address book (it is not a team directory)") }
            if let user {
                guard let found = try db.accounts.account(named: user) else {
                    throw Failure.refused("there is no account “\(user)” in \(path); create it in the app first")
                }
                return found
            }
            guard let signedIn = try db.accounts.savedSession() else {
                throw Failure.refused("nobody is signed in to \(path); pass --user NAME")
            }
            return signedIn
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .refused(CommandLineMessage.line(for: error))
        }
    }
}

extension AccountOpener {
    /// Why a command cannot use `location` when it names a data file that is not there yet (no
    /// command can make its first account, so none creates the file); nil when it is there, or a server.
    static func missingFile(_ location: String) -> String? {
        guard !PostgresConnection.isURI(location), access(location, F_OK) != 0 else { return nil }
        return "there is no data file at \(location) yet; start switchboard with it once and create an account (nothing was created)"
    }

    /// The data file and the contacts of the person, or nil after printing why, with
    /// `exitCode` 2 for a usage error and 1 for a file or person that is not there.
    func openStore(for command: String, environment: [String: String], errors: inout some TextOutputStream,
                   exitCode: inout Int32) -> (any AddressBookService)? {
        do throws(Failure) {
            let opened = try open(environment: environment)
            return opened.data.contacts(of: opened.account.id)
        } catch {
            switch error {
            case .usage(let m): print("switchboard: \(command): \(m)", to: &errors); exitCode = 2
            case .refused(let m): print("switchboard: \(command): \(m)", to: &errors); exitCode = 1
            }
            return nil
        }
    }
}
