import AppServices

/// A shared directory's sync tables, read on the directory's connection (no network but the
/// directory's: a child `switchboard sync` process does the CardDAV part and writes to the same
/// directory, signed in as the same member).
extension PostgresDirectory {
    /// The sync store on the connection the directory has now: after a member logs out and another
    /// signs in, the new member's, under their own row-level security (each use asks again:
    /// `StoreBackend` and the work's jobs do). Nil while not connected.
    public var syncStatus: (any SyncStatusService)? {
        connectedDatabase.map { db in
            PostgresSyncStore(database: db, now: now, localCommands: try? LocalSyncCommands(connection: db.connection, environment: environment))
        }
    }
}
