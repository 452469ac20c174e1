import TestSupport
import AppServices
import Foundation
@testable import Storage

/// And of a contacts store, beyond `ContactsService` and `FriendsService`: populate's bulk load and import's UID lookup.
protocol ContactsUnderTest: ContactsService, FriendsService, AddressBookService {}

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
    private(set) var database: SQLiteDatabase?
    private(set) var postgres: PostgresDatabase?
    let accounts: any AccountsService
    let settings: any SettingsService
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
            let db = try SQLiteDatabase(path: tmp.file("directory.sqlite3"))
            database = db
            accounts = SQLiteAccountStore(database: db, hasher: hasher)
            settings = SQLiteSettingsStore(database: db)
        case .postgresql:
            let server = try server ?? PostgresTestServer()
            self.server = server
            let dir = try server.open(migratingTo: postgresVersion)
            postgres = dir
            let session = try LocalSessionFile(server: server.uri, environment: ["XDG_STATE_HOME": stateHome])
            accounts = PostgresAccountStore(database: dir, session: session, hasher: hasher)
            settings = PostgresSettingsStore(database: dir)
        }
    }

    /// The same directory opened by one more client.
    func secondClient() throws -> StoreFixture { try StoreFixture(backend, server: server, tmp: tmp) }

    /// The test server (PostgreSQL only).
    var testServer: PostgresTestServer? { server }

    func contacts(of account: Account, now: @escaping () -> Int64 = { 100 }) -> any ContactsUnderTest {
        switch backend {
        case .sqlite: SQLiteContactsStore(database: database!, accountID: account.id, now: now)
        case .postgresql: PostgresContactsStore(database: postgres!, accountID: account.id, now: now)
        }
    }

    func activity(of account: Account) -> any ActivityService {
        switch backend {
        case .sqlite: SQLiteActivityStore(database: database!, accountID: account.id)
        case .postgresql: PostgresActivityStore(database: postgres!, accountID: account.id)
        }
    }

    /// An account made on this client (signed in on it).
    /// An account and its stored password hash, from whichever store is under test.
    func credentials(named name: String) throws -> (account: Account, hash: String)? {
        if let store = accounts as? SQLiteAccountStore { return try store.credentials(named: name) }
        return try (accounts as! PostgresAccountStore).credentials(named: name)
    }

    func makeAccount(_ name: String = "ada", password: String = "analytical") throws -> Account {
        try accounts.createAccount(username: name, password: password, now: 1_000)
    }

    /// CardDAV sync's state on this client's connection (a shared directory's password commands
    /// kept in this client's own config folder, as `LocalSyncCommands` keeps them on a machine).
    func syncStore(now: @escaping () -> Int64 = { 200 }) throws -> any SyncStore {
        switch backend {
        case .sqlite: SQLiteSyncStore(database: database!, now: now)
        case .postgresql:
            PostgresSyncStore(database: postgres!, now: now,
                              localCommands: try LocalSyncCommands(connection: postgres!.connection, environment: ["XDG_CONFIG_HOME": stateHome + "-config"]))
        }
    }

    /// Runs SQL on this client's connection (what another program would do to the tables).
    func execute(_ sql: String) throws {
        switch backend {
        case .sqlite: try database!.execute(sql)
        case .postgresql: try postgres!.connection.executeScript(sql)
        }
    }
}
