import Synchronization
import AppServices

/// A team's shared directory on a PostgreSQL server, as App's `DataDirectory`: `--db
/// postgresql://…` (or `postgres://…`). Opening connects and migrates the schema; who is
/// signed in is kept on this machine for this user (`LocalSessionFile`), not on the server.
/// Whoever holds the connection string can read the whole database: the app keeps one
/// account from another's contacts, the server's roles are what keep strangers out.
public final class PostgresDirectory: DataDirectory {
    private let uri: String
    let environment: [String: String]
    private let passwordCost: Int
    let now: () -> Int64
    /// The member's sign-in of this run, shared with the app's other connection to this directory.
    private let signInCell: PostgresSignInCell
    /// The cell's generation `database` was connected at.
    private var generation = 0
    private var database: PostgresDatabase?
    private var session: LocalSessionFile?
    private var accountStore: PostgresAccountStore?
    private var memberAccounts: PostgresMemberAccounts?
    private var settingsStore: PostgresDirectorySettings?
    private var contactsCache: PostgresContactsStore?
    /// Makes the change listener (its own connection); tests give one that fails first. A retry
    /// runs it on a thread of its own (`PostgresListenerAttempt`).
    var makeListener: @Sendable (String, PostgresSignIn?) throws(ServiceError) -> PostgresChangeListener = { uri, signIn throws(ServiceError) in
        try PostgresChangeListener(uri: uri, signIn: signIn)
    }

    /// - Parameters:
    ///   - uri: a libpq connection string (`postgresql://user@host:port/dbname`).
    ///   - environment: where the session file goes (`XDG_STATE_HOME`, else `HOME`).
    ///   - passwordCost: yescrypt's cost (0: the library's default).
    ///   - signIn: a team member's sign-in of this run, shared by the directories of one app (its
    ///     main loop's and its worker's); each directory has its own by default.
    ///   - now: the wall clock, in seconds since 1970.
    public init(uri: String, environment: [String: String], passwordCost: Int = 0, signIn: PostgresSignInCell = PostgresSignInCell(),
                now: @escaping () -> Int64) {
        self.uri = uri
        self.environment = environment
        self.passwordCost = passwordCost
        self.signInCell = signIn
        self.now = now
    }

    public func open() throws(ServiceError) -> Account? {
        try open(prepared: Self.opening(uri: uri, environment: environment, passwordCost: passwordCost, signIn: signInCell.current))
    }

    /// Connecting, migrating and reading the saved session wait on the network: a job for the app's
    /// worker thread, which hands its answer to `open(prepared:)` on the main loop.
    public func openingJob() -> (@Sendable () throws(ServiceError) -> PreparedOpening<Opened>)? {
        let uri = uri, environment = environment, passwordCost = passwordCost, cell = signInCell
        return { () throws(ServiceError) -> PreparedOpening<Opened> in
            try Self.opening(uri: uri, environment: environment, passwordCost: passwordCost, signIn: cell.current)
        }
    }

    public func open(prepared: PreparedOpening<Opened>) throws(ServiceError) -> Account? {
        let opened = prepared.opened
        session = opened.session
        generation = opened.generation
        use(opened.database)
        return prepared.account
    }

    /// The connection an opening made (nil: the server wants a member's password, typed at Log
    /// In), this machine's session file, and the sign-in generation it connected at.
    public struct Opened: Sendable {
        let database: PostgresDatabase?
        let session: LocalSessionFile
        let generation: Int
    }

    /// Connects (migrating the schema), opens this machine's session file, and reads the saved
    /// session and whether any account exists: everything of opening that waits on the server.
    /// A server that wants a password libpq has none for opens on Log In, where a team's member types it.
    private nonisolated static func opening(uri: String, environment: [String: String], passwordCost: Int,
                                            signIn: (signIn: PostgresSignIn?, generation: Int)) throws(ServiceError) -> PreparedOpening<Opened> {
        let session = try LocalSessionFile(server: uri, environment: environment)
        let db: PostgresDatabase
        do {
            db = try PostgresDatabase(uri: uri, signIn: signIn.signIn)
        } catch where error.code == .passwordNeeded || error.code == .sqlState("28P01") && signIn.signIn == nil {
            return PreparedOpening(account: nil, hasAccounts: true, opened: Opened(database: nil, session: session, generation: signIn.generation))
        }
        if db.isTeamDirectory {
            let member = db.memberAtOpening
            let account = member.flatMap { session.read() == $0.id ? $0 : nil }
            return PreparedOpening(account: account, hasAccounts: true, opened: Opened(database: db, session: session, generation: signIn.generation))
        }
        let accounts = PostgresAccountStore(database: db, session: session, hasher: PasswordHasher(cost: passwordCost))
        let account = try accounts.savedSession()
        let hasAccounts = ((try? accounts.accountCount()) ?? 1) > 0
        return PreparedOpening(account: account, hasAccounts: hasAccounts, opened: Opened(database: db, session: session, generation: signIn.generation))
    }

