import AppServices
import Components
import TUIKit

/// Where the app's data lives: the one seam between the screens and the data. The app runs on a
/// `DataDirectory` — the SQLite file, a server, the kiosk's made-up data in memory — and App does
/// not know which; screens reach its services only through `ServiceWork` (off the main loop on a
/// server, at once on a file or in memory).
@MainActor
public final class StoreBackend {
    /// The data itself, for the facts navigation asks of it (where it is, how people sign in, its
    /// team book, whether it changed elsewhere) with no forwarding member in between. Screens
    /// reach its services only through the `ServiceWork` below.
    let directory: any DataDirectory
    /// The sync tables' reads for the Sync screen and the status line: jobs off the main loop on a
    /// server, at once on a file; nil where the data cannot sync (memory).
    var syncStatusWork: ServiceWork<any SyncStatusService>? {
        guard let status = directory.syncStatus else { return nil }
        guard let work, workIsOpen else { return .inline(status) }
        return ServiceWork(work: work, watch: watch) { $0.syncStatus ?? UnavailableSyncStatus() }
    }
    /// The Conflicts screen's calls: jobs off the main loop on a server, at once on a file; nil
    /// where the data cannot sync.
    func syncConflictsWork(for account: Account) -> ServiceWork<SyncConflictServices>? {
        guard let status = directory.syncStatus else { return nil }
        guard let work, workIsOpen else { return .inline(SyncConflictServices(status: status, contacts: directory.contacts(for: account))) }
        return ServiceWork(work: work, watch: watch) { directory in
            SyncConflictServices(status: directory.syncStatus ?? UnavailableSyncStatus(), contacts: directory.contacts(for: account))
        }
    }
    /// Whether the data can sync (a file, a server; not memory).
    var canSync: Bool { directory.syncStatus != nil }

    private let now: () -> Int64
    private var service: SignInService?
    /// Where the screens' calls run off the main loop on a server: a work owning a second directory
    /// on the same data (its own connection) runs the contacts list's, the forms' and the card's
    /// calls, the friends popup's, the activity feed's and the home's reads. Nil: everything
    /// answers at once on `directory` (a file, memory).
    private let work: DirectoryWork?
    /// Whether the work's directory opened (without it the app still works, on the main loop's).
    private var workIsOpen = false
    /// Whether the off-main work is reached over the network (then its connection is watched).
    private let watch: ConnectionWatch?
    private var contactsWorkCache: (accountID: Int64, work: ContactsWork)?
    /// The accounts and settings the work's jobs use (made in `start`).
    private var accountsWorkCache: ServiceWork<AccountsService>?
    private var settingsWorkCache: ServiceWork<SettingsService>?

    /// Where a file's searches and whole-book reads run (the contacts list's searches, Birthdays):
    /// a work owning a second directory on the same file (its own connection, reading only), so a
    /// key is on screen before its search answers. Nil: they answer at once (memory, tests) or run
    /// on `work` (a server).
    private let readsWork: DirectoryWork?
    /// Whether the reads work's directory opened (until then, and without it, reads answer at once).
    private var readsWorkIsOpen = false
    private var readsWorkCache: (accountID: Int64, work: ContactsWork)?

    /// - Parameters:
    ///   - directory: where the data lives (not opened yet: `start` opens it).
    ///   - now: the wall clock, in seconds since 1970.
    public init(directory: any DataDirectory, now: @escaping () -> Int64) {
        self.directory = directory
        self.now = now
        work = nil
        watch = nil
        readsWork = nil
    }

    /// A file whose searches are read on a thread of their own: `readingDirectory` (the same file,
    /// another connection, opened by the work's first job once `directory` has opened) serves them.
    public convenience init(directory: any DataDirectory, readingDirectory: sending any DataDirectory, now: @escaping () -> Int64) {
        self.init(directory: directory, readsWork: ThreadDirectoryWork(directory: readingDirectory), now: now)
    }

