/// One account's settings, read whole and saved whole.
public protocol SettingsService: AnyObject {
    /// The account's settings (defaults for what was never set).
    func settings(for accountID: Int64) throws(ServiceError) -> UserSettings
    /// Saves the settings that changed (each change also goes into the activity feed).
    func save(_ settings: UserSettings, for accountID: Int64, now: Int64) throws(ServiceError)
}
