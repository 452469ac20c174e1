import AppServices
import Interchange
import Storage

/// `switchboard add-email [FILE]`: the people of one mail message (standard input, as mutt's
/// `<pipe-message>` gives it, or FILE) into the address book: the sender (`From:`), with `--all`
/// also `Reply-To:`, `To:` and `Cc:`. For each address not known yet it asks on the terminal
/// (`/dev/tty`: standard input is the message) whether to add it as a new contact, skip it, or add
/// it to a contact found by its name; `--quiet` adds without asking. Everything is decided first
/// and written in one transaction: a message that cannot be read adds nothing.
struct AddEmailCommand {
    var file: String?
    var all = false
    var quiet = false
    var opener = AccountOpener()
    var wantsHelp = false

    static let help = """
    usage: switchboard add-email [FILE] [--all] [--quiet] [--user NAME | --team] [--db PATH]
      Adds the sender of the mail message on standard input (or in FILE) to the address book.
      For each address not in it yet, asks on the terminal: add as a new contact, skip, or add to
      a contact of the same name. An address already in the book is never added again.
      --all: the Reply-To, To and Cc addresses too.
      --quiet: add each new address as a new contact without asking (for a display filter).
        muttrc:   macro index,pager A "<pipe-message>switchboard add-email<return>" "add the sender to Switchboard"
        aerc:     a = :pipe -m switchboard add-email<Enter>   (binds.conf; A archives there)
    """

    static func parse(_ arguments: [String]) throws(UsageError) -> AddEmailCommand {
        var command = AddEmailCommand()
        var cursor = ArgumentCursor(arguments)
        while let argument = cursor.next() {
            switch argument {
            case "--help", "-h": command.wantsHelp = true
            case "--all": command.all = true
            case "--quiet": command.quiet = true
            case "--user": command.opener.user = try cursor.value(for: argument)
            case "--team": command.opener.teamBook = true
            case "--db": command.opener.databasePath = try cursor.dataLocation(for: argument)
            case let flag where flag.hasPrefix("--"): throw .unknownArgument(flag)
            default:
                guard command.file == nil else { throw .unknownArgument(argument) }
                command.file = argument
            }
        }
        return command
    }

    /// What to do with one address.
    enum Choice: Equatable {
        case add
        case addTo(id: Int64, name: String)
        case skip
    }

    func run(environment: [String: String], terminal: AddEmailTerminal? = nil,
             output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        if wantsHelp { print(Self.help, to: &output); return 0 }
        let people: [MailAddress]
        do {
            people = try sender(of: try MessageInput.header(from: file ?? "-"))
        } catch let error as MailProblem {
            print("switchboard: add-email: \(error.message); nothing was added", to: &errors)
            return 1
        } catch {
            print("switchboard: add-email: \(error); nothing was added", to: &errors)
            return 1
        }
        var exitCode: Int32 = 0
        guard let store = opener.openStore(for: "add-email", environment: environment, errors: &errors, exitCode: &exitCode) else { return exitCode }
        var asker = terminal
        if !quiet && asker == nil {
            guard let tty = AddEmailTerminal.controlling() else {
                print("switchboard: add-email: no terminal to ask on (/dev/tty); use --quiet to add without asking; nothing was added", to: &errors)
                return 2
            }
            asker = tty
        }
        do throws(ServiceError) {
            var plan: [(MailAddress, Choice)] = []
            for person in people {
                if let known = try store.contacts(withEmail: person.address).first {
                    print("\(person.address) is in the address book already (\(QueryFormat.column(Self.shownName(known))))", to: &output)
                    continue
                }
                if quiet { plan.append((person, .add)); continue }
                let candidates = person.name.isEmpty ? [] : try store.contacts(matching: person.name, offset: 0, limit: 3)
                guard let choice = asker!.ask(person, candidates: candidates.map { ($0.id, Self.shownName($0)) }) else {
                    print("switchboard: add-email: no answer on the terminal; nothing was added", to: &errors)
                    return 1
                }
                plan.append((person, choice))
            }
            try store.inOneTransaction { () throws(ServiceError) in
                for (person, choice) in plan {
                    switch choice {
                    case .skip: continue
                    case .add: _ = try store.add(Self.record(for: person))
                    case .addTo(let id, _):
                        guard var record = try store.contact(id: id) else { continue }
                        if !record.emails.contains(where: { $0.lowercased() == person.address.lowercased() }) {
                            record.emails.append(person.address)
                            _ = try store.update(record)
                        }
                    }
                }
            }
            for (person, choice) in plan {
                let who = QueryFormat.column(person.name.isEmpty ? person.address : "\(person.name) <\(person.address)>")
                switch choice {
                case .skip: print("skipped \(who)", to: &output)
                case .add: print("added \(who)", to: &output)
                case .addTo(_, let name): print("added \(QueryFormat.column(person.address)) to \(QueryFormat.column(name))", to: &output)
                }
            }
            return 0
        } catch {
            print("switchboard: add-email: \(CommandLineMessage.line(for: error)); nothing was added", to: &errors)
            return 1
        }
    }

    /// The addresses to add: From (required), with `--all` Reply-To, To and Cc; each once.
    func sender(of header: MailHeaderSection) throws(MailProblem) -> [MailAddress] {
        let from = header.values(of: "From")
        guard !from.isEmpty else { throw .noAddress(field: "From") }
        var people: [MailAddress] = []
        for value in from { people += try MailAddressList.parse(value, field: "From") }
        guard !people.isEmpty else { throw .noAddress(field: "From") }
        if all {
            for field in ["Reply-To", "To", "Cc"] {
                for value in header.values(of: field) { people += try MailAddressList.parse(value, field: field) }
            }
        }
        var seen = Set<String>()
        return people.filter { seen.insert($0.address.lowercased()).inserted }
    }

    static func shownName(_ summary: ContactSummary) -> String {
        ContactRecord.shownName(displayName: summary.displayName, firstName: summary.firstName, lastName: summary.lastName)
    }

    /// A new contact for a mailbox: the name as it came (shown as written), split into first and
    /// last ("Müller, Jürgen" and "Jürgen Müller" both as Jürgen / Müller); none for an address alone.
    static func record(for person: MailAddress) -> ContactRecord {
        var name = SearchText.trimmed(QueryFormat.column(person.name))
        if name.lowercased() == person.address.lowercased() || name.lowercased() == "'\(person.address.lowercased())'" { name = "" }
        var first = "", last = "", formatted = name
        if let comma = name.firstIndex(of: ",") {
            last = SearchText.trimmed(String(name[..<comma]))
            first = SearchText.trimmed(String(name[name.index(after: comma)...]))
            formatted = ""
        } else if let space = name.lastIndex(of: " ") {
            first = SearchText.trimmed(String(name[..<space]))
            last = SearchText.trimmed(String(name[name.index(after: space)...]))
        } else {
            first = name
        }
        var record = ContactRecord(firstName: first, lastName: last, emails: [person.address])
        record.formattedName = formatted
        return record
    }
}