    /// The same on any work that owns the reading directory (tests run its jobs when they say).
    init(directory: any DataDirectory, readsWork: DirectoryWork, now: @escaping () -> Int64) {
        self.directory = directory
        self.now = now
        work = nil
        watch = nil
        self.readsWork = readsWork
    }

    /// A directory on a server: `directory` serves the main loop (the splash's start-up and
    /// saved session, logging out, the look for changes made elsewhere); `offMainDirectory`
    /// (the same data, another connection), handed to a thread of its own which alone uses it from
    /// now on, serves everything a screen asks — signing in and creating accounts, the contacts
    /// screens, the friends popup, the activity feed, the home, settings, password changes, account
    /// deletion and About's counts — and a lost connection shows a banner until it answers again.
    public convenience init(directory: any DataDirectory, offMainDirectory: sending any DataDirectory, now: @escaping () -> Int64) {
        self.init(directory: directory, work: ThreadDirectoryWork(directory: offMainDirectory), now: now)
    }

    /// The same on any work that owns the second directory (tests run the jobs when they say).
    init(directory: any DataDirectory, work: DirectoryWork, now: @escaping () -> Int64) {
        self.directory = directory
        self.work = work
        self.now = now
        readsWork = nil
        watch = ConnectionWatch()
        watch?.isBusy = { [unowned work] in work.isBusy }
    }

    /// Opens the main loop's directory only: the work's directory is opened by `start(then:)`,
    /// as a job on the work (until then, and without it, everything runs on the main loop's); the
    /// reads work's by `openReadsWork()`, once the first screen is drawn.
    func start() throws(ServiceError) -> Account? {
        let account = try directory.open()
        setUp(hasAccounts: nil)
        return account
    }

    /// Opens the reads work's directory as its first job, now that the file exists and is migrated
    /// (`directory` opened it); its reads are offered once it has. Called once the first screen
    /// after the splash is drawn (`RootAssembly`): a second connection reads the whole schema
    /// again, on a thread that would otherwise share the two cores with the first frame; a search
    /// typed before it has opened is read on the main loop's connection, as on memory.
    func openReadsWork() {
        guard let readsWork, !readsWorkIsOpen else { return }
        readsWork.perform({ directory in
            do throws(ServiceError) { _ = try directory.open(); return true } catch { return false }
        }, then: { [weak self] opened in
            self?.readsWorkIsOpen = opened
        })
    }

    /// One account's contacts for the reads that may take a while on a large address book (a
    /// search of the contacts list, Birthdays), off the main loop on a file: nil where they run
    /// with the rest (`contactsWork`: at once in memory, off the main loop on a server).
    func contactReadsWork(for account: Account) -> ContactsWork? {
        guard let readsWork, readsWorkIsOpen else { return nil }
        if let readsWorkCache, readsWorkCache.accountID == account.id { return readsWorkCache.work }
        let reads = ContactsWork(work: readsWork) { $0.contacts(for: account) }
        readsWorkCache = (account.id, reads)
        return reads
    }

    /// On a server, both connections are opened (and the schema migrated, and the saved session and
    /// whether any account exists read) as a job on the work, off the main loop: the splash keeps
    /// turning while the network answers. A file opens at once.
    public func start(then deliver: @escaping @MainActor (Result<Account?, ServiceError>) -> Void) {
        guard let work else {
            do throws(ServiceError) { deliver(.success(try start())) } catch { deliver(.failure(error)) }
            return
        }
        startOpening(directory, on: work, then: deliver)
    }

