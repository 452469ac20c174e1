import AppServices
import Interchange
import Storage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `switchboard query STRING`: mutt's `query_command` answer (a first line, then
/// `email<TAB>name<TAB>extra` for every address of every matching contact), which aerc's
/// `address-book-cmd` reads too. `switchboard query --birthdays`: birthdays, the next first.
struct QueryCommand {
    var text: String?
    var birthdays = false
    var today: PartialDate?
    var opener = AccountOpener()
    var wantsHelp = false

    static let help = """
    usage: switchboard query STRING [--user NAME | --team] [--db PATH]
           switchboard query --birthdays [--today YYYY-MM-DD] [--user NAME | --team] [--db PATH]
      STRING: contacts whose name, e-mail or phone match, one line per e-mail address as
      mutt's query_command wants it (email TAB name TAB company); exit 1 when none match.
        muttrc:  set query_command = "switchboard query %s"
        aerc:    address-book-cmd = switchboard query "%s"
      --birthdays: every birthday, the next one first (DATE TAB name).
    """

    /// At most this many matching contacts are listed (a mail client wants a short list).
    static let limit = 200

    static func parse(_ arguments: [String]) throws(UsageError) -> QueryCommand {
        var command = QueryCommand()
        var cursor = ArgumentCursor(arguments)
        while let argument = cursor.next() {
            switch argument {
            case "--help", "-h": command.wantsHelp = true
            case "--birthdays": command.birthdays = true
            case "--today":
                let value = try cursor.value(for: argument)
                guard let date = PartialDate(parsing: value) else { throw .badValue(flag: argument, value: value, expected: "a date like 2026-12-04") }
                command.today = date
            case "--user": command.opener.user = try cursor.value(for: argument)
            case "--team": command.opener.teamBook = true
            case "--db": command.opener.databasePath = try cursor.dataLocation(for: argument)
            case let flag where flag.hasPrefix("--"): throw .unknownArgument(flag)
            default:
                guard command.text == nil else { throw .unknownArgument(argument) }
                command.text = argument
            }
        }
        if command.text == nil && !command.birthdays && !command.wantsHelp { throw .missingValue("query STRING") }
        return command
    }

    func run(environment: [String: String], output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        if wantsHelp { print(Self.help, to: &output); return 0 }
        var exitCode: Int32 = 0
        guard let store = opener.openStore(for: "query", environment: environment, errors: &errors, exitCode: &exitCode) else { return exitCode }
        do throws(ServiceError) {
            if birthdays { return try listBirthdays(store, output: &output) }
            let query = text ?? ""
            var lines: [String] = []
            let ids = try store.contacts(matching: query, offset: 0, limit: Self.limit).map(\.id)
            for row in try store.emailAddresses(ofContacts: ids) {
                lines.append("\(clean(row.email))\t\(clean(row.name))\t\(clean(row.company))")
            }
            guard !lines.isEmpty else {
                print("No matches for “\(query)”.", to: &output)
                return 1
            }
            print("Searching Switchboard… \(lines.count) matching:", to: &output)
            for line in lines { print(line, to: &output) }
            return 0
        } catch {
            print("switchboard: query: \(CommandLineMessage.line(for: error))", to: &errors)
            return 1
        }
    }

    /// Tabs and line breaks would break the columns: they become spaces; every other control
    /// character (ESC, C1, U+2028, bidirectional overrides) becomes `�` (`SafeText.line`).
    private func clean(_ text: String) -> String {
        SafeText.line(String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 }))
    }

    private func listBirthdays(_ store: any AddressBookService, output: inout some TextOutputStream) throws(ServiceError) -> Int32 {
        let now = today ?? Self.localToday()
        let day = BirthdayDate.Day(year: now.year ?? 2000, month: now.month, day: now.day)
        // The stored birthday read as the Birthdays screen reads it; the contact by its display name (FN).
        let rows = try store.birthdays().compactMap { row -> (BirthdayDate, String)? in
            guard let date = BirthdayDate(parsing: row.birthday) else { return nil }
            return (date, ContactRecord.shownName(displayName: row.displayName, firstName: row.firstName, lastName: row.lastName))
        }
        guard !rows.isEmpty else { print("No birthdays.", to: &output); return 1 }
        let sorted = rows.enumerated().sorted { a, b in
            let da = a.element.0.next(after: day).number, db = b.element.0.next(after: day).number
            return da != db ? da < db : a.offset < b.offset
        }
        for (_, (date, name)) in sorted { print("\(date.stored)\t\(clean(name))", to: &output) }
        return 0
    }

    static func localToday() -> PartialDate {
        var t = time(nil)
        var parts = tm()
        localtime_r(&t, &parts)
        return PartialDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))!
    }
}
