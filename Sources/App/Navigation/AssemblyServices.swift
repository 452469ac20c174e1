import AppServices
import Components
import TUIKit

/// The services that live as long as the app (seed 002's `AssemblyServices`
/// scope): the coordinator, the database and what sits on it, and who is signed in.
@MainActor
final class AssemblyServices {
    let configuration: AppConfiguration
    let coordinator = Coordinator()
    /// Seconds, from the run loop's clock (virtual in tests and headless runs).
    let now: () -> Int64
    /// Where the data lives (the SQLite file, a server, or the kiosk's memory).
    let backend: StoreBackend
    private(set) var signIn: SignInServing?
    var account: Account?

    init(configuration: AppConfiguration, now: @escaping () -> Int64) {
        self.configuration = configuration
        self.now = now
        backend = configuration.makeBackend(now)
    }

    /// Who the stores are for: the signed-in account (a nobody, matching nothing, before sign-in).
    private var owner: Account { account ?? Account(id: -1, username: "") }

    /// Which address book the contacts scenes (list, card, forms, Import… and Export…) show: both
    /// in one list (`Screen.contactList` on a team's directory), the account's own, or the team's
    /// (`Screen.teamContactList`); the list's filter key changes it.
    var book: ContactBook = .own
    /// The team address book of a team's directory, nil where there is none.
    var teamBook: Account? { account.flatMap { backend.directory.teamBook(for: $0) } }
    /// These services, the contacts scenes now showing `book`.
    func showing(_ book: ContactBook) -> AssemblyServices {
        self.book = book
        return self
    }

    /// Whose contacts the contacts scenes show (Import… and Export… of both books: the own).
    private var bookOwner: Account { book == .team ? teamBook ?? owner : owner }

    /// Import and export of contacts (the executable's), made once when first asked for; nil in the kiosk.
    private(set) lazy var interchange: ContactsInterchange? = configuration.interchange?()

    /// The signed-in account's whole address book, for Import… and Export… (off the main loop on a
    /// server); nil before sign-in and in the kiosk.
    var addressBookWork: ServiceWork<any AddressBookService>? { account.flatMap { _ in backend.addressBookWork(for: bookOwner) } }
    /// The signed-in account's contacts for the scenes that must not wait on the store (the
    /// list, the forms): off the main loop on a server, at once on a file or in memory.
    var contactsWork: ContactsWork {
        if book == .both, account != nil, let both = backend.contactsWorkOfBothBooks(for: owner) { return both }
        return backend.contactsWork(for: bookOwner)
    }
    /// The same contacts for the reads that may take a while on a large address book (the list's
    /// searches, Birthdays): off the main loop on a file too; nil where they go with `contactsWork`.
    var contactReadsWork: ContactsWork? {
        book == .both || account == nil ? nil : backend.contactReadsWork(for: bookOwner)
    }
    /// The signed-in account's friends for the friends popup: off the main loop on a server,
    /// at once on a file; nil where the popup shows the demo use-case (the kiosk).
    var friendsWork: ServiceWork<FriendsService>? {
        backend.friendsWork(for: owner)
    }
    /// The signed-in account's contacts and log together, for the home's summary and About's
    /// counts: off the main loop on a server, at once on a file or in memory.
    var accountWork: ServiceWork<AccountServices> { backend.accountWork(for: owner) }
    /// The signed-in account's activity feed: the Demo target's on a demo's made-up data (the
    /// kiosk), else the account's log through the work.
    func activityFeed(scheduler: Scheduler?) -> ActivityFeedViewModelProtocol {
        if backend.isDemo, let demo = configuration.demoActivityFeed { return demo() }
        return backend.activityFeed(for: owner, coordinator: coordinator, scheduler: scheduler)
    }
    /// Password changes and account deletion: off the main loop on a server, at once on a file;
    /// nil where accounts cannot change (the kiosk).
    var accountChangesWork: ServiceWork<AccountsService>? {
        backend.accountsWork
    }
    /// Where settings are read and saved: off the main loop on a server, at once on a file or in memory.
    var settingsWork: ServiceWork<SettingsService> { backend.settingsWork }

    /// What the run loop waits on to hear that someone else may have changed the data (nil
    /// before anyone signs in: there is nothing on screen to read again).
    var changeSignal: Int32? {
        guard signIn != nil, account != nil else { return nil }
        return backend.changeSignal
    }

