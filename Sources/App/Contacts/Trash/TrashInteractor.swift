import AppServices

@MainActor
protocol TrashBusinessLogic: AnyObject {
    func showTrash(request: Trash.ShowTrash.Request)
    func restoreContact(request: Trash.RestoreContact.Request)
    func emptyTrash(request: Trash.EmptyTrash.Request)
}

/// The Trash's business logic: keeps what the store holds, brings one back, forgets all.
@MainActor
final class TrashInteractor: TrashBusinessLogic {
    var presenter: TrashPresentationLogic?
    let worker: TrashWorker
    /// What was read last, in the order shown (newest first).
    private(set) var kept: [DeletedContact] = []

    init(worker: TrashWorker) { self.worker = worker }

    func showTrash(request: Trash.ShowTrash.Request) {
        worker.deletedContacts { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let kept):
                self.kept = kept
                self.presenter?.presentTrash(response: .init(kept: kept))
            case .failure(let error):
                self.presenter?.presentTrash(response: .init(kept: self.kept, error: error.message))
            }
        }
    }

    func restoreContact(request: Trash.RestoreContact.Request) {
        guard kept.indices.contains(request.index) else { return }
        let chosen = kept[request.index]
        worker.restore(trashID: chosen.trashID) { [weak self] result in
            switch result {
            case .success(let record?): self?.presenter?.presentRestore(response: .init(name: record.displayName))
            case .success(nil): self?.presenter?.presentRestore(response: .init(name: nil))
            case .failure(let error): self?.presenter?.presentRestore(response: .init(name: nil, error: error.message))
            }
            self?.showTrash(request: .init())
        }
    }

    func emptyTrash(request: Trash.EmptyTrash.Request) {
        worker.empty { [weak self] result in
            switch result {
            case .success(let forgotten): self?.presenter?.presentEmpty(response: .init(forgotten: forgotten))
            case .failure(let error): self?.presenter?.presentEmpty(response: .init(forgotten: 0, error: error.message))
            }
            self?.showTrash(request: .init())
        }
    }
}
