import CardMapping
import AppServices
import CardDAV
import Storage
import Sync

/// `switchboard sync add URL --username NAME …` sets up a CardDAV account; `switchboard sync`
/// syncs every account once (for cron and systemd timers) and prints one summary line.
/// The password is never stored and never an argument: `--password-command` prints it, or it is
/// typed (hidden) at each run.
struct SyncCommand {
    enum Action: Equatable { case run, add(url: String), passwordCommand(String) }

    var action = Action.run
    var opener = AccountOpener()
    var username: String?
    var passwordCommand: String?
    var caFile: String?
    /// `--addressbook NAME` or `all`.
    var addressBook: String?
    var wantsHelp = false
    /// `--verbose`: a line per account after the summary (requests sent, milliseconds taken).
    var verbose = false
    /// `--progress`: the app's child-process protocol on standard output (`SyncChildLine`), not
    /// the lines a person reads.
    var progress = false
    /// `--passwords-on-stdin`: passwords typed in the app come on standard input, never as
    /// arguments: for `sync add`, the first line; for `sync`, `ID<TAB>PASSWORD` lines (the sync
    /// account's id) up to the end of input.
    var passwordsOnStdin = false
    /// `sync add --list-addressbooks`: list the server's address books and store nothing.
    var listOnly = false
    /// The timeouts and sizes a server (and a password command) is held to.
    var limits = SyncLimitArguments()
    /// `--lifeline-fd N`: a pipe the app holds open while it runs; its end (the app has gone) ends
    /// this process at once, so nothing is written after (`SyncLifeline`).
    var lifeline: Int32?
    /// When the command was read: the pass's time (`--sync-timeout`) counts from here, a password command's included.
    var began = ContinuousClock.now
    /// `--allow-wipe`: a pull may delete most of an address book's contacts here (all of them, or
    /// over half of more than ten), which a sync otherwise refuses (an address book emptied, or
    /// deleted and made again, on the server).
    var allowWipe = false
    /// The data location given to `run` (the sign-in of a shared directory is read against it).
    private var location = ""

    static let help = """
    usage: switchboard sync [--verbose] [--allow-wipe] [--user NAME | --team] [--db PATH|URL] [LIMITS]
           switchboard sync add URL --username NAME [--password-command CMD] [--ca-file PEM]
                                    [--addressbook NAME|all] [--user NAME | --team] [--db PATH|URL] [LIMITS]
           switchboard sync password-command CMD [--team] --db URL
      sync add finds the address books from the server's address (/.well-known/carddav, the
      principal, its address book home): with one it is taken; with several, name one with
      --addressbook NAME (its name or the last part of its URL) or take them all with
      --addressbook all; given one address book's own URL, sync add takes that one. An address
      book another account here syncs already is refused (one account per address book). The
      contacts already here go to the first at the next sync, as do contacts added later. The
      password comes from --password-command (its first line of output, as mbsync's PassCmd)
      or is typed, hidden; it is never stored. TLS certificates
      are always checked: against the system's CAs, or the CA certificates in --ca-file PEM.
      On a shared directory (--db postgresql://…) each person's accounts are their own: on a
      team directory the member signed in (the team book with --team, for its editors). There the
      directory keeps each account's address and user name only: a password command is kept on
      this machine ($XDG_CONFIG_HOME/switchboard/sync/, else ~/.config/switchboard/sync/), for that
      address and user — never run when the directory's account names another since. Another
      member who syncs the same account (the team book's) keeps their own with
      sync password-command CMD.
      sync syncs every account in the data file once (only NAME's with --user) and prints
      "↓ 12 new, 3 changed, 1 deleted · ↑ 2 sent · 1 conflict". Conflicts keep both sides: the
      server's version in the list, yours beside it. A sync that would delete all the contacts
      of an address book here, or over half of more than ten (the address book emptied, or deleted
      and made again, on the server), stops before deleting any and says so; --allow-wipe lets
      it delete them (as vdirsyncer's --force-delete). Exit 0 when every account synced, 1 when
      one could not (the reason on stderr), 2 for a wrong command line. --verbose adds a line
      per account: the requests it took, how long, and how much of it was the server's.
      The address is given without a user name or password in it (http://alice:…@host/ is
      refused: it would be stored and shown); the user name goes to --username.
    \(SyncLimitArguments.help)
      For the app (which runs sync as a child process): --progress prints tab-separated lines
      (progress DONE TOTAL, sent N, summary LINE, error KIND FIELDS…, wipe BOOK N OF; with sync add,
      book URL NAME and added NAMES); --passwords-on-stdin reads typed passwords from standard
      input (sync add: the first line; sync: ID<TAB>PASSWORD lines; on a shared directory a
      line ROLE<TAB>PASSWORD before them, the member's sign-in, empty for none); sync add
      --list-addressbooks stores nothing; --lifeline-fd N names a pipe the app keeps open: when
      it closes, the sync ends at once.
    """

