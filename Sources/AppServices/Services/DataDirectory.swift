/// Where an app's data lives, as a whole: opened once by the splash, then
/// asked for each service. A store is a plug: the SQLite file for one person
/// (Storage's `SQLiteDirectory`), a server for a team; App sees only this.
public protocol DataDirectory: AnyObject {
    /// What an opening job makes off the main loop and hands to `open(prepared:)` (a server's
    /// connection); `Never` where opening answers at once.
    associatedtype Opened: Sendable = Never

    /// Opens (or creates) the data; returns the saved session's account.
    func open() throws(ServiceError) -> Account?
    /// Accounts, sign-in failures and the saved session (valid after `open`).
    var accounts: AccountsService { get }
    /// Settings (valid after `open`).
    var settings: SettingsService { get }
    /// One account's contacts and friends (valid after `open`).
    func contacts(for account: Account) -> ContactsService & FriendsService
    /// One account's whole address book, for import and export (valid after `open`); nil where
    /// there is none to import into or export from (the kiosk's made-up data).
    func addressBook(for account: Account) -> (any AddressBookService)?
    /// One account's activity feed (valid after `open`).
    func activity(for account: Account) -> ActivityService
    /// Where the data is, for About.
    var location: DataDescription { get }
    /// The sync tables' reader (valid after `open`): a file's, a server's; nil where the data
    /// cannot sync (memory, a server not connected). Every directory says which.
    var syncStatus: (any SyncStatusService)? { get }
    /// The part of `open()` that may wait on the network (connecting, migrating, reading the saved
    /// session), as a job safe to run off the main loop; `open(prepared:)` then finishes on the
    /// main loop. Nil: `open()` answers at once.
    func openingJob() -> (@Sendable () throws(ServiceError) -> PreparedOpening<Opened>)?
    /// Finishes the opening `openingJob` prepared; returns the saved session's account.
    func open(prepared: PreparedOpening<Opened>) throws(ServiceError) -> Account?
    /// Whether someone else (another terminal on the same file or server) changed this
    /// account's data since the last call. The run loop asks when `changeSignal` becomes
    /// readable; it reads what made it readable, is cheap and never waits; what is on screen
    /// is then read again.
    func changedElsewhere(for account: Account) -> Bool
    /// When live updates are off — the way of hearing of changes made elsewhere could not be had
    /// (a server's notification connection) — the wall-clock second it is tried again; nil when
    /// they are on, or when there is nothing to hear (one person's data).
    var liveUpdatesRetryAt: Int64? { get }
    /// How people sign in here (valid after `open`).
    var signInKind: SignInKind { get }
    /// Stops the call running on this directory now (a save waiting on another client's lock, or on
    /// a server that does not answer): that call then fails and keeps nothing. Safe to call from
    /// any thread while another uses the directory; nil where calls cannot be stopped (they answer at once).
    var stopRunningCall: (@Sendable () -> Void)? { get }
    /// The team address book `account` shares with the other members of a team's directory (the
    /// server decides who may change it); nil where there is none (a file, memory, a directory
    /// not set up for a team).
    func teamBook(for account: Account) -> Account?
    /// `account`'s own contacts and the team book's as one list, each team row marked
    /// (`ContactSummary.inTeamBook`), a change going to the book its contact is in and a new
    /// contact to `account`'s own; nil where there is no team book.
    func contactsOfBothBooks(for account: Account) -> ContactsService?
    /// A descriptor that becomes readable when someone else may have changed the data (a file's
    /// inotify descriptor, a server's notification socket): the run loop waits on it, so an idle
    /// app makes no wake-ups to look. Nil: none (nobody else changes it, or none can be had now).
    var changeSignal: Int32? { get }
}

public extension DataDirectory {
    /// Nobody else changes it (data kept in memory).
    func changedElsewhere(for account: Account) -> Bool { false }

    /// Accounts the app makes.
    var signInKind: SignInKind { .appAccounts }

    /// Nothing to hear, or always heard.
    var liveUpdatesRetryAt: Int64? { nil }

    /// Calls answer at once: nothing to stop.
    var stopRunningCall: (@Sendable () -> Void)? { nil }

    /// No team book: one person's data.
    func teamBook(for account: Account) -> Account? { nil }

    /// No team book: one list of one book.
    func contactsOfBothBooks(for account: Account) -> ContactsService? { nil }

    /// Nobody else changes it: nothing to wait on.
    var changeSignal: Int32? { nil }

    /// Nothing to wait for: `open()` answers at once (a file, memory).
    func openingJob() -> (@Sendable () throws(ServiceError) -> PreparedOpening<Opened>)? { nil }

    /// `open()`: there was no job.
    func open(prepared: PreparedOpening<Opened>) throws(ServiceError) -> Account? { try open() }
}

/// What a directory's opening job found off the main loop, handed to the main loop once: the saved
/// session's account, whether any account exists, and what the directory opened (its connection),
/// which the job's thread no longer touches.
public struct PreparedOpening<Opened: Sendable>: Sendable {
    public let account: Account?
    public let hasAccounts: Bool
    public let opened: Opened

    public init(account: Account?, hasAccounts: Bool, opened: Opened) {
        self.account = account
        self.hasAccounts = hasAccounts
        self.opened = opened
    }
}

/// How people sign in to a directory.
public enum SignInKind: Equatable, Sendable {
    /// With accounts the app makes and checks (a file, a server set up for one owner).
    case appAccounts
    /// As the members a team directory's owner added: the server checks the password, and no
    /// account is made here. `suggestedName`: the user the connection string names ("" for none).
    case teamMembers(suggestedName: String)
    /// As the one account of a demo's made-up data (the kiosk): no account is made or changed,
    /// and a refused sign-in is told `hint` (what to type).
    case demo(hint: String)
}