    /// `start(then:)` on the main loop's directory as it is (its opening's type is its own): its
    /// opening job (where it has one, else it opens here first) and the work's directory's whole
    /// opening run as one job on the work.
    private func startOpening<Main: DataDirectory>(_ main: Main, on work: DirectoryWork,
                                                   then deliver: @escaping @MainActor (Result<Account?, ServiceError>) -> Void) {
        let mainJob = main.openingJob()
        var openedHere: Account?
        if mainJob == nil {
            do throws(ServiceError) { openedHere = try main.open() } catch { deliver(.failure(error)); return }
        }
        work.perform({ directory -> Result<Opening<Main.Opened>, ServiceError> in
            do throws(ServiceError) {
                let opened = try mainJob?()
                // Without its second connection the app still works, on the main loop's.
                var hasAccounts: Bool?
                do throws(ServiceError) {
                    _ = try directory.open()
                    hasAccounts = try directory.accounts.accountCount() > 0
                } catch {
                    hasAccounts = nil
                }
                return .success(Opening(main: opened, workHasAccounts: hasAccounts))
            } catch {
                return .failure(error)
            }
        }, then: { [weak self] result in
            guard let self else { return }
            do throws(ServiceError) {
                let opening = try result.get()
                let account = try opening.main.map { prepared throws(ServiceError) in try main.open(prepared: prepared) } ?? openedHere
                self.workIsOpen = opening.workHasAccounts != nil
                self.setUp(hasAccounts: opening.workHasAccounts ?? opening.main?.hasAccounts)
                deliver(.success(account))
            } catch {
                deliver(.failure(error))
            }
        })
    }

    /// What the start-up job found: the main loop's directory's opening (nil: it opened at once),
    /// and whether the work's directory has accounts (nil: it could not open).
    private struct Opening<Main: Sendable>: Sendable {
        let main: PreparedOpening<Main>?
        let workHasAccounts: Bool?
    }

    /// The services over the opened directories (`hasAccounts`: as read at start, with the work's).
    private func setUp(hasAccounts: Bool?) {
        if let work, workIsOpen {
            let accounts = ServiceWork(work: work, watch: watch) { $0.accounts }
            accountsWorkCache = accounts
            settingsWorkCache = ServiceWork(work: work, watch: watch) { $0.settings }
            service = SignInService(accounts: directory.accounts, work: accounts, hasAccounts: hasAccounts ?? true,
                                    kind: directory.signInKind, now: now)
            // Before anyone signs in, the watch's look asks how many accounts there are.
            watch?.probe = { [weak accounts] in
                accounts?.run({ store throws(ServiceError) in _ = try store.accountCount() }, then: { _ in })
            }
        } else {
            service = SignInService(accounts: directory.accounts, kind: directory.signInKind, now: now)
        }
    }

    /// Whether the data is a demo's, made up (the kiosk): its friends popup and activity feed are
    /// the Demo target's, and no account changes.
    var isDemo: Bool {
        if case .demo = directory.signInKind { true } else { false }
    }

    /// The accounts for password changes and account deletion: off the main loop on a server
    /// (after `start`), at once on a file; nil in a demo (nothing is stored).
    var accountsWork: ServiceWork<AccountsService>? { isDemo ? nil : accountsWorkCache ?? .inline(directory.accounts) }

    /// The settings for `LiveSettings`' reads and saves: off the main loop on a server (after
    /// `start`), at once on a file.
    var settingsWork: ServiceWork<SettingsService> { settingsWorkCache ?? .inline(directory.settings) }

    /// One account's contacts for the scenes that must not wait on the store (made once per account).
    func contactsWork(for account: Account) -> ContactsWork {
        if let contactsWorkCache, contactsWorkCache.accountID == account.id { return contactsWorkCache.work }
        guard let work, workIsOpen else { return .inline(directory.contacts(for: account)) }
        let contacts = ContactsWork(work: work, watch: watch) { $0.contacts(for: account) }
        watch?.probe = { [weak contacts] in
            contacts?.run({ store throws(ServiceError) in _ = try store.count(matching: "", upTo: 1) }, then: { _ in })
        }
        contactsWorkCache = (account.id, contacts)
        return contacts
    }