    static func parse(_ arguments: [String]) throws(UsageError) -> SyncCommand {
        var command = SyncCommand()
        var cursor = ArgumentCursor(arguments)
        var words: [String] = []
        while let argument = cursor.next() {
            switch argument {
            case "--help", "-h": command.wantsHelp = true
            case "--user": command.opener.user = try cursor.value(for: argument)
            case "--team": command.opener.teamBook = true
            case "--db": command.opener.databasePath = try cursor.dataLocation(for: argument)
            case "--username": command.username = try cursor.value(for: argument)
            case "--password-command": command.passwordCommand = try cursor.value(for: argument)
            case "--ca-file": command.caFile = try cursor.path(for: argument)
            case "--addressbook": command.addressBook = try cursor.value(for: argument)
            case "--verbose", "-v": command.verbose = true
            case "--progress": command.progress = true
            case "--passwords-on-stdin": command.passwordsOnStdin = true
            case "--list-addressbooks": command.listOnly = true
            case "--lifeline-fd":
                let value = try cursor.value(for: argument)
                guard let fd = Int32(value), fd > 2 else { throw .badValue(flag: argument, value: value, expected: "a descriptor number above 2") }
                command.lifeline = fd
            case let flag where SyncLimitArguments.flags.contains(flag): try command.limits.read(flag, from: &cursor)
            case "--allow-wipe": command.allowWipe = true
            case let flag where flag.hasPrefix("--"): throw .unknownArgument(flag)
            default: words.append(argument)
            }
        }
        if command.wantsHelp { return command }
        switch words.first {
        case nil:
            if command.username != nil || command.passwordCommand != nil || command.caFile != nil || command.addressBook != nil || command.listOnly {
                throw .badValue(flag: "sync", value: "", expected: "sync add URL --username NAME … to use --username, --password-command, --ca-file or --addressbook")
            }
        case "password-command":
            guard words.count == 2 else { throw words.count < 2 ? .missingValue("sync password-command CMD") : .unknownArgument(words[2]) }
            command.action = .passwordCommand(words[1])
        case "add":
            guard words.count == 2 else { throw words.count < 2 ? .missingValue("sync add URL") : .unknownArgument(words[2]) }
            let address = ServerAddress(words[1])
            guard !address.hasUserInfo else { throw .badValue(flag: "sync add", value: address.url, expected: address.refusal) }
            guard command.username != nil else { throw .missingValue("--username") }
            guard words[1].hasPrefix("http://") || words[1].hasPrefix("https://") else {
                throw .badValue(flag: "sync add", value: words[1], expected: "the server's http:// or https:// address, such as https://dav.example.com/")
            }
            if command.allowWipe { throw .badValue(flag: "--allow-wipe", value: "", expected: "switchboard sync --allow-wipe (it is for a sync, not sync add)") }
            command.action = .add(url: words[1])
        default:
            throw .unknownArgument(words[0])
        }
        return command
    }

