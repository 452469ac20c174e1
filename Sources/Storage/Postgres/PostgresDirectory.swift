import AppServices

/// A team's shared directory on a PostgreSQL server, as App's `DataDirectory`: `--db
/// postgresql://…` (or `postgres://…`). Opening connects and migrates the schema; who is
/// signed in is kept on this machine for this user (`LocalSessionFile`), not on the server.
/// Whoever holds the connection string can read the whole database: the app keeps one
/// account from another's contacts, the server's roles are what keep strangers out.
public final class PostgresDirectory: DataDirectory {
    private let uri: String
    private let environment: [String: String]
    private let passwordCost: Int
    private let now: () -> Int64
    private var database: PostgresDatabase?
    private var accountStore: PostgresAccountStore?
    private var settingsStore: PostgresSettingsStore?
    private var contactsCache: PostgresContactsStore?
    /// Makes the change listener (its own connection); tests give one that fails first.
    var makeListener: (String) throws(ServiceError) -> PostgresChangeListener = { uri throws(ServiceError) in try PostgresChangeListener(uri: uri) }

    /// - Parameters:
    ///   - uri: a libpq connection string (`postgresql://user:password@host:port/dbname`).
    ///   - environment: where the session file goes (`XDG_STATE_HOME`, else `HOME`).
    ///   - passwordCost: yescrypt's cost (0: the library's default).
    ///   - now: the wall clock, in seconds since 1970.
    public init(uri: String, environment: [String: String], passwordCost: Int = 0, now: @escaping () -> Int64) {
        self.uri = uri
        self.environment = environment
        self.passwordCost = passwordCost
        self.now = now
    }

    public func open() throws(ServiceError) -> Account? {
        try open(prepared: Self.opening(uri: uri, environment: environment, passwordCost: passwordCost))
    }

    /// Connecting, migrating and reading the saved session wait on the network: a job for the app's
    /// worker thread, which hands its answer to `open(prepared:)` on the main loop.
    public func openingJob() -> (@Sendable () throws(ServiceError) -> PreparedOpening<Opened>)? {
        let uri = uri, environment = environment, passwordCost = passwordCost
        return { () throws(ServiceError) -> PreparedOpening<Opened> in
            try Self.opening(uri: uri, environment: environment, passwordCost: passwordCost)
        }
    }

    public func open(prepared: PreparedOpening<Opened>) throws(ServiceError) -> Account? {
        let opened = prepared.opened
        database = opened.database
        accountStore = PostgresAccountStore(database: opened.database, session: opened.session, hasher: PasswordHasher(cost: passwordCost))
        settingsStore = PostgresSettingsStore(database: opened.database)
        return prepared.account
    }

    /// The connection an opening made, and this machine's session file.
    public struct Opened: Sendable {
        let database: PostgresDatabase
        let session: LocalSessionFile
    }

    /// Connects (migrating the schema), opens this machine's session file, and reads the saved
    /// session and whether any account exists: everything of opening that waits on the server.
    private nonisolated static func opening(uri: String, environment: [String: String], passwordCost: Int) throws(ServiceError) -> PreparedOpening<Opened> {
        let db = try PostgresDatabase(uri: uri)
        let session = try LocalSessionFile(server: uri, environment: environment)
        let accounts = PostgresAccountStore(database: db, session: session, hasher: PasswordHasher(cost: passwordCost))
        let account = try accounts.savedSession()
        let hasAccounts = ((try? accounts.accountCount()) ?? 1) > 0
        return PreparedOpening(account: account, hasAccounts: hasAccounts, opened: Opened(database: db, session: session))
    }

    public var accounts: AccountsService { accountStore! }
    public var settings: SettingsService { settingsStore! }

    public func contacts(for account: Account) -> ContactsService & FriendsService { addressBook(for: account) }

    public func addressBook(for account: Account) -> any AddressBookService {
        if let contactsCache, contactsCache.accountID == account.id { return contactsCache }
        let store = PostgresContactsStore(database: database!, accountID: account.id, now: now)
        contactsCache = store
        return store
    }

    public func activity(for account: Account) -> ActivityService {
        PostgresActivityStore(database: database!, accountID: account.id)
    }

    private var listener: PostgresChangeListener?
    /// When the listener may be tried (again): at once at first; after a failed try, later and
    /// later (5 s doubling to 5 min), so a server that was down when the app started still gets
    /// its live updates once it is back.
    private var nextListenerTry: Int64 = .min
    private var listenerBackoff: Int64 = 5

    /// The server's announcements (`PostgresChangeListener`, its own connection): an account
    /// announced, or a listener that had to connect again and may have missed some.
    public func changedElsewhere(for account: Account) -> Bool { changedElsewhere(for: account, waitingUpTo: 0) }

    /// The same, waiting up to `timeoutMilliseconds` for an announcement (tests; the app never waits).
    func changedElsewhere(for account: Account, waitingUpTo timeoutMilliseconds: Int32) -> Bool {
        let started = startListening()
        guard let listener else { return false }
        let changed = listener.changedAccounts(waitingUpTo: timeoutMilliseconds).contains(account.id)
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

    /// Makes the listener when there is none and its time has come; true when this call made it.
    private func startListening() -> Bool {
        guard listener == nil, database != nil else { return false }
        let time = now()
        guard time >= nextListenerTry else { return false }
        do {
            listener = try makeListener(uri)
            return true
        } catch {
            nextListenerTry = time + listenerBackoff
            listenerBackoff = min(listenerBackoff * 2, 300)
            return false
        }
    }

    public var location: DataLocation {
        DataLocation(place: "PostgreSQL " + PostgresConnection.redacted(uri), bytes: nil, isFile: false)
    }
}
