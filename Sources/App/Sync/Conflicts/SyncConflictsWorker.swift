import AppServices

/// The Conflicts scene's store calls: the sync tables and the contacts. Each answers on the main
/// loop through `then`: at once on a data file, as a job off the main loop on a shared directory
/// (as the screens' other calls there).
@MainActor
protocol SyncConflictsWorking: AnyObject {
    func conflicts(then: @escaping @MainActor (Result<[SyncConflictItem], ServiceError>) -> Void)
    func settle(_ id: Int64, with record: ContactRecord?, then: @escaping @MainActor (Result<Void, ServiceError>) -> Void)
    /// Deletes the contact here, then settles the conflict (one job).
    func delete(contact id: Int64, settling conflict: Int64, then: @escaping @MainActor (Result<Void, ServiceError>) -> Void)
}

/// What a conflict's calls use: the sync tables and the account's contacts, from one directory.
struct SyncConflictServices {
    let status: any SyncStatusService
    let contacts: ContactsService
}

@MainActor
final class SyncConflictsWorker: SyncConflictsWorking {
    private let work: ServiceWork<SyncConflictServices>
    private let accountID: Int64

    init(work: ServiceWork<SyncConflictServices>, accountID: Int64) {
        self.work = work
        self.accountID = accountID
    }

    func conflicts(then: @escaping @MainActor (Result<[SyncConflictItem], ServiceError>) -> Void) {
        let accountID = accountID
        work.run({ services throws(ServiceError) in try services.status.syncConflicts(of: accountID) }, then: then)
    }

    func settle(_ id: Int64, with record: ContactRecord?, then: @escaping @MainActor (Result<Void, ServiceError>) -> Void) {
        let accountID = accountID
        work.run({ services throws(ServiceError) in try services.status.settleConflict(id, with: record, accountID: accountID) }, then: then)
    }

    func delete(contact id: Int64, settling conflict: Int64, then: @escaping @MainActor (Result<Void, ServiceError>) -> Void) {
        let accountID = accountID
        work.run({ services throws(ServiceError) in
            _ = try services.contacts.delete(id: id)
            try services.status.settleConflict(conflict, with: nil, accountID: accountID)
        }, then: then)
    }
}
