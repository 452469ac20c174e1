import AppServices
@testable import Storage

/// A data directory whose contacts and activity log stop answering on command, as a server
/// does when it is stopped or the network breaks: while `isDown`, every contacts, friends and
/// activity call — and every accounts and settings call — throws what the PostgreSQL store
/// throws for a lost connection (`ServiceError.unavailable`). The rest is the SQLite file underneath.
@MainActor
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

    func open() throws(ServiceError) -> Account? { try inner.open() }
    var accounts: AccountsService { OutageAccounts(inner.accounts, directory: self) }
    var settings: SettingsService { OutageSettings(inner.settings, directory: self) }
    func contacts(for account: Account) -> ContactsService & FriendsService { OutageContacts(inner.contacts(for: account), directory: self) }
    func addressBook(for account: Account) -> any AddressBookService { inner.addressBook(for: account) }
    func activity(for account: Account) -> ActivityService { OutageActivity(inner.activity(for: account), directory: self) }
    var location: DataLocation { inner.location }

    nonisolated static let lost = ServiceError(.unavailable, place: "postgresql://test", detail: "server closed the connection unexpectedly", code: ServiceError.Code.connectionLost)

    /// Counts the call, and throws when the directory is down (jobs run on the main actor in these tests).
    nonisolated func reach() throws(ServiceError) {
        let down = MainActor.assumeIsolated { () -> Bool in
            calls += 1
            return isDown
        }
        if down { throw Self.lost }
    }

    /// Counts an accounts or settings call, and throws when the directory is down.
    nonisolated func reachAccounts() throws(ServiceError) {
        let down = MainActor.assumeIsolated { () -> Bool in
            accountCalls += 1
            return isDown
        }
        if down { throw Self.lost }
    }
}

/// The contacts of an `OutageDirectory`.
final class OutageContacts: ContactsService, FriendsService {
    private let inner: ContactsService & FriendsService
    private let directory: OutageDirectory
    init(_ inner: ContactsService & FriendsService, directory: OutageDirectory) {
        self.inner = inner
        self.directory = directory
    }

    func count(matching query: String, upTo cap: Int) throws(ServiceError) -> Int { try directory.reach(); return try inner.count(matching: query, upTo: cap) }
    func contacts(matching query: String, offset: Int, limit: Int) throws(ServiceError) -> [ContactSummary] {
        try directory.reach(); return try inner.contacts(matching: query, offset: offset, limit: limit)
    }
    func contact(id: Int64) throws(ServiceError) -> ContactRecord? { try directory.reach(); return try inner.contact(id: id) }
    func add(_ contact: ContactRecord) throws(ServiceError) -> Int64 { try directory.reach(); return try inner.add(contact) }
    func update(_ contact: ContactRecord) throws(ServiceError) -> Bool { try directory.reach(); return try inner.update(contact) }
    func delete(id: Int64) throws(ServiceError) -> Bool { try directory.reach(); return try inner.delete(id: id) }
    func setFriend(id: Int64, _ isFriend: Bool) throws(ServiceError) -> Bool { try directory.reach(); return try inner.setFriend(id: id, isFriend) }
    func listIndex(ofContact id: Int64) throws(ServiceError) -> Int? { try directory.reach(); return try inner.listIndex(ofContact: id) }
    func friendsCount() throws(ServiceError) -> Int { try directory.reach(); return try inner.friendsCount() }
    func friends(after cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [FriendSummary] {
        try directory.reach(); return try inner.friends(after: cursor, limit: limit)
    }
    func friends(before cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [FriendSummary] {
        try directory.reach(); return try inner.friends(before: cursor, limit: limit)
    }
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
