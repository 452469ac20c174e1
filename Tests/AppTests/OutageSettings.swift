import AppServices

/// The settings of an `OutageDirectory`: each call counted (as an accounts call), and refused while it is down.
final class OutageSettings: SettingsService {
    private let inner: SettingsService
    private let directory: OutageDirectory
    init(_ inner: SettingsService, directory: OutageDirectory) {
        self.inner = inner
        self.directory = directory
    }

    func settings(for accountID: Int64) throws(ServiceError) -> UserSettings {
        try directory.reachAccounts(); return try inner.settings(for: accountID)
    }
    func save(_ settings: UserSettings, for accountID: Int64, now: Int64) throws(ServiceError) {
        try directory.reachAccounts(); try inner.save(settings, for: accountID, now: now)
    }
}
