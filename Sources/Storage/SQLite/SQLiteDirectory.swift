#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AppServices

/// One person's data in one SQLite file, as App's `DataDirectory`: the
/// embedded default. Opening creates the file (and its folder) when missing
/// and migrates it; the services share one connection.
public final class SQLiteDirectory: DataDirectory {
    private let path: String
    private let passwordCost: Int
    private let busyTimeoutMilliseconds: Int32
    let now: () -> Int64
    private(set) var database: SQLiteDatabase?
    private var accountStore: SQLiteAccountStore?
    private var settingsStore: SQLiteSettingsStore?
    private var contactsCache: SQLiteContactsStore?

    /// - Parameters:
    ///   - path: the data file.
    ///   - passwordCost: yescrypt's cost (0: the library's default).
    ///   - busyTimeoutMilliseconds: how long a write waits for another program's lock.
    ///   - pageCacheKiB: the most SQLite's page cache of this directory's connection may hold, in
    ///     KiB; nil for SQLite's default (2,000 KiB).
    ///   - now: the wall clock, in seconds since 1970.
    public init(path: String, passwordCost: Int = 0, busyTimeoutMilliseconds: Int32 = 3000, pageCacheKiB: Int? = nil,
                now: @escaping () -> Int64) {
        self.path = path
        self.passwordCost = passwordCost
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        self.pageCacheKiB = pageCacheKiB
        self.now = now
    }

    private let pageCacheKiB: Int?

    public func open() throws(ServiceError) -> Account? {
        let db = try SQLiteDatabase(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        if let pageCacheKiB { try db.execute("PRAGMA cache_size = -\(max(pageCacheKiB, 1))") }
        database = db
        interruptHandle.replace(db.handle)
        let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: passwordCost))
        accountStore = accounts
        settingsStore = SQLiteSettingsStore(database: db)
        return try accounts.savedSession()
    }

    deinit { interruptHandle.replace(nil) }

    /// The connection whose statement `stopRunningCall` stops.
    private let interruptHandle = SQLiteInterruptHandle()

    /// Stops the statement this directory's connection runs now, from another thread (a search
    /// read off the main loop that a newer key made stale): it fails and keeps nothing.
    public var stopRunningCall: (@Sendable () -> Void)? {
        let handle = interruptHandle
        return { handle.interrupt() }
    }

    public var accounts: AccountsService { accountStore! }
    public var settings: SettingsService { settingsStore! }

    public func contacts(for account: Account) -> ContactsService & FriendsService { contactsStore(for: account) }

    public func addressBook(for account: Account) -> (any AddressBookService)? { contactsStore(for: account) }

    /// The account's contacts (made once per account).
    func contactsStore(for account: Account) -> SQLiteContactsStore {
        if let contactsCache, contactsCache.accountID == account.id { return contactsCache }
        let store = SQLiteContactsStore(database: database!, accountID: account.id, now: now)
        contactsCache = store
        return store
    }

    public func activity(for account: Account) -> ActivityService {
        SQLiteActivityStore(database: database!, accountID: account.id)
    }

    private var lastDataVersion: Int?
    private var fileChanges: FileChangeSignal?
    private var fileChangesTried = false

    /// inotify on the file's folder (made at the first ask, after `open`).
    public var changeSignal: Int32? {
        guard database != nil else { return nil }
        if !fileChangesTried {
            fileChangesTried = true
            fileChanges = FileChangeSignal(path: path)
            _ = dataVersionMoved() // what others write from here on
        }
        return fileChanges?.descriptor
    }

    /// SQLite's `data_version`: it moves when another connection (another terminal on this
    /// file) commits, never for this one's own changes. Reads the file's change events too.
    public func changedElsewhere(for account: Account) -> Bool {
        _ = fileChanges?.takeEvents()
        return dataVersionMoved()
    }

    /// Whether `data_version` moved since the last call (false the first time).
    private func dataVersionMoved() -> Bool {
        guard let database, let version = try? database.scalarInt("PRAGMA data_version") else { return false }
        defer { lastDataVersion = version }
        return lastDataVersion.map { $0 != version } ?? false
    }

    /// The file's size with its write-ahead log's (`-wal`): what was written and not yet copied
    /// into the file is data too (issue 51: 4 KiB said while 400 KB sat in the log).
    public var location: DataDescription {
        var info = stat()
        let readOnly = database?.readOnlyReason
        guard stat(path, &info) == 0 else { return DataDescription(place: path, bytes: nil, isFile: true, readOnly: readOnly) }
        var bytes = Int64(info.st_size)
        if stat(path + "-wal", &info) == 0 { bytes += Int64(info.st_size) }
        return DataDescription(place: path, bytes: bytes, isFile: true, readOnly: readOnly)
    }
}
