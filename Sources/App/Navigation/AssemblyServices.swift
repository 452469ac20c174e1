import Storage
import TUIKit

/// The services that live as long as the app (seed 002's `AssemblyServices`
/// scope): the coordinator, the database and what sits on it, and who is signed in.
@MainActor
final class AssemblyServices {
    let configuration: AppConfiguration
    let coordinator = Coordinator()
    /// Seconds, from the run loop's clock (virtual in tests and headless runs).
    let now: () -> Int64
    private(set) var database: Database?
    private(set) var signIn: SignInService?
    var account: Account?

    init(configuration: AppConfiguration, now: @escaping () -> Int64) {
        self.configuration = configuration
        self.now = now
    }

    private var contactsStore: SQLiteContactsStore?

    /// The signed-in account's contacts (made on first use, dropped on sign-out).
    var contacts: ContactsStore { sqliteContacts }
    /// The same contacts, as friends.
    var friends: FriendsStore { sqliteContacts }

    private var sqliteContacts: SQLiteContactsStore {
        if let contactsStore, contactsStore.accountID == account?.id { return contactsStore }
        let store = SQLiteContactsStore(database: database!, accountID: account?.id ?? -1, now: now)
        contactsStore = store
        return store
    }

    func resetContacts() { contactsStore = nil }

    /// The splash's work: open (or create) and migrate the database, read the saved session.
    func start() -> Result<SplashViewController.Destination, AppStartupError> {
        do {
            let db = try Database(path: configuration.databasePath, busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds)
            let service = SignInService(accounts: AccountStore(database: db, hasher: PasswordHasher(cost: configuration.passwordCost)), now: now)
            database = db
            signIn = service
            account = try service.savedSession()
            return .success(account == nil ? .login : .main)
        } catch {
            return .failure(.storage(error))
        }
    }
}
