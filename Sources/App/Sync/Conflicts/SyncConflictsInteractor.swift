import AppServices

@MainActor
protocol SyncConflictsBusinessLogic: AnyObject {
    func load(request: SyncConflicts.Load.Request)
    func settle(request: SyncConflicts.Settle.Request)
    /// The field-by-field picks of the conflict at `index` were saved (as any edit: queued to go out).
    func pickedFieldsSaved(index: Int)
}

/// Reads the conflicts the sync engine kept and settles them as the person chooses: a side field by
/// field (through the conflict scene), the server's version, the local one, or deleting it here.
/// What is kept here is queued by the store to go out at the next sync.
@MainActor
final class SyncConflictsInteractor: SyncConflictsBusinessLogic {
    var presenter: SyncConflictsPresentationLogic?
    var router: SyncConflictsRoutingLogic?
    let worker: SyncConflictsWorking
    private(set) var conflicts: [SyncConflictItem] = []

    init(worker: SyncConflictsWorking) { self.worker = worker }

    func load(request: SyncConflicts.Load.Request) {
        load(then: nil)
    }

    /// Reads the conflicts again and presents them; `then` after.
    private func load(then: (() -> Void)?) {
        worker.conflicts { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let read):
                self.conflicts = read
                self.presenter?.presentLoad(response: .init(conflicts: read))
            case .failure(let error):
                self.presenter?.presentLoad(response: .init(conflicts: self.conflicts, error: error.message))
            }
            then?()
        }
    }

    func settle(request: SyncConflicts.Settle.Request) {
        guard conflicts.indices.contains(request.index) else { return }
        let conflict = conflicts[request.index]
        let done: @MainActor (Result<Void, ServiceError>) -> Void = { [weak self] result in
            guard let self else { return }
            switch result {
            case .success:
                self.load { self.presenter?.presentSettle(response: .init(notice: "Settled: it goes out at the next sync.")) }
            case .failure(let error):
                self.presenter?.presentSettle(response: .init(error: "Nothing was changed: " + error.message))
            }
        }
        switch (request.choice, conflict.kind) {
        case (.pickFields, .fields):
            guard var local = conflict.local, let id = conflict.contactID else { return }
            local.id = id
            local.revision = 0
            router?.routeToPickFields(yours: local, index: request.index)
        case (.keepServers, _):
            worker.settle(conflict.id, with: nil, then: done)
        case (.keepMine, .deletedOnServer), (.pickFields, .deletedOnServer):
            // Deleted there, changed here: there is no server's version to pick fields from; Enter keeps yours.
            worker.settle(conflict.id, with: conflict.local) { [weak self] result in
                guard let self else { return }
                guard case .success = result else { return done(result) }
                self.load { self.presenter?.presentSettle(response: .init(notice: "Kept yours: it goes back to the server as a new card at the next sync.")) }
            }
        case (.pickFields, .deletedHere):
            // Deleted here, changed there: the server's version is back in the list; nothing to pick field by field.
            presenter?.presentSettle(response: .init(notice: "It came back because the server changed it after you deleted it: d deletes it here again, s keeps the server's."))
        case (.deleteHere, .deletedHere):
            if let id = conflict.contactID {
                worker.delete(contact: id, settling: conflict.id, then: done)
            } else {
                worker.settle(conflict.id, with: nil, then: done)
            }
        default:
            return
        }
    }

    func pickedFieldsSaved(index: Int) {
        guard conflicts.indices.contains(index) else { return }
        worker.settle(conflicts[index].id, with: conflicts[index].local) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success:
                self.load { self.presenter?.presentSettle(response: .init(notice: "Saved your picks: they go out at the next sync.")) }
            case .failure(let error):
                self.presenter?.presentSettle(response: .init(error: "Saved, but the conflict is still listed: " + error.message))
            }
        }
    }
}
