import AppServices
import TUIKit

/// The signed-in user's settings, live: screens and the app's appliers observe
/// `current`; a change is written (one transaction) before anyone hears of it.
@MainActor
final class LiveSettings {
    let current: Observable<UserSettings>
    private let store: SettingsService
    let accountID: Int64
    private let now: () -> Int64

    init(store: SettingsService, accountID: Int64, now: @escaping () -> Int64) throws(ServiceError) {
        self.store = store
        self.accountID = accountID
        self.now = now
        current = Observable(try store.settings(for: accountID))
    }

    /// Changes one or more settings; on a write error nothing changes and the message is returned.
    @discardableResult
    func update(_ change: (inout UserSettings) -> Void) -> String? {
        var new = current.value
        change(&new)
        guard new != current.value else { return nil }
        do {
            try store.save(new, for: accountID, now: now())
        } catch {
            return "Could not save the setting: \(error.description)"
        }
        current.value = new
        return nil
    }
}
