import AppServices
import Storage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `switchboard directory init|add-member`: a team directory's set-up, by its owner
/// (`PostgresTeamDirectory`). Members then sign in as themselves: `--db postgresql://NAME@HOST/DB`.
struct DirectoryCommand {
    enum Action: Equatable {
        case initialize
        case addMember(name: String, editor: Bool)
    }

    var action: Action?
    var location: String?
    var passwordCommand: String?
    var wantsHelp = false

    static let help = """
    usage: switchboard directory init --db postgresql://OWNER@HOST:PORT/DB
           switchboard directory add-member NAME [--editor] [--password-command CMD] --db postgresql://OWNER@HOST:PORT/DB
      init: sets the directory up for a team, once, as the database's owner (a role that may create
        roles): its tables, the roles DB_member and DB_editor, row-level security (each member
        reads their own contacts and the team address book; editors also change the team book),
        and an activity log the database writes itself.
      add-member NAME: a PostgreSQL role NAME who signs in with a password of their own; its
        password is read from standard input (typed twice at a terminal, hidden), or is the first
        line CMD prints with --password-command (e.g. "pass show team/alice"). The server is sent
        only libpq's SCRAM verifier of it. --editor: NAME may also change the team address book.
      The owner's password comes from libpq's usual places (~/.pgpass, PGPASSWORD, PGPASSFILE).
      A member then runs: switchboard --db postgresql://NAME@HOST:PORT/DB
    """

    static func parse(_ arguments: [String]) throws(UsageError) -> DirectoryCommand {
        var command = DirectoryCommand()
        var cursor = ArgumentCursor(arguments)
        var words: [String] = []
        var editor = false
        while let argument = cursor.next() {
            switch argument {
            case "--help", "-h": command.wantsHelp = true
            case "--editor": editor = true
            case "--password-command": command.passwordCommand = try cursor.value(for: argument)
            case "--db": command.location = try cursor.dataLocation(for: argument)
            case let flag where flag.hasPrefix("--"): throw .unknownArgument(flag)
            default: words.append(argument)
            }
        }
        if command.wantsHelp { return command }
        switch words.first {
        case "init":
            guard words.count == 1 else { throw .unknownArgument(words[1]) }
            if editor { throw .badValue(flag: "--editor", value: "", expected: "only with add-member") }
            command.action = .initialize
        case "add-member":
            guard words.count >= 2 else { throw .missingValue("add-member NAME") }
            guard words.count == 2 else { throw .unknownArgument(words[2]) }
            command.action = .addMember(name: words[1], editor: editor)
        case let other?: throw .unknownArgument(other)
        case nil: throw .missingValue("directory init | add-member NAME")
        }
        guard let location = command.location else { throw .missingValue("--db postgresql://…") }
        guard PostgresConnection.isURI(location) else {
            throw .badLocation(flag: "--db", why: "names a file: a team directory is on a PostgreSQL server (postgresql://OWNER@HOST:PORT/DB)")
        }
        return command
    }

    func run(now: Int64, input: PasswordInput = .standard, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        if wantsHelp { print(Self.help, to: &output); return 0 }
        guard let action, let location else { return 2 }
        do throws(ServiceError) {
            switch action {
            case .initialize:
                let db = try PostgresDatabase(uri: location)
                let setUp = try PostgresTeamDirectory.initialize(db, now: now)
                if setUp.created {
                    print("Set up \(db.server) for a team: roles \(setUp.roles.member) (every member) and \(setUp.roles.editor) (may change the team book).", to: &output)
                    print("Add people with: switchboard directory add-member NAME [--editor] --db \(db.server)", to: &output)
                } else {
                    print("\(db.server) was already set up for a team (roles \(setUp.roles.member), \(setUp.roles.editor)); nothing changed.", to: &output)
                }
            case .addMember(let name, let editor):
                let password: String
                switch input.password(for: name, command: passwordCommand) {
                case .success(let read): password = read
                case .failure(let why):
                    print("switchboard: directory: \(why.text)", to: &errors)
                    return 1
                }
                let db = try PostgresDatabase(uri: location)
                let account = try PostgresTeamDirectory.addMember(db, name: name, password: password, editor: editor, now: now)
                print("Added \(account.username)\(editor ? " (editor: may change the team book)" : ""). They sign in with: switchboard --db \(Self.memberLocation(db.server, name: name))", to: &output)
            }
            return 0
        } catch {
            print("switchboard: directory: \(CommandLineMessage.line(for: error))", to: &errors)
            return 1
        }
    }

    /// The owner's connection string (without password) with the member's name as its user.
    static func memberLocation(_ server: String, name: String) -> String {
        guard let scheme = SearchText.firstRange(of: "://", in: server) else { return server }
        let rest = server[scheme.upperBound...]
        let host = rest.lastIndex(of: "@").map { rest[rest.index(after: $0)...] } ?? rest
        return server[..<scheme.upperBound] + name + "@" + host
    }
}
