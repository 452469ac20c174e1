import AppServices

/// The kiosk's settings: the visitor may change them; nothing is written
/// anywhere. What is never set reads as `defaults` (the kiosk's idle time is `--idle`).
final class InMemorySettingsStore: SettingsService {
    private var byAccount: [Int64: UserSettings] = [:]
    private let defaults: UserSettings
    /// Called after each save (the kiosk takes its idle time from it).
    private let onSave: (UserSettings) -> Void

    init(defaults: UserSettings = UserSettings(), onSave: @escaping (UserSettings) -> Void = { _ in }) {
        self.defaults = defaults
        self.onSave = onSave
    }

    func settings(for accountID: Int64) throws(ServiceError) -> UserSettings { byAccount[accountID] ?? defaults }

    func save(_ settings: UserSettings, for accountID: Int64, now: Int64) throws(ServiceError) {
        byAccount[accountID] = settings
        onSave(settings)
    }
}
