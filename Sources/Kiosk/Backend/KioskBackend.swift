import App
import AppServices
import Components
import Demo
import TUIKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The kiosk's data: the Demo target's made-up contacts, friends and
/// activity, in memory. It never opens, creates or changes a file; every
/// tour loop (and every idle reset) starts from a fresh one.
@MainActor
final class KioskBackend: AppBackend {
    private let seed: UInt64
    private let sessions = DemoSignIn()
    private let settingsStore: InMemorySettingsStore
    private let book: InMemoryContacts
    /// The wall clock when this backend was made (the real one in the app, a fixed one in tests), as local time:
    /// the made-up activity ends a little before it, the same all through a loop of the tour.
    private let localNow: Int64

    /// `idleSeconds` is what Settings shows as the kiosk idle timeout; `onSettingsSaved` hears the visitor change settings.
    init(seed: UInt64, idleSeconds: Int, now: () -> Int64, onSettingsSaved: @escaping (UserSettings) -> Void = { _ in }) {
        self.seed = seed
        let at = now()
        var seconds = time_t(at), local = tm()
        localtime_r(&seconds, &local)
        localNow = at + Int64(local.tm_gmtoff) // the machine's time zone at that moment (TZ honoured)
        var defaults = UserSettings()
        defaults.kioskIdleSeconds = idleSeconds
        settingsStore = InMemorySettingsStore(defaults: defaults, onSave: onSettingsSaved)
        book = InMemoryContacts(DemoContacts.make(seed: seed).map(Self.record))
    }

    nonisolated static func record(_ demo: DemoContact) -> ContactRecord {
        ContactRecord(firstName: demo.firstName, lastName: demo.lastName,
                      phones: demo.phones.map { ContactRecord.Phone(label: $0.label, number: $0.number) },
                      emails: demo.emails, company: demo.company, notes: demo.notes, isFriend: demo.isFriend)
    }

    /// No saved session: every loop logs in.
    func start() throws(ServiceError) -> Account? { nil }
    var signIn: SignInServing { sessions }
    var settings: SettingsService { settingsStore }
    func contacts(for account: Account) -> ContactsService { book }
    /// nil: the friends popup runs on the Demo target's view models.
    func friends(for account: Account) -> FriendsService? { nil }
    var accountChanges: AccountsService? { nil }

    func activityFeed(for account: Account, contacts: ContactsService, coordinator: Coordination,
                      scheduler: Scheduler?) -> ActivityFeedViewModelProtocol {
        ActivityFeedDemoViewModel(seed: seed, localNow: localNow)
    }

    /// The kiosk's data is its own: nobody else changes it.
    func changedElsewhere(for account: Account) -> Bool { false }

    var dataLocation: DataLocation {
        DataLocation(place: "none: the demo keeps its made-up data in memory and saves nothing", bytes: nil, isFile: false)
    }
}