    /// The account's own contacts and the team book's as one list: off the main loop on a server
    /// (made once per account); nil where there is no team book.
    func contactsWorkOfBothBooks(for account: Account) -> ContactsWork? {
        guard directory.teamBook(for: account) != nil else { return nil }
        if let bothBooksWorkCache, bothBooksWorkCache.accountID == account.id { return bothBooksWorkCache.work }
        guard let work, workIsOpen else { return directory.contactsOfBothBooks(for: account).map { .inline($0) } }
        _ = contactsWork(for: account) // the watch's look goes through the own contacts
        let both = ContactsWork(work: work, watch: watch) { $0.contactsOfBothBooks(for: account) ?? $0.contacts(for: account) }
        bothBooksWorkCache = (account.id, both)
        return both
    }
    private var bothBooksWorkCache: (accountID: Int64, work: ContactsWork)?

    /// `account`'s services picked from the directory the work's jobs use: the off-main one on a
    /// server (the watch sees every result), else the file or memory itself, answering at once.
    private func serviceWork<Service>(for account: Account, _ pick: @escaping @Sendable (any DataDirectory) -> Service) -> ServiceWork<Service> {
        guard let work, workIsOpen else { return .inline(pick(directory)) }
        _ = contactsWork(for: account) // the watch's look goes through the contacts
        return ServiceWork(work: work, watch: watch, service: pick)
    }

    /// One account's friends for the friends popup: off the main loop on a server; nil in a demo
    /// (the popup is the Demo target's use-case).
    func friendsWork(for account: Account) -> ServiceWork<FriendsService>? {
        isDemo ? nil : serviceWork(for: account) { $0.contacts(for: account) }
    }

    /// One account's activity log for the feed: off the main loop on a server.
    func activityWork(for account: Account) -> ServiceWork<ActivityService> {
        serviceWork(for: account) { $0.activity(for: account) }
    }

    /// One account's contacts and log together, for the home's summary: off the main loop on a server.
    func accountWork(for account: Account) -> ServiceWork<AccountServices> {
        serviceWork(for: account) { AccountServices(contacts: $0.contacts(for: account), activity: $0.activity(for: account)) }
    }

    /// Puts the off-main work on the run loop: results come back on `scheduler`'s timers, the
    /// connection banner's text goes to `banner` (nil: none), `recovered` is told when a lost
    /// connection answers again.
    func attach(to scheduler: Scheduler, banner: @escaping (String?) -> Void, recovered: @escaping () -> Void) {
        work?.attach(to: scheduler)
        readsWork?.attach(to: scheduler)
        watch?.onBannerChange = banner
        watch?.onRecovered = recovered
        watch?.attach(to: scheduler)
    }

    /// The connection's watch (nil for a file); tests look at it.
    var connectionWatch: ConnectionWatch? { watch }

    /// Signing in and out, creating accounts (valid after `start`).
    var signIn: SignInServing { service! }

    /// The feed on the account's log and contacts through the work (`activityWork`,
    /// `contactsWork`): off the main loop on a server.
    func activityFeed(for account: Account, coordinator: Coordination, scheduler: Scheduler?) -> ActivityFeedViewModelProtocol {
        ActivityViewModel(activity: activityWork(for: account), contacts: contactsWork(for: account), now: now,
                          coordinator: coordinator, scheduler: scheduler)
    }

    /// What the run loop waits on to hear of changes made elsewhere (see `DataDirectory`); nil: nothing.
    var changeSignal: Int32? {
        let signal = directory.changeSignal
        // Asked at each wake-up: while live updates are off, the banner says so and a timer wakes
        // the loop for the next try (an idle app otherwise sleeps until a key).
        watch?.liveUpdates(retryIn: directory.liveUpdatesRetryAt.map { .seconds(max(1, $0 - now())) })
        return signal
    }
    /// One account's whole address book for Import… and Export…: off the main loop on a server.
    /// Nil in a demo (its made-up data has no address book to import into or export from; every
    /// other directory has one).
    func addressBookWork(for account: Account) -> ServiceWork<any AddressBookService>? {
        isDemo ? nil : serviceWork(for: account) { $0.addressBook(for: account)! }
    }
}
