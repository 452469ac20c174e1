import AppServices

/// The data file's sync tables, read on the directory's own connection (no network: a child
/// `switchboard sync` process does that and writes to the same file).
extension SQLiteDirectory {
    public var syncStatus: (any SyncStatusService)? {
        database.map { SQLiteSyncStore(database: $0, now: now) }
    }
}
