import AppServices
import AppTestSupport
#if canImport(Glibc)
import Glibc
#endif
@testable import Storage

/// A data directory whose contacts and activity log stop answering on command, as a server
/// does when it is stopped or the network breaks: while `isDown`, every contacts, friends and
/// activity call — and every accounts and settings call — throws what the PostgreSQL store
/// throws for a lost connection (`ServiceError.unavailable`). The rest is the SQLite file underneath.
final class OutageDirectory: DataDirectory {
    private let inner: SQLiteDirectory
    /// Whether the directory is out of reach.
    var isDown = false
    /// How many contacts, friends and activity calls reached it (answered or not).
    var calls = 0
    /// How many accounts and settings calls reached it (answered or not).
    var accountCalls = 0

    init(path: String, now: @escaping () -> Int64) {
        inner = SQLiteDirectory(path: path, passwordCost: 1, busyTimeoutMilliseconds: 100, now: now)
    }

    /// When live updates are off: their next try (a server's listener that could not connect).
    var liveUpdatesRetryAt: Int64?

    /// The change signal: a pipe, as a server's listener socket (the run loop waits on it beside
    /// the terminal); `listenerBroke()` makes it readable, as a listener's connection that breaks does.
    private lazy var signal: (read: Int32, write: Int32) = {
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        return (fds[0], fds[1])
    }()
    var changeSignal: Int32? { signal.read }

    /// The listener's connection broke (the server went away): its socket turns readable, and the
    /// next look says what is on screen may have changed, as the PostgreSQL directory's does
    /// (`takeMissedChanges`).
    func listenerBroke() {
        var byte: UInt8 = 1
        _ = write(signal.write, &byte, 1)
    }

    func changedElsewhere(for account: Account) -> Bool {
        var probe = pollfd(fd: signal.read, events: Int16(POLLIN), revents: 0)
        guard poll(&probe, 1, 0) > 0 else { return false }
        var byte: UInt8 = 0
        return read(signal.read, &byte, 1) == 1
    }

    deinit {
        close(signal.read)
        close(signal.write)
    }

    /// How many more openings fail as a server that does not answer would.
    var opensToFail = 0

    func open() throws(ServiceError) -> Account? {
        if opensToFail > 0 {
            opensToFail -= 1
            throw ServiceError(.unavailable, place: .server("postgresql://test"), detail: "connection refused")
        }
        return try inner.open()
    }
    var accounts: AccountsService { OutageAccounts(inner.accounts, directory: self) }
    var settings: SettingsService { OutageSettings(inner.settings, directory: self) }
    func contacts(for account: Account) -> ContactsService & FriendsService { OutageContacts(inner.contacts(for: account), directory: self) }
    /// The whole book (for import and export), counted as one call each time it is asked for.
    func addressBook(for account: Account) -> (any AddressBookService)? { calls += 1; return inner.addressBook(for: account) }
    func activity(for account: Account) -> ActivityService { OutageActivity(inner.activity(for: account), directory: self) }
    var location: DataDescription { inner.location }
    /// Not one that syncs (the tests here look at the screens' calls, not sync).
    var syncStatus: (any SyncStatusService)? { nil }

    static let lost = ServiceError(.unavailable, place: .server("postgresql://test"), detail: "server closed the connection unexpectedly", code: ServiceError.Code.connectionLost)

    /// Counts the call, and throws when the directory is down (jobs run on the test's thread).
    func reach() throws(ServiceError) {
        calls += 1
        if isDown { throw Self.lost }
        if let failure = failNext {
            failNext = nil
            throw failure
        }
    }

    /// The next contacts call fails with this (a statement the server was asked to cancel).
    var failNext: ServiceError?
    static let cancelled = ServiceError(.busy, place: .server("postgresql://test"), detail: "canceling statement due to user request", code: .sqlState("57014"))

    /// Counts an accounts or settings call, and throws when the directory is down.
    func reachAccounts() throws(ServiceError) {
        accountCalls += 1
        if isDown { throw Self.lost }
    }
}

/// The contacts of an `OutageDirectory`: every call refused while it is down.
final class OutageContacts: ForwardingContactsService {
    let forwardee: any ContactsService & FriendsService
    private let directory: OutageDirectory
    init(_ inner: ContactsService & FriendsService, directory: OutageDirectory) {
        forwardee = inner
        self.directory = directory
    }

    func willForward(_ call: StaticString) throws(ServiceError) { try directory.reach() }
}

/// The activity log of an `OutageDirectory`.
final class OutageActivity: ActivityService {
    private let inner: ActivityService
    private let directory: OutageDirectory
    init(_ inner: ActivityService, directory: OutageDirectory) {
        self.inner = inner
        self.directory = directory
    }

    func events(before id: Int64?, limit: Int) throws(ServiceError) -> [ActivityEvent] {
        try directory.reach(); return try inner.events(before: id, limit: limit)
    }
    func events(newerThan id: Int64?, limit: Int) throws(ServiceError) -> [ActivityEvent] {
        try directory.reach(); return try inner.events(newerThan: id, limit: limit)
    }
    func newestEvent(withSubjectPrefix prefix: String) throws(ServiceError) -> Int64? {
        try directory.reach(); return try inner.newestEvent(withSubjectPrefix: prefix)
    }
    func idRange() throws(ServiceError) -> ClosedRange<Int64>? { try directory.reach(); return try inner.idRange() }
}
