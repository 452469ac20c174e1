import AppServices
import Components
import TUIKit

/// Where the app's data lives — seed 000's split of real and demo use-cases,
/// one level up: `StoreBackend` puts the app on a `DataDirectory` (the SQLite
/// file; a server), the Kiosk target's backend makes it up in memory and
/// cannot touch a file (it does not see Storage).
/// Screens reach data only through their assemblies, and assemblies only
/// through this.
@MainActor
public protocol AppBackend: AnyObject {
    /// The splash's work: opens (or creates) where the data lives; returns the saved session's account.
    func start() throws(ServiceError) -> Account?
    /// Signing in and out, creating accounts (valid after `start`).
    var signIn: SignInServing { get }
    /// Where settings are kept (valid after `start`).
    var settings: SettingsService { get }
    /// One account's contacts.
    func contacts(for account: Account) -> ContactsService
    /// One account's friends for the real friends popup; nil: the popup shows the demo use-case.
    func friends(for account: Account) -> FriendsService?
    /// Password changes and account deletion; nil where accounts cannot change.
    var accountChanges: AccountsService? { get }
    /// The account's activity feed.
    func activityFeed(for account: Account, contacts: ContactsService, coordinator: Coordination,
                      scheduler: Scheduler?) -> ActivityFeedViewModelProtocol
    /// Where the data is, for About: a file (and its size) or a sentence.
    var dataLocation: DataLocation { get }
    /// Whether someone else changed this account's data since the last call (see `DataDirectory`).
    func changedElsewhere(for account: Account) -> Bool
    /// What the run loop waits on to hear of changes made elsewhere (see `DataDirectory`); nil: nothing.
    var changeSignal: Int32? { get }
    /// The team address book beside the account's own contacts (see `DataDirectory`); nil: none.
    func teamBook(for account: Account) -> Account?
    /// How people sign in (see `DataDirectory`), once started.
    var signInKind: SignInKind { get }
    /// One account's whole address book, for the contacts screen's Import… and Export…: off the
    /// main loop where the data is on a server; nil: none (the kiosk).
    func addressBookWork(for account: Account) -> ServiceWork<any AddressBookService>?
    /// One account's contacts for the scenes that must never wait on the store (the list, the
    /// forms, the card): off the main loop where the data is on a server.
    func contactsWork(for account: Account) -> ContactsWork
    /// One account's contacts for the reads that may take a while on a large address book (a
    /// search of the contacts list, Birthdays), where they run off the main loop apart from
    /// `contactsWork` (a file); nil: they go with `contactsWork`.
    func contactReadsWork(for account: Account) -> ContactsWork?
    /// The account's own contacts and the team book's as one list (see
    /// `DataDirectory.contactsOfBothBooks`), for the same scenes; nil where there is no team book.
    func contactsWorkOfBothBooks(for account: Account) -> ContactsWork?
    /// One account's friends for the friends popup; nil: the popup shows the demo use-case.
    func friendsWork(for account: Account) -> ServiceWork<FriendsService>?
    /// One account's contacts and log together, for the home's summary; nil: the home shows no counts.
    func accountWork(for account: Account) -> ServiceWork<AccountServices>?
    /// Password changes and account deletion; nil where accounts cannot change.
    var accountsWork: ServiceWork<AccountsService>? { get }
    /// Where settings are read and saved.
    var settingsWork: ServiceWork<SettingsService> { get }
    /// Puts the backend's off-main work on the run loop: results on `scheduler`, the connection
    /// banner's text to `banner`, `recovered` told when a lost connection answers again.
    func attach(to scheduler: Scheduler, banner: @escaping (String?) -> Void, recovered: @escaping () -> Void)
    /// `start()` as a job: `deliver` gets its answer on the main loop — at once where the data
    /// answers at once, later where it is on a server (opened off the main loop).
    func start(then deliver: @escaping @MainActor (Result<Account?, ServiceError>) -> Void)
}

public extension AppBackend {
    /// Nobody else changes the data.
    var changeSignal: Int32? { nil }

    /// One person's data: no team book.
    func teamBook(for account: Account) -> Account? { nil }
    /// Accounts the app makes.
    var signInKind: SignInKind { .appAccounts }

    /// No import or export.
    func addressBookWork(for account: Account) -> ServiceWork<any AddressBookService>? { nil }

    /// Data in memory answers at once: every call runs on the main loop.
    func contactsWork(for account: Account) -> ContactsWork { .inline(contacts(for: account)) }
    func friendsWork(for account: Account) -> ServiceWork<FriendsService>? { friends(for: account).map { .inline($0) } }
    /// One person's data: no team book.
    func contactsWorkOfBothBooks(for account: Account) -> ContactsWork? { nil }
    /// Reads go with `contactsWork`.
    func contactReadsWork(for account: Account) -> ContactsWork? { nil }
    func accountWork(for account: Account) -> ServiceWork<AccountServices>? { nil }
    var accountsWork: ServiceWork<AccountsService>? { accountChanges.map { .inline($0) } }
    var settingsWork: ServiceWork<SettingsService> { .inline(settings) }
    func attach(to scheduler: Scheduler, banner: @escaping (String?) -> Void, recovered: @escaping () -> Void) {}

    /// Answers at once, on the main loop (a file, the kiosk's memory).
    func start(then deliver: @escaping @MainActor (Result<Account?, ServiceError>) -> Void) { startAtOnce(then: deliver) }
}

extension AppBackend {
    /// `start()` on the main loop, its answer handed to `deliver`.
    func startAtOnce(then deliver: @escaping @MainActor (Result<Account?, ServiceError>) -> Void) {
        do throws(ServiceError) { deliver(.success(try start())) } catch { deliver(.failure(error)) }
    }
}
