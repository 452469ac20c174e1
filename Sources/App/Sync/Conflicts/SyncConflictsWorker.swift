import AppServices

/// The Conflicts scene's store calls: the sync tables (on the main loop: the data file answers
/// at once) and the contacts.
@MainActor
protocol SyncConflictsWorking: AnyObject {
    func conflicts() throws(ServiceError) -> [SyncConflictItem]
    func settle(_ id: Int64, with record: ContactRecord?) throws(ServiceError)
    func delete(contact id: Int64) throws(ServiceError)
}

@MainActor
final class SyncConflictsWorker: SyncConflictsWorking {
    private let status: any SyncStatusService
    private let contacts: ContactsService
    private let accountID: Int64

    init(status: any SyncStatusService, contacts: ContactsService, accountID: Int64) {
        self.status = status
        self.contacts = contacts
        self.accountID = accountID
    }

    func conflicts() throws(ServiceError) -> [SyncConflictItem] { try status.syncConflicts(of: accountID) }
    func settle(_ id: Int64, with record: ContactRecord?) throws(ServiceError) { try status.settleConflict(id, with: record, accountID: accountID) }
    func delete(contact id: Int64) throws(ServiceError) { _ = try contacts.delete(id: id) }
}
