/// Where an app's data lives, as a whole: opened once by the splash, then
/// asked for each service. A store is a plug: the SQLite file for one person
/// (Storage's `SQLiteDirectory`), a server for a team; App sees only this.
@MainActor
public protocol DataDirectory: AnyObject {
    /// Opens (or creates) the data; returns the saved session's account.
    func open() throws(ServiceError) -> Account?
    /// Accounts, sign-in failures and the saved session (valid after `open`).
    var accounts: AccountsService { get }
    /// Settings (valid after `open`).
    var settings: SettingsService { get }
    /// One account's contacts and friends (valid after `open`).
    func contacts(for account: Account) -> ContactsService & FriendsService
    /// One account's activity feed (valid after `open`).
    func activity(for account: Account) -> ActivityService
    /// Where the data is, for About.
    var location: DataLocation { get }
}
