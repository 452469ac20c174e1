import AppServices
import Storage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `switchboard directory init|add-member|remove-member`: a team directory's set-up, by its owner
/// (`PostgresTeamDirectory`). Members then sign in as themselves: `--db postgresql://NAME@HOST/DB`.
struct DirectoryCommand {
    enum Action: Equatable {
        case initialize
        case addMember(name: String, editor: Bool)
        /// `contacts`: what becomes of the member's own contacts (nil: asked at a terminal).
        case removeMember(name: String, contacts: PostgresTeamDirectory.PrivateContacts?)
    }

    var action: Action?
    var location: String?
    var passwordCommand: String?
    var wantsHelp = false

    static let help = """
    usage: switchboard directory init --db postgresql://OWNER@HOST:PORT/DB
           switchboard directory add-member NAME [--editor] [--password-command CMD] --db postgresql://OWNER@HOST:PORT/DB
           switchboard directory remove-member NAME [--delete-contacts | --keep-contacts] --db postgresql://OWNER@HOST:PORT/DB
      init: sets the directory up for a team, once, as the database's owner (a role that may create
        roles): its tables, the roles DB_member and DB_editor, row-level security (each member
        reads their own contacts and the team address book; editors also change the team book),
        and an activity log the database writes itself.
      add-member NAME: a PostgreSQL role NAME who signs in with a password of their own; its
        password is read from standard input (typed twice at a terminal, hidden), or is the first
        line CMD prints with --password-command (e.g. "pass show team/alice"). The server is sent
        only libpq's SCRAM verifier of it. --editor: NAME may also change the team address book.
      remove-member NAME: drops NAME's role (their sessions are ended) and frees the name for
        add-member again. Their own contacts are deleted with --delete-contacts (with their settings,
        log and sync accounts), or kept with --keep-contacts under an account no one signs in to,
        "NAME (removed)", for the owner; without either it asks at a terminal. What they changed
        in the team book stays the team's, and the activity log keeps their name on it.
      The owner's password comes from libpq's usual places (~/.pgpass, PGPASSWORD, PGPASSFILE).
      A member then runs: switchboard --db postgresql://NAME@HOST:PORT/DB
    """

    static func parse(_ arguments: [String]) throws(UsageError) -> DirectoryCommand {
        var command = DirectoryCommand()
        var cursor = ArgumentCursor(arguments)
        var words: [String] = []
        var editor = false
        var contacts: PostgresTeamDirectory.PrivateContacts?
        while let argument = cursor.next() {
            switch argument {
            case "--help", "-h": command.wantsHelp = true
            case "--editor": editor = true
            case "--delete-contacts", "--keep-contacts":
                let chosen: PostgresTeamDirectory.PrivateContacts = argument == "--delete-contacts" ? .delete : .keep
                if let contacts, contacts != chosen { throw .badValue(flag: argument, value: "", expected: "one of --delete-contacts and --keep-contacts") }
                contacts = chosen
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
        case "remove-member":
            guard words.count >= 2 else { throw .missingValue("remove-member NAME") }
            guard words.count == 2 else { throw .unknownArgument(words[2]) }
            if editor { throw .badValue(flag: "--editor", value: "", expected: "only with add-member") }
            command.action = .removeMember(name: words[1], contacts: contacts)
        case let other?: throw .unknownArgument(other)
        case nil: throw .missingValue("directory init | add-member NAME | remove-member NAME")
        }
        if contacts != nil, case .addMember = command.action { throw .badValue(flag: "--delete-contacts", value: "", expected: "only with remove-member") }
        if contacts != nil, command.action == .initialize { throw .badValue(flag: "--delete-contacts", value: "", expected: "only with remove-member") }
        guard let location = command.location else { throw .missingValue("--db postgresql://…") }
        guard PostgresConnection.isURI(location) else {
            throw .badLocation(flag: "--db", why: "names a file: a team directory is on a PostgreSQL server (postgresql://OWNER@HOST:PORT/DB)")
        }
        return command
    }

    /// `ask`: a question's answer typed at a terminal (nil: no terminal, or the end of input).
    func run(now: Int64, input: PasswordInput = .standard, ask: (String) -> String? = Self.askAtTerminal,
             output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
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
            case .removeMember(let name, let chosen):
                let db = try PostgresDatabase(uri: location)
                var contacts = chosen
                if contacts == nil {
                    let own = try PostgresTeamDirectory.ownContactCount(db, name: name)
                    let answer = ask("\(name) has \(own) contact\(own == 1 ? "" : "s") of their own. Delete them (d), keep them for the owner as “\(name) (removed)” (k), or stop (Enter)? ")
                    switch answer.map({ SearchText.trimmed($0).lowercased() }) {
                    case "d"?, "delete"?: contacts = .delete
                    case "k"?, "keep"?: contacts = .keep
                    case nil:
                        print("switchboard: directory: say what becomes of \(name)'s own contacts: --delete-contacts or --keep-contacts; nothing was changed", to: &errors)
                        return 2
                    default:
                        print("Nothing was changed.", to: &output)
                        return 1
                    }
                }
                let removal = try PostgresTeamDirectory.removeMember(db, name: name, contacts: contacts!)
                let own = "\(removal.privateContacts) contact\(removal.privateContacts == 1 ? "" : "s") of their own"
                let what = removal.keptAccountID.map { "\(own) kept as “\(name) (removed)” (account \($0)), which no one signs in to" } ?? "\(own) deleted"
                print("Removed \(name): their role is dropped\(removal.endedSessions > 0 ? " and \(removal.endedSessions) session\(removal.endedSessions == 1 ? "" : "s") ended" : ""); \(what); "
                      + "\(removal.teamEdits) change\(removal.teamEdits == 1 ? "" : "s") of theirs to the team book stay\(removal.teamEdits == 1 ? "s" : ""), and the activity log keeps their name. "
                      + "The name is free: switchboard directory add-member \(name) --db \(db.server)", to: &output)
            }
            return 0
        } catch {
            print("switchboard: directory: \(CommandLineMessage.line(for: error))", to: &errors)
            return 1
        }
    }

    /// A line typed at the terminal after `question` (nil when standard input is not a terminal).
    static func askAtTerminal(_ question: String) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var bytes = Array(question.utf8)
        _ = write(STDERR_FILENO, &bytes, bytes.count)
        return readLine(strippingNewline: true)
    }

    /// The owner's connection string (without password) with the member's name as its user.
    static func memberLocation(_ server: String, name: String) -> String {
        guard let scheme = SearchText.firstRange(of: "://", in: server) else { return server }
        let rest = server[scheme.upperBound...]
        let host = rest.lastIndex(of: "@").map { rest[rest.index(after: $0)...] } ?? rest
        return server[..<scheme.upperBound] + name + "@" + host
    }
}
