import AppServices

/// A shared directory's sync tables, read on the main loop's connection (no network but the
/// directory's: a child `switchboard sync` process does the CardDAV part and writes to the same
/// directory, signed in as the same member).
extension PostgresDirectory {
    public var syncStatus: (any SyncStatusService)? {
        connectedDatabase == nil ? nil : PostgresDirectorySyncStatus(directory: self)
    }
}

/// The sync tables of whoever the directory's connection is signed in as at each call (after a
/// member logs out and another signs in, the new member's, under their own row-level security).
final class PostgresDirectorySyncStatus: SyncStatusService {
    private weak var directory: PostgresDirectory?

    init(directory: PostgresDirectory) { self.directory = directory }

    private func store() throws(ServiceError) -> PostgresSyncStore {
        guard let directory, let db = directory.connectedDatabase else {
            throw ServiceError(.unavailable, place: directory?.serverPlace ?? .unknown, detail: "not connected to the shared directory")
        }
        return PostgresSyncStore(database: db, now: directory.now,
                                 localCommands: try? LocalSyncCommands(connection: db.connection, environment: directory.environment))
    }

    func syncAccounts(of accountID: Int64) throws(ServiceError) -> [SyncAccountStatus] { try store().syncAccounts(of: accountID) }
    func syncConflicts(of accountID: Int64) throws(ServiceError) -> [SyncConflictItem] { try store().syncConflicts(of: accountID) }
    func settleConflict(_ id: Int64, with record: ContactRecord?, accountID: Int64) throws(ServiceError) {
        try store().settleConflict(id, with: record, accountID: accountID)
    }
    func bookNames(of contactIDs: [Int64]) throws(ServiceError) -> [Int64: String] { try store().bookNames(of: contactIDs) }
}
