#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AppServices

/// Each account's settings in the database (the `settings` table).
public final class SQLiteSettingsStore: SettingsService {
    private let db: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.db = database }

    /// The account's settings (defaults for what was never set).
    public func settings(for accountID: Int64) throws(ServiceError) -> UserSettings {
        let s = try db.prepare("SELECT key, value FROM settings WHERE account_id = ?")
        s.bind(1, accountID)
        defer { s.reset() }
        var stored: [String: String] = [:]
        while try s.step() { stored[s.text(0)] = s.text(1) }
        return UserSettings(stored: stored)
    }

    /// Writes all of them in one transaction.
    /// Each setting that differs from what was stored is logged, in the same transaction (the same
    /// setting changed again within minutes rewrites its line: see `ActivityCoalescing`).
    public func save(_ settings: UserSettings, for accountID: Int64, now: Int64 = Int64(time(nil))) throws(ServiceError) {
        try db.transaction { () throws(ServiceError) in
            let before = try self.settings(for: accountID).stored
            for (key, value) in settings.stored.sorted(by: { $0.key < $1.key }) where before[key] != value {
                try SQLiteActivityLog(db: db).recordSetting(UserSettings.describe(key: key, value: value), accountID: accountID, at: now)
            }
            let s = try db.prepare("INSERT INTO settings (account_id, key, value) VALUES (?, ?, ?) ON CONFLICT(account_id, key) DO UPDATE SET value = excluded.value")
            for (key, value) in settings.stored.sorted(by: { $0.key < $1.key }) {
                s.bind(1, accountID).bind(2, key).bind(3, value)
                try s.run()
            }
        }
    }
}