    func run(environment: [String: String], input: PasswordInput? = nil,
             output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        if wantsHelp { print(Self.help, to: &output); return 0 }
        if let lifeline { SyncLifeline.watch(lifeline) }
        let input = input ?? .standard(commandTimeout: limits.passwordTimeout)
        let location = opener.databasePath ?? DefaultDataFile.path(environment: environment)
        guard let location else { print("switchboard: sync: \(UsageError.noDataLocation)", to: &errors); return 2 }
        var command = self
        if passwordsOnStdin, PostgresConnection.isURI(location) {
            // The app's child on a shared directory: the member's sign-in comes first, as
            // ROLE<TAB>PASSWORD (an empty line: none; the connection string or ~/.pgpass sign in).
            command.opener.signIn = Self.signIn(from: input.readLine(nil) ?? "")
        }
        return command.runOn(location, environment: environment, input: input, output: &output, errors: &errors)
    }

    /// `ROLE<TAB>PASSWORD`, else nil.
    static func signIn(from line: String) -> PostgresSignIn? {
        guard let tab = line.firstIndex(of: "\t") else { return nil }
        let password = String(line[line.index(after: tab)...])
        return password.isEmpty ? nil : PostgresSignIn(role: String(line[..<tab]), password: password)
    }

    private func runOn(_ location: String, environment: [String: String], input: PasswordInput,
                       output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        if AccountOpener.isMissingFile(location) { return fail(.noAccount(.noDataFile(place: location)), code: 1, output: &output, errors: &errors) }
        switch action {
        case .add(let url): return add(url, location: location, environment: environment, input: input, output: &output, errors: &errors)
        case .run: return syncAll(location: location, environment: environment, input: input, output: &output, errors: &errors)
        case .passwordCommand(let command): return keep(command, location: location, environment: environment, output: &output, errors: &errors)
        }
    }

    // MARK: sync password-command

    /// Keeps `command` on this machine for the sync accounts of the book (the member's, the team's
    /// with --team) of a shared directory, for their address and user as they are now.
    private func keep(_ command: String, location: String, environment: [String: String],
                      output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        let opened: (data: CommandLineData, account: Account, path: String)
        do throws(AccountOpener.Failure) {
            opened = try opener.open(environment: environment)
        } catch {
            return fail(error, output: &output, errors: &errors)
        }
        guard let local = opened.data.localSyncCommands else {
            print("switchboard: sync: password-command is for a shared directory's accounts (a data file keeps the one sync add was given)", to: &errors)
            return 2
        }
        let store = opened.data.syncStore()
        do throws(ServiceError) {
            let accounts = try store.accounts(of: opened.account.id)
            guard !accounts.isEmpty else {
                print("switchboard: sync: no CardDAV account is set up for \(opened.account.username) in \(opened.path)", to: &errors)
                return 1
            }
            for account in accounts {
                try local.set(command, syncAccountID: account.id, url: account.url, username: account.username)
                print("kept on this machine: the password command for \(account.username) at \(account.url) (\(local.path))", to: &output)
            }
            return 0
        } catch {
            print("switchboard: sync: \(CommandLineMessage.line(for: error))", to: &errors)
            return 1
        }
    }

    // MARK: sync add

