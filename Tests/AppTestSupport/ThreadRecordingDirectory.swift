import AppServices
import Foundation

/// Any data directory, passed through, noting for every contacts, friends and activity call
/// whether it ran on the thread that made the directory (the main actor's, where the app's
/// main loop runs) or on another (the work's): which connection a screen used, and where.
public final class ThreadRecordingDirectory<Inner: DataDirectory>: DataDirectory {
    public typealias Opened = Inner.Opened
    private let inner: Inner
    /// The calls so far (safe to read from the main thread while the worker calls).
    public nonisolated let log = DirectoryCallLog()
    /// The accounts and settings calls so far.
    public nonisolated let accountsLog = DirectoryCallLog()

    public init(_ inner: Inner) { self.inner = inner }

    public func open() throws(ServiceError) -> Account? { try inner.open() }
    public func openingJob() -> (@Sendable () throws(ServiceError) -> PreparedOpening<Opened>)? { inner.openingJob() }
    public func open(prepared: PreparedOpening<Opened>) throws(ServiceError) -> Account? { try inner.open(prepared: prepared) }
    public var accounts: AccountsService { RecordedAccounts(inner.accounts, log: accountsLog) }
    public var settings: SettingsService { RecordedSettings(inner.settings, log: accountsLog) }
    public func contacts(for account: Account) -> ContactsService & FriendsService { RecordedContacts(inner.contacts(for: account), log: log) }
    public func activity(for account: Account) -> ActivityService { RecordedActivity(inner.activity(for: account), log: log) }
    public var location: DataDescription { inner.location }
    /// Not one that syncs (the tests here look at the screens' calls, not sync).
    public var syncStatus: (any SyncStatusService)? { nil }
    public func changedElsewhere(for account: Account) -> Bool { inner.changedElsewhere(for: account) }
    public var changeSignal: Int32? { inner.changeSignal }
    public func addressBook(for account: Account) -> (any AddressBookService)? { inner.addressBook(for: account) }
}
