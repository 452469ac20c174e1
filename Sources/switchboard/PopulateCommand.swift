import AppServices
import Storage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `switchboard populate --contacts N [--friends PERCENT] [--user NAME] [--seed N] [--db PATH]`:
/// fills the database with generated, deterministic contacts in one transaction.
struct PopulateCommand {
    var contacts = 0
    var friendPercent = 10
    var user: String?
    var seed: UInt64 = 42
    var databasePath: String?
    var wantsHelp = false

    static let help = """
    usage: switchboard populate --contacts N [--friends PERCENT] [--user NAME] [--seed N] [--db PATH]
      Adds N generated contacts (1 to 10000000) to the signed-in account (or NAME's), in one
      transaction: deterministic for a --seed (42 by default), PERCENT of them friends (10 by default).
      For trying the app and its speed on a large address book.
    """

    static func parse(_ arguments: [String]) throws(UsageError) -> PopulateCommand {
        var command = PopulateCommand()
        var sawContacts = false
        var cursor = ArgumentCursor(arguments)
        while let flag = cursor.next() {
            switch flag {
            case "--contacts":
                let text = try cursor.value(for: flag)
                guard let n = Int(text), n > 0, n <= 10_000_000 else { throw .badValue(flag: flag, value: text, expected: "a number from 1 to 10000000") }
                command.contacts = n
                sawContacts = true
            case "--friends":
                let text = try cursor.value(for: flag)
                guard let n = Int(text), (0...100).contains(n) else { throw .badValue(flag: flag, value: text, expected: "a percentage from 0 to 100") }
                command.friendPercent = n
            case "--user": command.user = try cursor.value(for: flag)
            case "--seed":
                let text = try cursor.value(for: flag)
                guard let n = UInt64(text) else { throw .badValue(flag: flag, value: text, expected: "a whole number") }
                command.seed = n
            case "--db": command.databasePath = try cursor.dataLocation(for: flag)
            case "--help", "-h": command.wantsHelp = true
            default: throw .unknownArgument(flag)
            }
        }
        guard sawContacts || command.wantsHelp else { throw .missingValue("--contacts") }
        return command
    }

    /// Runs; returns the exit code.
    func run(environment: [String: String], output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        if wantsHelp { print(Self.help, to: &output); return 0 }
        guard let path = databasePath ?? DefaultDataFile.path(environment: environment) else {
            print("switchboard: \(UsageError.noDataLocation)", to: &errors)
            return 2
        }
        if let missing = AccountOpener.missingFile(path) {
            print("switchboard: populate: \(missing)", to: &errors)
            return 1
        }
        do {
            let db = try CommandLineData(location: path, environment: environment)
            let accounts = db.accounts
            let account: Account
            if let team = db.team {
                do throws(AccountOpener.Failure) {
                    account = try AccountOpener.teamAccount(team, user: user, teamBook: false, path: db.place)
                } catch {
                    print("switchboard: populate: \(error.text)", to: &errors)
                    return 1
                }
            } else if let user {
                guard let found = try accounts.account(named: user) else {
                    print("switchboard: there is no account “\(user)” in \(db.place); create it in the app first", to: &errors)
                    return 1
                }
                account = found
            } else if let signedIn = try accounts.savedSession() {
                account = signedIn
            } else {
                print("switchboard: nobody is signed in to \(db.place); pass --user NAME", to: &errors)
                return 1
            }
            var generator = ContactGenerator(seed: seed)
            let clock = ContinuousClock()
            let start = clock.now
            try db.contacts(of: account.id).addMany(count: contacts, generator: &generator, friendPercent: friendPercent, progress: nil)
            let elapsed = clock.now - start
            let centiseconds = elapsed.components.seconds * 100 + elapsed.components.attoseconds / 10_000_000_000_000_000
            print("Added \(contacts) contacts for \(account.username) to \(db.place) in \(centiseconds / 100).\(centiseconds % 100 < 10 ? "0" : "")\(centiseconds % 100) s.", to: &output)
            return 0
        } catch {
            print("switchboard: \(CommandLineMessage.line(for: error))", to: &errors)
            return 1
        }
    }
}
