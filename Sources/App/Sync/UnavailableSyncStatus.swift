import AppServices

/// The sync tables of a directory that has none to hand out (not connected): every read says so.
final class UnavailableSyncStatus: SyncStatusService {
    private var unavailable: ServiceError { ServiceError(.unavailable, detail: "the sync tables cannot be read now") }
    func syncAccounts(of accountID: Int64) throws(ServiceError) -> [SyncAccountStatus] { throw unavailable }
    func syncConflicts(of accountID: Int64) throws(ServiceError) -> [SyncConflictItem] { throw unavailable }
    func settleConflict(_ id: Int64, with record: ContactRecord?, accountID: Int64) throws(ServiceError) { throw unavailable }
    func bookNames(of contactIDs: [Int64]) throws(ServiceError) -> [Int64: String] { throw unavailable }
}