    private func add(_ url: String, location: String, environment: [String: String], input: PasswordInput,
                     output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        let account: Account
        let data: CommandLineData
        do throws(AccountOpener.Failure) {
            (data, account, _) = try opener.open(environment: environment)
        } catch {
            return fail(error, output: &output, errors: &errors)
        }
        let user = username ?? ""
        let password: String
        if passwordsOnStdin, passwordCommand == nil {
            guard let line = input.readLine(nil), !line.isEmpty else {
                return fail(.account(user: user, url: url, .passwordNotTyped), code: 1, output: &output, errors: &errors)
            }
            password = line
        } else {
            switch Self.password(for: user, at: url, command: passwordCommand, input: input) {
            case .success(let p): password = p
            case .failure(let why):
                return fail(why.command.map { .account(user: user, url: url, .passwordCommandFailed($0)) } ?? .passwordUnavailable(why.text),
                            code: 1, output: &output, errors: &errors)
            }
        }
        let found: CardDAVAccount
        do throws(CardDAVError) {
            let client = CardDAVClient(transport: try CardDAVTransport(credentials: .init(user: user, password: password), options: transportOptions(caFile: caFile)))
            found = try client.discover(from: url)
        } catch {
            return fail(.server(error.failure), code: 1, output: &output, errors: &errors)
        }
        if listOnly {
            for book in found.addressBooks {
                print(progress ? SyncChildLine.book(url: book.url, name: Self.name(of: book)).text : "\(Self.name(of: book))\t\(book.url)", to: &output)
            }
            return 0
        }
        let books: [AddressBook]
        switch Self.choose(addressBook, from: found.addressBooks, given: url) {
        case .success(let chosen): books = chosen
        case .failure(let why):
            return fail(why, code: found.addressBooks.isEmpty ? 1 : 2, output: &output, errors: &errors)
        }
        do throws(ServiceError) {
            let store = data.syncStore()
            // One account per address book: a second would sync the same cards as other contacts.
            if let taken = try Self.alreadySynced(books, in: store) {
                return fail(taken, code: 1, output: &output, errors: &errors)
            }
            try store.addAccount(accountID: account.id, url: url, homeURL: found.homeURL, username: user, passwordCommand: passwordCommand,
                                 caFile: caFile, books: books.map { ($0.url, Self.name(of: $0)) })
            let pending = try store.pendingCount()
            if progress { print(SyncChildLine.added(books: books.map { Self.name(of: $0) }).text, to: &output); return 0 }
            print("added \(user) at \(url): " + books.map { Self.name(of: $0) }.joined(separator: ", ")
                  + (pending > 0 ? " (\(pending) contact\(pending == 1 ? "" : "s") here will go up at the next sync)" : "")
                  + "; run switchboard sync", to: &output)
            return 0
        } catch {
            return fail(.storage(error), code: 1, output: &output, errors: &errors)
        }
    }

    /// The limits of this run for a transport (the pass's time counted from when the command began).
    private func transportOptions(caFile: String?) -> CardDAVTransport.Options {
        CardDAVTransport.Options(limits: limits.server, passDeadline: began + limits.server.passTimeout, caFile: caFile)
    }

    /// Says why on standard error, in App's words and the command line's advice (and, for the
    /// app, as an `error` line on standard output: the value, whose sentence the app makes); returns `code`.
    private func fail(_ failure: SyncFailure, advice: String = "", code: Int32,
                      output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        print("switchboard: sync: \(CommandLineMessage.line(for: failure))\(advice)", to: &errors)
        if progress { print(SyncChildLine.error(failure).text, to: &output) }
        return code
    }

    /// Says why the account opener found nothing to use: a usage error on standard error only
    /// (code 2), else as `fail(_:code:)` does, its value on the `error` line (code 1).
    private func fail(_ failure: AccountOpener.Failure, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        guard let sync = failure.syncFailure else { print("switchboard: sync: \(failure.text)", to: &errors); return 2 }
        return fail(sync, code: 1, output: &output, errors: &errors)
    }

    /// The passwords the app typed, by sync account id (`--passwords-on-stdin`): `ID<TAB>PASSWORD` lines.
    static func typedPasswords(from input: PasswordInput) -> [Int64: String] {
        var passwords: [Int64: String] = [:]
        while let line = input.readLine(nil) {
            guard let tab = line.firstIndex(of: "\t"), let id = Int64(line[..<tab]) else { continue }
            passwords[id] = String(line[line.index(after: tab)...])
        }
        return passwords
    }

    /// An address book's name as a person knows it: its displayname, else its URL's last part.
    static func name(of book: AddressBook) -> String {
        if let name = book.displayName, !name.isEmpty { return name }
        return lastSegment(of: book.url)
    }

    static func lastSegment(of url: String) -> String {
        var parts = url.split(separator: "/")
        if parts.last?.isEmpty == true { parts.removeLast() }
        return parts.last.map(String.init) ?? url
    }

