import AppServices
#if canImport(Glibc)
import Glibc
#endif

/// Each account's settings in the shared directory (the `settings` table), as `SQLiteSettingsStore`.
public final class PostgresSettingsStore: SettingsService {
    private let pg: PostgresConnection

    public init(database: PostgresDatabase) { self.pg = database.connection }

    public func settings(for accountID: Int64) throws(ServiceError) -> UserSettings {
        let rows = try pg.execute("SELECT key, value FROM settings WHERE account_id = $1", [accountID])
        var stored: [String: String] = [:]
        for i in 0..<rows.count { stored[rows.text(i, 0)] = rows.text(i, 1) }
        return UserSettings(stored: stored)
    }

    /// Writes all of them in one transaction, logging each that changed.
    public func save(_ settings: UserSettings, for accountID: Int64, now: Int64 = Int64(time(nil))) throws(ServiceError) {
        try pg.transaction { () throws(ServiceError) in
            let before = try self.settings(for: accountID).stored
            for (key, value) in settings.stored.sorted(by: { $0.key < $1.key }) where before[key] != value {
                try PostgresActivityLog(pg: pg).recordSetting(UserSettings.describe(key: key, value: value), accountID: accountID, at: now)
            }
            for (key, value) in settings.stored.sorted(by: { $0.key < $1.key }) {
                try pg.execute("INSERT INTO settings (account_id, key, value) VALUES ($1, $2, $3) ON CONFLICT (account_id, key) DO UPDATE SET value = excluded.value",
                               [accountID, key, value])
            }
        }
    }
}
