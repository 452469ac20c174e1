import AppServices
import Foundation

/// Any data directory, passed through, noting for every contacts, friends and activity call
/// whether it ran on the thread that made the directory (the main actor's, where the app's
/// main loop runs) or on another (the work's): which connection a screen used, and where.
final class ThreadRecordingDirectory<Inner: DataDirectory>: DataDirectory {
    typealias Opened = Inner.Opened
    private let inner: Inner
    /// The calls so far (safe to read from the main thread while the worker calls).
    nonisolated let log = DirectoryCallLog()
    /// The accounts and settings calls so far.
    nonisolated let accountsLog = DirectoryCallLog()

    init(_ inner: Inner) { self.inner = inner }

    func open() throws(ServiceError) -> Account? { try inner.open() }
    func openingJob() -> (@Sendable () throws(ServiceError) -> PreparedOpening<Opened>)? { inner.openingJob() }
    func open(prepared: PreparedOpening<Opened>) throws(ServiceError) -> Account? { try inner.open(prepared: prepared) }
    var accounts: AccountsService { RecordedAccounts(inner.accounts, log: accountsLog) }
    var settings: SettingsService { RecordedSettings(inner.settings, log: accountsLog) }
    func contacts(for account: Account) -> ContactsService & FriendsService { RecordedContacts(inner.contacts(for: account), log: log) }
    func activity(for account: Account) -> ActivityService { RecordedActivity(inner.activity(for: account), log: log) }
    var location: DataLocation { inner.location }
    /// Not one that syncs (the tests here look at the screens' calls, not sync).
    var syncStatus: (any SyncStatusService)? { nil }
    func changedElsewhere(for account: Account) -> Bool { inner.changedElsewhere(for: account) }
    var changeSignal: Int32? { inner.changeSignal }
    func addressBook(for account: Account) -> (any AddressBookService)? { inner.addressBook(for: account) }
}

/// Counts calls on and off the main loop's thread, under a lock.
final class DirectoryCallLog: @unchecked Sendable {
    private let lock = NSLock()
    private var counts = (onMain: 0, offMain: 0)
    /// The thread the log was made on (the main actor's: `Thread.isMainThread` need not hold
    /// there under the test runner).
    private let mainLoop = pthread_self()

    /// Notes one call, on the thread it runs on.
    func note() {
        let onMain = pthread_equal(pthread_self(), mainLoop) != 0
        lock.lock()
        if onMain { counts.onMain += 1 } else { counts.offMain += 1 }
        lock.unlock()
    }

    /// The calls so far.
    var calls: (onMain: Int, offMain: Int) {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }
}

/// The contacts of a `ThreadRecordingDirectory`: every call noted with its thread.
final class RecordedContacts: ForwardingContactsService {
    let forwardee: any ContactsService & FriendsService
    private let log: DirectoryCallLog
    init(_ inner: ContactsService & FriendsService, log: DirectoryCallLog) {
        forwardee = inner
        self.log = log
    }

    func willForward(_ call: StaticString) throws(ServiceError) { log.note() }
}

/// The activity log of a `ThreadRecordingDirectory`.
final class RecordedActivity: ActivityService {
    private let inner: ActivityService
    private let log: DirectoryCallLog
    init(_ inner: ActivityService, log: DirectoryCallLog) {
        self.inner = inner
        self.log = log
    }

    func events(before id: Int64?, limit: Int) throws(ServiceError) -> [ActivityEvent] { log.note(); return try inner.events(before: id, limit: limit) }
    func events(newerThan id: Int64?, limit: Int) throws(ServiceError) -> [ActivityEvent] {
        log.note(); return try inner.events(newerThan: id, limit: limit)
    }
    func newestEvent(withSubjectPrefix prefix: String) throws(ServiceError) -> Int64? { log.note(); return try inner.newestEvent(withSubjectPrefix: prefix) }
    func idRange() throws(ServiceError) -> ClosedRange<Int64>? { log.note(); return try inner.idRange() }
}
