import App
import Components
import Foundation
import Demo
import Storage
import TUIKit

/// The kiosk's data: the Demo target's made-up contacts, friends and
/// activity, in memory. It never opens, creates or changes a file; every
/// tour loop (and every idle reset) starts from a fresh one.
@MainActor
final class KioskBackend: AppBackend {
    private let seed: UInt64
    private let sessions = DemoSignIn()
    private let settingsStore: InMemorySettingsStore
    private let book: InMemoryContactsStore
    /// The app's wall clock in seconds (the real one in the app, a fixed one in tests).
    private let now: () -> Int64

    /// `idleSeconds` is what Settings shows as the kiosk idle timeout; `onSettingsSaved` hears the visitor change settings.
    init(seed: UInt64, idleSeconds: Int, now: @escaping () -> Int64, onSettingsSaved: @escaping (UserSettings) -> Void = { _ in }) {
        self.seed = seed
        self.now = now
        var defaults = UserSettings()
        defaults.kioskIdleSeconds = idleSeconds
        settingsStore = InMemorySettingsStore(defaults: defaults, onSave: onSettingsSaved)
        book = InMemoryContactsStore(DemoContacts.make(seed: seed).map(Self.record))
    }

    nonisolated static func record(_ demo: DemoContact) -> ContactRecord {
        ContactRecord(firstName: demo.firstName, lastName: demo.lastName,
                      phones: demo.phones.map { ContactRecord.Phone(label: $0.label, number: $0.number) },
                      emails: demo.emails, company: demo.company, notes: demo.notes, isFriend: demo.isFriend)
    }

    /// No saved session: every loop logs in.
    func start() throws(StorageError) -> Account? { nil }
    var signIn: SignInServing { sessions }
    var settings: SettingsStoring { settingsStore }
    func contacts(for account: Account) -> ContactsStore { book }
    /// nil: the friends popup runs on the Demo target's view models.
    func friends(for account: Account) -> FriendsStore? { nil }
    func accountStore() -> AccountStore? { nil }

    func activityFeed(for account: Account, contacts: ContactsStore, coordinator: Coordination,
                      scheduler: Scheduler?) -> ActivityFeedViewModelProtocol {
        // The made-up events end a little before now, in the machine's time zone (as the real feed shows them).
        let at = now()
        let offset = Int64(TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(at))))
        return ActivityFeedDemoViewModel(seed: seed, localNow: at + offset)
    }

    var dataLocation: DataLocation {
        DataLocation(place: "none: the demo keeps its made-up data in memory and saves nothing", bytes: nil, isFile: false)
    }
}
