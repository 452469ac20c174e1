import Components
import Storage
import TUIKit
#if canImport(Glibc)
import Glibc
#endif

/// The app's data in its SQLite file: accounts, contacts, friends, settings, activity.
@MainActor
final class SQLiteBackend: AppBackend {
    private let configuration: AppConfiguration
    private let now: () -> Int64
    private var database: Database?
    private var service: SignInService?
    private var settingsStore: SettingsStore?
    /// The last account's contacts (made on first use: its statements are cached).
    private var contactsStore: SQLiteContactsStore?

    init(configuration: AppConfiguration, now: @escaping () -> Int64) {
        self.configuration = configuration
        self.now = now
    }

    func start() throws(StorageError) -> Account? {
        let db = try Database(path: configuration.databasePath, busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds)
        let service = SignInService(accounts: AccountStore(database: db, hasher: hasher), now: now)
        database = db
        self.service = service
        settingsStore = SettingsStore(database: db)
        return try service.savedSession()
    }

    private var hasher: PasswordHasher { PasswordHasher(cost: configuration.passwordCost) }

    var signIn: SignInServing { service! }
    var settings: SettingsStoring { settingsStore! }

    private func store(for account: Account) -> SQLiteContactsStore {
        if let contactsStore, contactsStore.accountID == account.id { return contactsStore }
        let store = SQLiteContactsStore(database: database!, accountID: account.id, now: now)
        contactsStore = store
        return store
    }

    func contacts(for account: Account) -> ContactsStore { store(for: account) }
    func friends(for account: Account) -> FriendsStore? { store(for: account) }

    func accountStore() -> AccountStore? { database.map { AccountStore(database: $0, hasher: hasher) } }

    func activityFeed(for account: Account, contacts: ContactsStore, coordinator: Coordination,
                      scheduler: Scheduler?) -> ActivityFeedViewModelProtocol {
        ActivityViewModel(store: ActivityStore(database: database!, accountID: account.id), now: now,
                          contactExists: { id in
                              do { return try contacts.contact(id: id) != nil } catch { return true } // damaged: the card says so
                          },
                          coordinator: coordinator, scheduler: scheduler)
    }

    var dataLocation: DataLocation {
        let path = configuration.databasePath
        var info = stat()
        let bytes = stat(path, &info) == 0 ? Int64(info.st_size) : nil
        return DataLocation(place: path, bytes: bytes, isFile: true)
    }
}
