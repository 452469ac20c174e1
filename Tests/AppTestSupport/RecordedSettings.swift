import AppServices

/// The settings of a `ThreadRecordingDirectory`: each call noted with its thread.
public final class RecordedSettings: SettingsService {
    private let inner: SettingsService
    private let log: DirectoryCallLog
    public init(_ inner: SettingsService, log: DirectoryCallLog) {
        self.inner = inner
        self.log = log
    }

    public func settings(for accountID: Int64) throws(ServiceError) -> UserSettings { log.note(); return try inner.settings(for: accountID) }
    public func save(_ settings: UserSettings, for accountID: Int64, now: Int64) throws(ServiceError) {
        log.note(); try inner.save(settings, for: accountID, now: now)
    }
}
