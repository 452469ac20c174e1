import AppServices
import Components
import TUIKit

/// Who is signed in, and the data their screens reach: what changes together at start-up, sign-in
/// and sign-out. The book a contacts screen shows is not kept here: it travels in the screen's
/// `Screen` case (seed 002) and is handed to `contactsWork(in:)` where it is used.
@MainActor
final class AppSession {
    /// Where the data lives (the SQLite file, a server, or the kiosk's memory).
    let backend: StoreBackend
    /// The kiosk's made-up activity feed (the Demo target's), nil elsewhere.
    private let demoActivityFeed: (() -> ActivityFeedViewModelProtocol)?
    /// How people sign in, once the data is open (nil before).
    private(set) var signIn: SignInServing?
    /// The signed-in account (nil before sign-in and after sign-out).
    private(set) var account: Account?

    init(backend: StoreBackend, demoActivityFeed: (() -> ActivityFeedViewModelProtocol)?) {
        self.backend = backend
        self.demoActivityFeed = demoActivityFeed
    }

    /// The data is open: `account` is the saved session's (nil: nobody).
    func opened(signedIn account: Account?) {
        self.account = account
        signIn = backend.signIn
    }

    /// `account` signed in (its session just saved).
    func signedIn(_ account: Account) { self.account = account }

    /// After a log-out or a deleted account.
    func signedOut() { account = nil }

    /// Whether someone is signed in on open data.
    var isSignedIn: Bool { signIn != nil && account != nil }

    /// Who the stores are for: the signed-in account (a nobody, matching nothing, before sign-in).
    private var owner: Account { account ?? Account(id: -1, username: "") }

    /// The team address book of a team's directory, nil where there is none.
    var teamBook: Account? { account.flatMap { backend.directory.teamBook(for: $0) } }

    /// `book` as this directory has it: where there is no team book, every book is the own.
    func resolved(_ book: ContactBook) -> ContactBook { teamBook == nil ? .own : book }

    /// Whose contacts `book` holds (Import… and Export… of both books: the own).
    private func owner(of book: ContactBook) -> Account { book == .team ? teamBook ?? owner : owner }

    /// The contacts of `book` for the scenes that must not wait on the store (the list, the card,
    /// the forms): off the main loop on a server, at once on a file or in memory.
    func contactsWork(in book: ContactBook) -> ContactsWork {
        if resolved(book) == .both, account != nil, let both = backend.contactsWorkOfBothBooks(for: owner) { return both }
        return backend.contactsWork(for: owner(of: book))
    }

    /// The same contacts for the reads that may take a while on a large address book (the list's
    /// searches, Birthdays): off the main loop on a file too; nil where they go with `contactsWork`.
    func contactReadsWork(in book: ContactBook) -> ContactsWork? {
        resolved(book) == .both || account == nil ? nil : backend.contactReadsWork(for: owner(of: book))
    }

    /// The whole address book of `book`, for Import… and Export… (off the main loop on a server);
    /// nil before sign-in and in the kiosk.
    func addressBookWork(in book: ContactBook) -> ServiceWork<any AddressBookService>? {
        account.flatMap { _ in backend.addressBookWork(for: owner(of: book)) }
    }

    /// The signed-in account's friends for the friends popup: off the main loop on a server,
    /// at once on a file; nil where the popup shows the demo use-case (the kiosk).
    var friendsWork: ServiceWork<FriendsService>? { backend.friendsWork(for: owner) }

    /// The signed-in account's contacts and log together, for the home's summary and About's
    /// counts: off the main loop on a server, at once on a file or in memory.
    var accountWork: ServiceWork<AccountServices> { backend.accountWork(for: owner) }

    /// Password changes and account deletion: off the main loop on a server, at once on a file;
    /// nil where accounts cannot change (the kiosk).
    var accountChangesWork: ServiceWork<AccountsService>? { backend.accountsWork }

    /// Where settings are read and saved: off the main loop on a server, at once on a file or in memory.
    var settingsWork: ServiceWork<SettingsService> { backend.settingsWork }

    /// The signed-in account's activity feed: the Demo target's on a demo's made-up data (the
    /// kiosk), else the account's log through the work.
    func activityFeed(coordinator: Coordination, scheduler: Scheduler?) -> ActivityFeedViewModelProtocol {
        if backend.isDemo, let demo = demoActivityFeed { return demo() }
        return backend.activityFeed(for: owner, coordinator: coordinator, scheduler: scheduler)
    }
}