    /// Takes `db` as this directory's connection: the stores are made on it.
    private func use(_ db: PostgresDatabase?) {
        database = db
        runningCall.set(db?.connection.cancelHandle)
        contactsCache = nil
        if let db, !db.isTeamDirectory {
            accountStore = PostgresAccountStore(database: db, session: session!, hasher: PasswordHasher(cost: passwordCost))
            memberAccounts = nil
        } else {
            accountStore = nil
            if memberAccounts == nil { memberAccounts = PostgresMemberAccounts(directory: self, session: session!) }
        }
        if settingsStore == nil { settingsStore = PostgresDirectorySettings(directory: self) }
    }

    // MARK: A team member's sign-in

    /// The connection, made again when the other connection of this app signed someone else in
    /// (nil: not connected, the server wanting a password no one has typed yet).
    var connectedDatabase: PostgresDatabase? {
        let current = signInCell.current
        if current.generation != generation, let signIn = current.signIn, let db = try? PostgresDatabase(uri: uri, signIn: signIn) {
            generation = current.generation
            use(db)
            listener = nil
            listenerRetry = nil // made for the sign-in before: its listener is let go of
            nextListenerTry = .min
        }
        return database
    }

    /// A new connection signed in as `signIn` (the directory's own is unchanged until `adopt`).
    func connect(_ signIn: PostgresSignIn) throws(ServiceError) -> PostgresDatabase {
        try PostgresDatabase(uri: uri, signIn: signIn)
    }

    /// Makes `db` (signed in as `signIn`) this directory's connection and tells the app's other connection.
    func adopt(_ db: PostgresDatabase, signIn: PostgresSignIn) {
        signInCell.set(signIn)
        generation = signInCell.current.generation
        use(db)
        listener = nil
        listenerRetry = nil
        nextListenerTry = .min
    }

    /// Remembers a new password of the signed-in member (changed in Settings) for this run.
    func remember(_ signIn: PostgresSignIn) {
        signInCell.set(signIn)
        generation = signInCell.current.generation
    }

    /// Logging out: the password typed at Log In is forgotten (the connection stays until the next sign-in replaces it).
    func forgetSignIn() {
        signInCell.set(nil)
        generation = signInCell.current.generation
    }

    /// A team directory, or one that could not be opened for want of a member's password: its
    /// members sign in as themselves, and no account is made here.
    public var signInKind: SignInKind {
        guard database == nil || database?.isTeamDirectory == true else { return .appAccounts }
        return .teamMembers(suggestedName: PostgresConnection.parsed(uri)?["user"] ?? "")
    }

    /// The listener could not connect: its next try (5 s, doubling up to 5 min); or it lost its
    /// connection and is making it again on its own thread: a second from now, so the main loop
    /// (which has no socket to wait on meanwhile) wakes to take the new one.
    public var liveUpdatesRetryAt: Int64? {
        guard database != nil else { return nil }
        if let listener { return listener.isReconnecting ? now() + 1 : nil }
        if listenerRetry != nil { return now() + 1 } // a retry is connecting: wake to take its listener
        return nextListenerTry != .min ? nextListenerTry : nil
    }

    /// The connection whose statement `stopRunningCall` stops (the current one, whichever it is).
    private let runningCall = PostgresRunningCall()

    public var stopRunningCall: (@Sendable () -> Void)? {
        let runningCall = runningCall
        return { runningCall.cancel() }
    }

    public var accounts: AccountsService {
        _ = connectedDatabase
        if let accountStore { return accountStore }
        return memberAccounts!
    }
    public var settings: SettingsService { settingsStore! }

    public func contacts(for account: Account) -> ContactsService & FriendsService { contactsStore(for: account) }

    public func addressBook(for account: Account) -> (any AddressBookService)? { contactsStore(for: account) }

    /// The account's contacts on the main connection (made once per account).
    func contactsStore(for account: Account) -> PostgresContactsStore {
        // Connected: an account comes from a connection's sign-in (the saved session or Log In).
        let db = connectedDatabase!
        if let contactsCache, contactsCache.accountID == account.id { return contactsCache }
        let store = PostgresContactsStore(database: db, accountID: account.id, now: now)
        contactsCache = store
        return store
    }

    public func contactsOfBothBooks(for account: Account) -> ContactsService? {
        guard let team = teamBook(for: account), team.id != account.id else { return nil }
        return PostgresContactsStore(database: connectedDatabase!, scope: .both(own: account.id, team: team.id), now: now)
    }

    public func teamBook(for account: Account) -> Account? {
        connectedDatabase?.teamBookID.map { Account(id: $0, username: PostgresTeamDirectory.teamBookName) }
    }