    /// The address books `wanted` names (nil: the one whose URL was `given`, else the only one there is).
    static func choose(_ wanted: String?, from books: [AddressBook], given url: String? = nil) -> Result<[AddressBook], SyncFailure> {
        guard !books.isEmpty else { return .failure(.noAddressBooks) }
        let listed = books.map { ListedAddressBook(name: name(of: $0), url: $0.url) }
        guard let wanted else {
            if books.count == 1 { return .success(books) }
            if let url, let given = books.first(where: { CollectionAddress.same($0.url, url) }) { return .success([given]) }
            return .failure(.addressBookNotChosen(books: listed))
        }
        if wanted == "all" { return .success(books) }
        let matching = books.filter { $0.url == wanted || $0.displayName == wanted || lastSegment(of: $0.url) == wanted }
        guard !matching.isEmpty else { return .failure(.noSuchAddressBook(wanted, books: listed)) }
        return .success(Array(matching.prefix(1)))
    }

    /// Why `books` cannot be added (one of them is synced by an account here already), or nil.
    static func alreadySynced(_ books: [AddressBook], in store: any SyncStore) throws(ServiceError) -> SyncFailure? {
        for account in try store.accounts() {
            for kept in try store.books(of: account.id) {
                guard let book = books.first(where: { CollectionAddress.same($0.url, kept.url) }) else { continue }
                return .alreadySynced(book: name(of: book), url: book.url, user: account.username, server: account.url)
            }
        }
        return nil
    }

    /// The password of `user` at `url`: the command's first line, else typed once, hidden.
    /// `shared`: a shared directory, where a command is kept on this machine (`sync password-command`).
    static func password(for user: String, at url: String, command: String?, input: PasswordInput,
                         shared: Bool = false, team: Bool = false) -> Result<String, PasswordInput.Failure> {
        if let command {
            switch input.runCommand(command) {
            case .success(let line) where !line.isEmpty: return .success(line)
            case .success: return .failure(.init(text: "--password-command printed an empty line: no password for \(user) at \(url)", command: .printedNothing))
            case .failure(let why): return .failure(why)
            }
        }
        guard let typed = input.readLine("Password for \(user) at \(url): "), !typed.isEmpty else {
            if shared {
                return .failure(.init(text: "no password for \(user) at \(url): type it, pipe it in, or keep a command for it on this machine with switchboard sync password-command CMD\(team ? " --team" : "") --db … (the directory keeps none)"))
            }
            return .failure(.init(text: "no password for \(user) at \(url): type it, pipe it in, or set the account up with --password-command CMD"))
        }
        return .success(typed)
    }

    // MARK: sync

