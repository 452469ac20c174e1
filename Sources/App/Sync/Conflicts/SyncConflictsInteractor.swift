import AppServices

@MainActor
protocol SyncConflictsBusinessLogic: AnyObject {
    func load(request: SyncConflicts.Load.Request)
    func settle(request: SyncConflicts.Settle.Request)
    /// The field-by-field picks of the conflict at `index` were saved (as any edit: queued to go out).
    func pickedFieldsSaved(index: Int)
}

@MainActor
protocol SyncConflictsDataStore: AnyObject {
    var conflicts: [SyncConflictItem] { get }
}

/// Reads the conflicts the sync engine kept and settles them as the person chooses: a side field by
/// field (through the conflict scene), the server's version, the local one, or deleting it here.
/// What is kept here is queued by the store to go out at the next sync.
@MainActor
final class SyncConflictsInteractor: SyncConflictsBusinessLogic, SyncConflictsDataStore {
    var presenter: SyncConflictsPresentationLogic?
    var router: SyncConflictsRoutingLogic?
    let worker: SyncConflictsWorking
    private(set) var conflicts: [SyncConflictItem] = []

    init(worker: SyncConflictsWorking) { self.worker = worker }

    func load(request: SyncConflicts.Load.Request) {
        do throws(ServiceError) {
            conflicts = try worker.conflicts()
            presenter?.presentLoad(response: .init(conflicts: conflicts))
        } catch {
            presenter?.presentLoad(response: .init(conflicts: conflicts, error: error.description))
        }
    }

    func settle(request: SyncConflicts.Settle.Request) {
        guard conflicts.indices.contains(request.index) else { return }
        let conflict = conflicts[request.index]
        do throws(ServiceError) {
            switch (request.choice, conflict.kind) {
            case (.pickFields, .fields), (.pickFields, .deletedOnServer):
                guard var local = conflict.local, let id = conflict.contactID else { return }
                local.id = id
                local.revision = 0
                router?.routeToPickFields(yours: local, index: request.index)
                return
            case (.keepServers, _):
                try worker.settle(conflict.id, with: nil)
            case (.keepMine, .deletedOnServer):
                try worker.settle(conflict.id, with: conflict.local)
            case (.deleteHere, .deletedHere):
                if let id = conflict.contactID { try worker.delete(contact: id) }
                try worker.settle(conflict.id, with: nil)
            default:
                return
            }
            load(request: .init())
            presenter?.presentSettle(response: .init(notice: "Settled: it goes out at the next sync."))
        } catch {
            presenter?.presentSettle(response: .init(error: "Nothing was changed: " + error.description))
        }
    }

    func pickedFieldsSaved(index: Int) {
        guard conflicts.indices.contains(index) else { return }
        do throws(ServiceError) {
            try worker.settle(conflicts[index].id, with: conflicts[index].local)
            load(request: .init())
            presenter?.presentSettle(response: .init(notice: "Saved your picks: they go out at the next sync."))
        } catch {
            presenter?.presentSettle(response: .init(error: "Saved, but the conflict is still listed: " + error.description))
        }
    }
}