    /// Asks the backend whether someone else changed the signed-in account's data (when its
    /// `changeSignal` became readable; the sync's pending changes are read again whoever wrote),
    /// and if so has every screen on view (the top of the flow, and what is presented over it) read
    /// its data again.
    func takeChangesElsewhere() {
        guard signIn != nil, let account else { return }
        let elsewhere = backend.directory.changedElsewhere(for: account)
        // Any write, this app's own too: what is pending to sync shows on the status line of
        // whatever screen the change was made on.
        madeSyncCenter?.readAgain()
        if elsewhere { readScreensAgain() }
    }

    /// Has every screen on view, and the live readers, read their data again.
    func readScreensAgain() {
        guard signIn != nil, account != nil else { return }
        var controller: ViewController? = coordinator.navigationController?.topViewController
        while let shown = controller {
            (shown as? ReloadsOnChangesElsewhere)?.reloadForChangesElsewhere()
            for child in shown.children { (child as? ReloadsOnChangesElsewhere)?.reloadForChangesElsewhere() }
            controller = shown.presentedViewController
        }
        liveReaders.removeAll { $0.reader == nil }
        for live in liveReaders { live.reader?.reloadForChangesElsewhere() }
    }

    /// Puts the backend's off-main work on the run loop: its results, and the connection banner
    /// (`banner` is told its text; nil: none). After a lost connection answers again, the
    /// screens on view read again.
    func attach(to scheduler: Scheduler, banner: @escaping (String?) -> Void) {
        backend.attach(to: scheduler, banner: banner, recovered: { [weak self] in self?.readScreensAgain() })
    }

    /// View models of screens the Components target draws (the friends popup, the activity
    /// feed), told of changes elsewhere as long as they live.
    private var liveReaders: [WeakReader] = []
    private struct WeakReader { weak var reader: ReloadsOnChangesElsewhere? }

    /// Has `reader` read its data again after changes elsewhere, for as long as it lives.
    func readAgainOnChangesElsewhere(_ reader: ReloadsOnChangesElsewhere) {
        liveReaders.removeAll { $0.reader == nil }
        liveReaders.append(WeakReader(reader: reader))
    }

    /// Background sync, made once the first time the home shows on data that can sync (see `syncCenter`).
    var madeSyncCenter: SyncCenter?
    var syncSettingsObserver: ObserverProtocol?

    /// The signed-in user's settings (nil when nobody is signed in).
    private(set) var settings: LiveSettings?
    /// Called when the signed-in user's settings change, or someone else signs in (the app applies them).
    var onSettingsChange: ((UserSettings) -> Void)?
    /// Why the theme is monochrome whatever the settings say (the screen has no colours), or nil.
    var monochromeReason: String?
    private var settingsObserver: ObserverProtocol?

    /// After a sign-out: the defaults, and the app told.
    func forgetSettings() {
        use(nil)
    }

    /// Reads the signed-in user's settings through the settings' work (off the main loop on a
    /// server), tells the app, then calls `done`.
    func loadSettings(then done: @escaping @MainActor () -> Void) {
        guard signIn != nil, let account else { use(nil); done(); return }
        LiveSettings.read(accountID: account.id, work: settingsWork, now: now) { [weak self] loaded in
            self?.use(loaded)
            done()
        }
    }

    /// Makes `loaded` the live settings (nil: none, defaults), and tells the app.
    private func use(_ loaded: LiveSettings?) {
        settingsObserver = nil
        settings = loaded
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

    /// The contacts list's order (a setting; by last name without one).
    var listOrder: ContactListOrder { settings?.current.value.listOrder ?? .lastName }

    /// Keeps the list's order in the settings (`failed` hears why it could not be; no settings: nothing kept).
    func saveListOrder(_ order: ContactListOrder, failed: @escaping @MainActor (String) -> Void) {
        settings?.update({ $0.listOrder = order }, failed: failed)
    }

    /// Whether deleting a contact asks first (a setting).
    var confirmsBeforeDelete: Bool { settings?.current.value.confirmBeforeDelete ?? true }

    /// The splash's work: open (or create) and migrate the database, read the saved session and
    /// the signed-in user's settings; `deliver` gets where to go on the main loop (on a server,
    /// after the work ran off the main loop: the splash keeps turning meanwhile).
    func start(then deliver: @escaping @MainActor (Result<SplashViewController.Destination, AppStartupError>) -> Void) {
        backend.start { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let account):
                self.account = account
                self.signIn = self.backend.signIn
                self.loadSettings { [weak self] in deliver(.success(self?.account == nil ? .login : .main)) }
            case .failure(let error):
                deliver(.failure(.service(error)))
            }
        }
    }
}
