import Foundation
@testable import Storage

/// What the conformance suite asks of an account store: `AccountStore`'s API, met by the
/// SQLite store and the PostgreSQL one.
protocol AccountsUnderTest: AnyObject {
    func createAccount(username: String, password: String, now: Int64) throws(AccountStore.Failure) -> Account
    func account(named username: String) throws(StorageError) -> (account: Account, hash: String)?
    func verify(username: String, password: String) throws(StorageError) -> Account?
    func accountCount() throws(StorageError) -> Int
    func savedSession() throws(StorageError) -> Account?
    func signIn(accountID: Int64, now: Int64) throws(StorageError)
    func clearSession(now: Int64) throws(StorageError)
    func failures(for username: String) throws(StorageError) -> (count: Int, last: Int64)
    func recordFailure(for username: String, now: Int64) throws(StorageError)
    func clearFailures(for username: String) throws(StorageError)
    func changePassword(accountID: Int64, current: String, new: String, now: Int64) throws(AccountStore.ChangeFailure)
    func deleteAccount(accountID: Int64, password: String) throws(AccountStore.ChangeFailure)
}

extension AccountStore: AccountsUnderTest {}
extension PostgresAccountStore: AccountsUnderTest {}

/// What it asks of an activity log: `ActivityStore`'s API.
protocol ActivityUnderTest: AnyObject {
    func events(before id: Int64?, limit: Int) throws(StorageError) -> [ActivityEvent]
    func events(newerThan id: Int64?, limit: Int) throws(StorageError) -> [ActivityEvent]
    func newestEvent(withSubjectPrefix prefix: String, recentWindow: Int) throws(StorageError) -> Int64?
    func idRange() throws(StorageError) -> ClosedRange<Int64>?
}

extension ActivityStore: ActivityUnderTest {}
extension PostgresActivityStore: ActivityUnderTest {}

/// And of a contacts store, beyond `ContactsStore` and `FriendsStore`: populate's bulk load and import's UID lookup.
protocol ContactsUnderTest: ContactsStore, FriendsStore {
    func addMany(count: Int, generator: inout ContactGenerator, friendPercent: Int, progress: ((Int) -> Void)?) throws(StorageError)
    func contactID(uid: String) throws(StorageError) -> Int64?
    func allContactIDs() throws(StorageError) -> [Int64]
}

extension SQLiteContactsStore: ContactsUnderTest {}
extension PostgresContactsStore: ContactsUnderTest {}

/// The two stores the suite runs against.
enum Backend: String, Sendable {
    case sqlite, postgresql
}

/// One directory on one backend — an SQLite file in a temp folder, or a fresh schema on the
/// test server — and one client's stores over it. `secondClient()` opens it again (another
/// terminal on the same directory).
final class StoreFixture {
    let backend: Backend
    private let tmp: TempFolder
    private let server: PostgresTestServer?
    private(set) var database: Database?
    private(set) var directory: PostgresDirectory?
    let accounts: any AccountsUnderTest
    let settings: any SettingsStoring
    /// Each client keeps its own session file (its own machine).
    private let stateHome: String

    init(_ backend: Backend, server: PostgresTestServer? = nil, tmp: TempFolder? = nil, postgresVersion: Int? = nil) throws {
        self.backend = backend
        let tmp = tmp ?? TempFolder()
        self.tmp = tmp
        stateHome = tmp.file("state-\(UUID().uuidString)")
        let hasher = PasswordHasher(cost: 1)
        switch backend {
        case .sqlite:
            self.server = nil
            let db = try Database(path: tmp.file("directory.sqlite3"))
            database = db
            accounts = AccountStore(database: db, hasher: hasher)
            settings = SettingsStore(database: db)
        case .postgresql:
            let server = try server ?? PostgresTestServer()
            self.server = server
            let dir = try server.open(migratingTo: postgresVersion)
            directory = dir
            let session = try LocalSessionFile(server: server.uri, environment: ["XDG_STATE_HOME": stateHome])
            accounts = PostgresAccountStore(directory: dir, session: session, hasher: hasher)
            settings = PostgresSettingsStore(directory: dir)
        }
    }

    /// The same directory opened by one more client.
    func secondClient() throws -> StoreFixture { try StoreFixture(backend, server: server, tmp: tmp) }

    /// The test server (PostgreSQL only).
    var testServer: PostgresTestServer? { server }

    func contacts(of account: Account, now: @escaping () -> Int64 = { 100 }) -> any ContactsUnderTest {
        switch backend {
        case .sqlite: SQLiteContactsStore(database: database!, accountID: account.id, now: now)
        case .postgresql: PostgresContactsStore(directory: directory!, accountID: account.id, now: now)
        }
    }

    func activity(of account: Account) -> any ActivityUnderTest {
        switch backend {
        case .sqlite: ActivityStore(database: database!, accountID: account.id)
        case .postgresql: PostgresActivityStore(directory: directory!, accountID: account.id)
        }
    }

    /// An account made on this client (signed in on it).
    func makeAccount(_ name: String = "ada", password: String = "analytical") throws -> Account {
        try accounts.createAccount(username: name, password: password, now: 1_000)
    }
}
