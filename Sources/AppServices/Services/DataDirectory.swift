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
    /// Whether someone else (another terminal on the same file or server) changed this
    /// account's data since the last call. The run loop asks a few times a second, so it is
    /// cheap and never waits; what is on screen is then read again.
    func changedElsewhere(for account: Account) -> Bool
}

public extension DataDirectory {
    /// Nobody else changes it (data kept in memory).
    func changedElsewhere(for account: Account) -> Bool { false }
}
