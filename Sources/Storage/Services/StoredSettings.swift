import AppServices

/// A settings store as App's settings service.
public final class StoredSettings: SettingsService {
    private let store: any SettingsStoring

    public init(_ store: any SettingsStoring) { self.store = store }

    public func settings(for accountID: Int64) throws(ServiceError) -> UserSettings {
        try serving { () throws(StorageError) in try store.settings(for: accountID) }
    }

    public func save(_ settings: UserSettings, for accountID: Int64, now: Int64) throws(ServiceError) {
        try serving { () throws(StorageError) in try store.save(settings, for: accountID, now: now) }
    }
}
