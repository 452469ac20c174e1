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

    /// The signed-in user's settings (nil when nobody is signed in).
    private(set) var settings: SettingsService?
    /// Called when the signed-in user's settings change, or someone else signs in (the app applies them).
    var onSettingsChange: ((UserSettings) -> Void)?
    private var settingsObserver: ObserverProtocol?

    /// Loads the signed-in user's settings (defaults when nobody is), and tells the app.
    func loadSettings() {
        settingsObserver = nil
        settings = nil
        if let database, let account {
            settings = try? SettingsService(store: SettingsStore(database: database), accountID: account.id, now: now)
        }
        if let settings {
            settingsObserver = settings.current.observeNewAndCall { [weak self] in self?.onSettingsChange?($0) }
        } else {
            onSettingsChange?(UserSettings())
        }
    }

    /// The splash's least time: `--splash-ms`, else the signed-in user's setting.
    var splashDuration: Duration {
        configuration.splashDuration ?? .milliseconds(settings?.current.value.splashMilliseconds ?? UserSettings().splashMilliseconds)
    }

    /// Whether deleting a contact asks first (a setting).
    var confirmsBeforeDelete: Bool { settings?.current.value.confirmBeforeDelete ?? true }

    /// The splash's work: open (or create) and migrate the database, read the saved session.
    func start() -> Result<SplashViewController.Destination, AppStartupError> {
        do {
            let db = try Database(path: configuration.databasePath, busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds)
            let service = SignInService(accounts: AccountStore(database: db, hasher: PasswordHasher(cost: configuration.passwordCost)), now: now)
            database = db
            signIn = service
            account = try service.savedSession()
            loadSettings()
            return .success(account == nil ? .login : .main)
        } catch {
            return .failure(.storage(error))
        }
    }
}