    public func activity(for account: Account) -> ActivityService {
        PostgresActivityStore(database: connectedDatabase!, accountID: account.id)
    }

    private var listener: PostgresChangeListener?
    /// When the listener may be tried (again): at once at first; after a failed try, later and
    /// later (5 s doubling to 5 min), so a server that was down when the app started still gets
    /// its live updates once it is back.
    private var nextListenerTry: Int64 = .min
    private var listenerBackoff: Int64 = 5
    /// A retry connecting on its own thread (after the first try failed, a server in trouble may
    /// keep a connect waiting for libpq's whole timeout: not on the main loop).
    private var listenerRetry: PostgresListenerAttempt?

    /// Waits until a retry that is connecting is over (tests; the app never waits).
    func waitForListenerRetry() { listenerRetry?.waitUntilOver() }

    /// The server's announcements (`PostgresChangeListener`, its own connection): an account
    /// announced, or a listener that had to connect again and may have missed some.
    public func changedElsewhere(for account: Account) -> Bool { changedElsewhere(for: account, waitingUpTo: 0) }

    /// The same, waiting up to `timeoutMilliseconds` for an announcement (tests; the app never waits).
    func changedElsewhere(for account: Account, waitingUpTo timeoutMilliseconds: Int32) -> Bool {
        let started = startListening()
        guard let listener else { return false }
        let announced = listener.changedAccounts(waitingUpTo: timeoutMilliseconds)
        let changed = announced.contains(account.id) || database?.teamBookID.map(announced.contains) == true
        // A change committed before the listener listened was announced to no one: the first
        // look after it starts says "changed", so what is on screen is read once more.
        return listener.takeMissedChanges() || changed || started
    }

    /// The listener's socket while it is connected (made at the first ask after `open`, and tried
    /// again with back-off when it could not connect; the run loop asks at each wake-up).
    public var changeSignal: Int32? {
        _ = startListening()
        return listener?.socket
    }

    /// Makes the listener when there is none and its time has come; true when this call made it
    /// (or took the one a retry made). The first try is made here, just after the directory's own
    /// connection was: a retry, after a try that failed, connects on a thread of its own and is
    /// taken at a later ask.
    private func startListening() -> Bool {
        guard listener == nil, database != nil else { return false }
        let time = now()
        if let retry = listenerRetry {
            switch retry.current {
            case .running: return false
            case .made(let made):
                listenerRetry = nil
                listener = made
                return true
            case .failed:
                listenerRetry = nil
                listenerFailed(at: time)
                return false
            }
        }
        guard time >= nextListenerTry else { return false }
        if nextListenerTry != .min {
            let (make, uri, signIn) = (makeListener, uri, signInCell.current.signIn)
            listenerRetry = PostgresListenerAttempt.start { () throws(ServiceError) in try make(uri, signIn) }
            if listenerRetry == nil { listenerFailed(at: time) }
            return false
        }
        do {
            listener = try makeListener(uri, signInCell.current.signIn)
            return true
        } catch {
            listenerFailed(at: time)
            return false
        }
    }

    /// The next try later and later (5 s doubling to 5 min).
    private func listenerFailed(at time: Int64) {
        nextListenerTry = time + listenerBackoff
        listenerBackoff = min(listenerBackoff * 2, 300)
    }

    public var location: DataDescription {
        DataDescription(place: "PostgreSQL " + PostgresConnection.redacted(uri), bytes: nil, isFile: false)
    }

    /// The server, as the place of an error (its address without its password).
    var serverPlace: ServiceError.Place { .server(PostgresConnection.redacted(uri)) }
}

/// A directory's settings on whichever connection it has now (a team member's, made at Log In).
final class PostgresDirectorySettings: SettingsService {
    private unowned let directory: PostgresDirectory

    init(directory: PostgresDirectory) { self.directory = directory }

    private func store() throws(ServiceError) -> PostgresSettingsStore {
        guard let db = directory.connectedDatabase else {
            throw ServiceError(.refused, place: directory.serverPlace, detail: "", code: .passwordNeeded)
        }
        return PostgresSettingsStore(database: db)
    }

    func settings(for accountID: Int64) throws(ServiceError) -> UserSettings { try store().settings(for: accountID) }

    func save(_ settings: UserSettings, for accountID: Int64, now: Int64) throws(ServiceError) {
        try store().save(settings, for: accountID, now: now)
    }
}

/// The cancel handle of a directory's current connection, shared with the thread that stops its calls.
final class PostgresRunningCall: Sendable {
    private let handle = Mutex<PostgresCancelHandle?>(nil)

    func set(_ new: PostgresCancelHandle?) { handle.withLock { $0 = new } }

    func cancel() { handle.withLock { $0 }?.cancel() }
}
