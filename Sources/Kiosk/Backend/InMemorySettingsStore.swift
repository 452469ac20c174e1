import Storage

/// The kiosk's settings: the visitor may change them; nothing is written anywhere.
final class InMemorySettingsStore: SettingsStoring {
    private var byAccount: [Int64: UserSettings] = [:]

    func settings(for accountID: Int64) throws(StorageError) -> UserSettings { byAccount[accountID] ?? UserSettings() }

    func save(_ settings: UserSettings, for accountID: Int64, now: Int64) throws(StorageError) {
        byAccount[accountID] = settings
    }
}