    private func syncAll(location: String, environment: [String: String], input: PasswordInput,
                         output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        // Every account of the file (only NAME's with --user); on a team directory the member's who
        // signed in (the team book's with --team), whose sync state is all the server lets them see.
        var only: Int64?
        var data: CommandLineData?
        var place = location
        do throws(AccountOpener.Failure) {
            if PostgresConnection.isURI(location) {
                let opened: CommandLineData
                do throws(ServiceError) {
                    opened = try CommandLineData(location: location, environment: environment, signIn: opener.signIn)
                } catch {
                    throw .storage(error)
                }
                data = opened
                place = opened.place
                if opened.team != nil || opener.user != nil || opener.teamBook { only = try opener.account(in: opened).id }
            } else if opener.user != nil {
                only = try opener.open(environment: environment).account.id
            }
        } catch {
            return fail(error, output: &output, errors: &errors)
        }
        let store: any SyncStore
        let accounts: [SyncAccountRow]
        do throws(ServiceError) {
            if let data { store = data.syncStore() } else { store = SQLiteSyncStore(database: try SQLiteDatabase(path: location)) }
            accounts = try store.accounts(of: only)
        } catch {
            return fail(.storage(error), code: 1, output: &output, errors: &errors)
        }
        guard !accounts.isEmpty else { return fail(.noAccounts(place: place), code: 1, output: &output, errors: &errors) }
        let engine = SyncEngine(store: store, coding: ContactSyncCoding())
        engine.allowsWipe = allowWipe
        if progress {
            engine.progress = { done, total in
                var out = StandardOutput()
                print(SyncChildLine.progress(done: done, total: total).text, to: &out)
            }
            engine.afterSend = { count in
                var out = StandardOutput()
                print(SyncChildLine.sent(count).text, to: &out)
            }
        }
        let typed = passwordsOnStdin ? Self.typedPasswords(from: input) : [:]
        var total = SyncSummary()
        var failed = false
        var details: [String] = []
        let local = data?.localSyncCommands
        // An address book two accounts sync (set up twice before `sync add` refused it): the first
        // account syncs it, the others leave it alone, said once a sync (else every card would be
        // read twice and listed as another's UID).
        var syncedBy: [(url: String, by: SyncAccountRow)] = []
        for account in accounts {
            // An address stored with a user name or password in it (before such were refused) is never shown whole.
            let shownURL = ServerAddress.shown(account.url)
            let books = (try? store.books(of: account.id)) ?? []
            if let twice = books.lazy.compactMap({ book in syncedBy.first { CollectionAddress.same($0.url, book.url) }.map { (book, $0.by) } }).first {
                print("switchboard: sync: \(account.username) at \(shownURL) skipped: its address book “\(twice.0.displayName)” is synced already "
                      + "by \(twice.1.username) at \(ServerAddress.shown(twice.1.url)) (one account per address book)", to: &errors)
                continue
            }
            syncedBy += books.map { ($0.url, account) }
            // A command kept on this machine for another address or user: the directory's account was changed since.
            if account.passwordCommand == nil, let stale = local?.stale(for: account), !(passwordsOnStdin && typed[account.id] != nil) {
                failed = true
                _ = fail(.account(user: account.username, url: shownURL,
                                  .passwordCommandStale(user: stale.username, url: ServerAddress.shown(stale.url), team: opener.teamBook)),
                         code: 1, output: &output, errors: &errors)
                continue
            }
            let password: String
            if passwordsOnStdin, account.passwordCommand == nil {
                guard let p = typed[account.id], !p.isEmpty else {
                    failed = true
                    _ = fail(.account(user: account.username, url: shownURL, .passwordNotTyped), code: 1, output: &output, errors: &errors)
                    continue
                }
                password = p
            } else {
                switch Self.password(for: account.username, at: shownURL, command: account.passwordCommand, input: input,
                                     shared: local != nil, team: opener.teamBook) {
                case .success(let p): password = p
                case .failure(let why):
                    // Which account's command failed, as a value (the words only where no command ran).
                    _ = fail(why.command.map { .account(user: account.username, url: shownURL, .passwordCommandFailed($0)) } ?? .passwordUnavailable(why.text),
                             code: 1, output: &output, errors: &errors)
                    failed = true
                    continue
                }
            }
            do throws(SyncError) {
                let transport: CardDAVTransport
                do throws(CardDAVError) {
                    transport = try CardDAVTransport(credentials: .init(user: account.username, password: password), options: transportOptions(caFile: account.caFile))
                } catch { throw .server(error) }
                let started = ContinuousClock.now
                total.add(try engine.sync(account, client: CardDAVClient(transport: transport)))
                let took = ContinuousClock.now - started
                let ms = took.components.seconds * 1000 + took.components.attoseconds / 1_000_000_000_000_000
                details.append("\(account.username) at \(shownURL): \(transport.requestCount) requests, \(ms) ms (\(transport.serverMilliseconds) ms waiting for the server)")
            } catch {
                // What the pass applied before it stopped is kept (each batch whole): the summary says so.
                total.add(engine.lastSummary)
                if case .wipeRefused(let book, let deleting, let of) = error {
                    if progress { print(SyncChildLine.wipe(book: book, deleting: deleting, of: of).text, to: &output) }
                    _ = fail(.account(user: account.username, url: shownURL, error.failure),
                             advice: ". If they were deleted there on purpose, switchboard sync --allow-wipe deletes them here too",
                             code: 1, output: &output, errors: &errors)
                } else {
                    _ = fail(.account(user: account.username, url: shownURL, error.failure), code: 1, output: &output, errors: &errors)
                }
                failed = true
            }
        }
        print(progress ? SyncChildLine.summary(total.line).text : total.line, to: &output)
        if verbose { for line in details { print(line, to: &output) } }
        for note in total.notes { print("switchboard: sync: \(note)", to: &errors) }
        return failed || total.refused > 0 ? 1 : 0
    }
}
