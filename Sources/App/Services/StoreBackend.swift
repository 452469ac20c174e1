import AppServices
import Components
import TUIKit

/// The app on a `DataDirectory`: the real use-cases (seed 000) over whatever
/// store the command line chose — App does not know which.
@MainActor
public final class StoreBackend: AppBackend {
    private let directory: DataDirectory
    private let now: () -> Int64
    private var service: SignInService?

    /// - Parameters:
    ///   - directory: where the data lives (not opened yet: `start` opens it).
    ///   - now: the wall clock, in seconds since 1970.
    public init(directory: DataDirectory, now: @escaping () -> Int64) {
        self.directory = directory
        self.now = now
    }

    public func start() throws(ServiceError) -> Account? {
        let account = try directory.open()
        service = SignInService(accounts: directory.accounts, now: now)
        return account
    }

    public var signIn: SignInServing { service! }
    public var settings: SettingsService { directory.settings }
    public func contacts(for account: Account) -> ContactsService { directory.contacts(for: account) }
    public func friends(for account: Account) -> FriendsService? { directory.contacts(for: account) }
    public var accountChanges: AccountsService? { directory.accounts }

    public func activityFeed(for account: Account, contacts: ContactsService, coordinator: Coordination,
                             scheduler: Scheduler?) -> ActivityFeedViewModelProtocol {
        ActivityViewModel(store: directory.activity(for: account), now: now,
                          contactExists: { id in
                              do { return try contacts.contact(id: id) != nil } catch { return true } // damaged: the card says so
                          },
                          coordinator: coordinator, scheduler: scheduler)
    }

    public var dataLocation: DataLocation { directory.location }
    public func changedElsewhere(for account: Account) -> Bool { directory.changedElsewhere(for: account) }
}
