import AppServices
import Demo
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The kiosk's data, a `DataDirectory` like the file's and the server's: the Demo target's
/// made-up contacts in memory, one demo account, settings the visitor may change. It never opens,
/// creates or changes a file; every tour loop (and every idle reset) starts from a fresh one. Its
/// friends popup and activity feed are the Demo target's view models (`SignInKind.demo`: the
/// app asks the kiosk's configuration for them).
final class KioskDirectory: DataDirectory {
    private let demoAccounts = DemoAccounts()
    private let settingsStore: InMemorySettingsStore
    private let book: InMemoryContacts
    private let noActivity = NoActivity()

    /// `idleSeconds` is what Settings shows as the kiosk idle timeout; `onSettingsSaved` hears the visitor change settings.
    init(seed: UInt64, idleSeconds: Int, onSettingsSaved: @escaping (UserSettings) -> Void = { _ in }) {
        var defaults = UserSettings()
        defaults.kioskIdleSeconds = idleSeconds
        let book = InMemoryContacts(DemoContacts.make(seed: seed).map(Self.record))
        // Its searches read a national number by the visitor's Phone region (the locale's at first).
        book.phoneRegion = PhoneRegion.chosen(by: defaults.phoneRegion)
        self.book = book
        settingsStore = InMemorySettingsStore(defaults: defaults) { [weak book] settings in
            book?.phoneRegion = PhoneRegion.chosen(by: settings.phoneRegion)
            onSettingsSaved(settings)
        }
    }

    static func record(_ demo: DemoContact) -> ContactRecord {
        ContactRecord(firstName: demo.firstName, lastName: demo.lastName,
                      phones: demo.phones.map { ContactRecord.Phone(label: $0.label, number: $0.number) },
                      emails: demo.emails, company: demo.company, notes: demo.notes, isFriend: demo.isFriend)
    }

    /// The wall clock `now` (seconds since 1970) as local time, in the machine's time zone (TZ
    /// honoured): the made-up activity ends a little before it.
    static func localTime(_ now: Int64) -> Int64 {
        var seconds = time_t(now), local = tm()
        localtime_r(&seconds, &local)
        return now + Int64(local.tm_gmtoff)
    }

    /// Nothing to open; no saved session: every loop logs in.
    func open() throws(ServiceError) -> Account? { try demoAccounts.savedSession() }
    var accounts: AccountsService { demoAccounts }
    var settings: SettingsService { settingsStore }
    func contacts(for account: Account) -> ContactsService & FriendsService { book }
    /// No import or export.
    func addressBook(for account: Account) -> (any AddressBookService)? { nil }
    /// The feed is the Demo target's view model: no log here.
    func activity(for account: Account) -> ActivityService { noActivity }
    var location: DataDescription {
        DataDescription(place: "none: the demo keeps its made-up data in memory and saves nothing", bytes: nil, isFile: false)
    }
    /// Made-up data does not sync.
    var syncStatus: (any SyncStatusService)? { nil }
    var signInKind: SignInKind { .demo(hint: DemoAccounts.hint) }
}

/// The kiosk's log: empty (its feed is the Demo target's view model).
final class NoActivity: ActivityService {
    func events(before id: Int64?, limit: Int) throws(ServiceError) -> [ActivityEvent] { [] }
    func events(newerThan id: Int64?, limit: Int) throws(ServiceError) -> [ActivityEvent] { [] }
    func newestEvent(withSubjectPrefix prefix: String) throws(ServiceError) -> Int64? { nil }
    func idRange() throws(ServiceError) -> ClosedRange<Int64>? { nil }
}
