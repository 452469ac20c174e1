import Components
import Storage
import TUIKit

/// Where the app's data lives — seed 000's split of real and demo use-cases,
/// one level up: `SQLiteBackend` keeps it in the data file (the app); the
/// Kiosk target's backend makes it up in memory and never touches a file.
/// Screens reach data only through their assemblies, and assemblies only
/// through this.
@MainActor
public protocol AppBackend: AnyObject {
    /// The splash's work: opens (or creates) where the data lives; returns the saved session's account.
    func start() throws(StorageError) -> Account?
    /// Signing in and out, creating accounts (valid after `start`).
    var signIn: SignInServing { get }
    /// Where settings are kept (valid after `start`).
    var settings: SettingsStoring { get }
    /// One account's contacts.
    func contacts(for account: Account) -> ContactsStore
    /// One account's friends for the real friends popup; nil: the popup shows the demo use-case.
    func friends(for account: Account) -> FriendsStore?
    /// Password changes and account deletion; nil where accounts cannot change.
    func accountStore() -> AccountStore?
    /// The account's activity feed.
    func activityFeed(for account: Account, contacts: ContactsStore, coordinator: Coordination,
                      scheduler: Scheduler?) -> ActivityFeedViewModelProtocol
    /// Where the data is, for About: a file (and its size) or a sentence.
    var dataLocation: DataLocation { get }
}

/// Where the data is, as About shows it.
public struct DataLocation: Equatable, Sendable {
    /// A path or a sentence.
    public var place: String
    /// The file's size (nil: no file yet, or none at all).
    public var bytes: Int64?
    /// False when nothing is stored (the kiosk).
    public var isFile: Bool

    public init(place: String, bytes: Int64?, isFile: Bool) {
        self.place = place
        self.bytes = bytes
        self.isFile = isFile
    }
}
