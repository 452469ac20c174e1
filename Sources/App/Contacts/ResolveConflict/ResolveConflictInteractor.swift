import AppServices

@MainActor
protocol ResolveConflictBusinessLogic: AnyObject {
    func load(request: ResolveConflict.Load.Request)
    func pick(request: ResolveConflict.Pick.Request)
    func save(request: ResolveConflict.Save.Request)
}

@MainActor
protocol ResolveConflictDataStore: AnyObject {
    /// The person's version, as they tried to save it.
    var yours: ContactRecord { get }
    /// The stored version (nil until read).
    var theirs: ContactRecord? { get }
}

/// Reads the stored version, lists the fields that differ with the person's side picked, and saves
/// the picks on top of the stored version at its revision (changed once more meanwhile: read again).
@MainActor
final class ResolveConflictInteractor: ResolveConflictBusinessLogic, ResolveConflictDataStore {
    var presenter: ResolveConflictPresentationLogic?
    let worker: EditContactWorker
    let yours: ContactRecord
    /// The version the person had opened: a field they left as it was takes theirs by default.
    let read: ContactRecord?
    private(set) var theirs: ContactRecord?
    /// The differing fields (indexes into `ContactField.all`) and the side picked for each.
    private(set) var picks: [(field: Int, side: ResolveConflict.Side)] = []
    private var saving = false

    init(yours: ContactRecord, read: ContactRecord? = nil, worker: EditContactWorker) {
        self.yours = yours
        self.read = read
        self.worker = worker
    }

    func load(request: ResolveConflict.Load.Request) {
        guard let id = yours.id else { return }
        worker.contact(id: id) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let stored?):
                self.take(stored)
                self.presentRows()
            case .success(nil):
                self.theirs = nil
                self.presenter?.presentLoad(response: .init(rows: nil, error: "Someone else deleted this contact meanwhile: nothing to compare. Esc goes back to your changes."))
            case .failure(let error):
                self.presenter?.presentLoad(response: .init(rows: nil, error: error.message))
            }
        }
    }

    /// Takes a newly read stored version: the fields that differ now, the picks kept where a field still differs.
    private func take(_ stored: ContactRecord) {
        let kept = Dictionary(uniqueKeysWithValues: picks.map { ($0.field, $0.side) })
        theirs = stored
        picks = ContactField.all.indices.compactMap { i in
            let field = ContactField.all[i]
            guard field.text(yours) != field.text(stored) else { return nil }
            // Changed only by them: theirs; changed by the person (or not known): theirs is shown, yours picked.
            let untouched = read.map { field.text($0) == field.text(yours) } ?? false
            return (i, kept[i] ?? (untouched ? .theirs : .yours))
        }
    }

    private func presentRows(error: String? = nil) {
        guard let theirs else { return }
        let rows = picks.map { pick in
            let field = ContactField.all[pick.field]
            return ResolveConflict.Load.Row(label: field.label, yours: field.text(yours), theirs: field.text(theirs), pick: pick.side)
        }
        presenter?.presentLoad(response: .init(rows: rows, error: error))
    }

    func pick(request: ResolveConflict.Pick.Request) {
        guard picks.indices.contains(request.index) else { return }
        let current = picks[request.index].side
        picks[request.index].side = request.side ?? (current == .yours ? .theirs : .yours)
        presentRows()
    }

    /// The stored version with the fields picked from the person's, at the stored revision.
    var merged: ContactRecord? {
        guard var merged = theirs else { return nil }
        for pick in picks where pick.side == .yours { ContactField.all[pick.field].copy(&merged, yours) }
        return merged
    }

    func save(request: ResolveConflict.Save.Request) {
        guard !saving, let merged else { return }
        saving = true
        worker.update(merged) { [weak self] result in
            guard let self else { return }
            self.saving = false
            switch result {
            case .success(true):
                self.presenter?.presentSave(response: .init(saved: true))
            case .success(false):
                self.presenter?.presentSave(response: .init(saved: false, error: "Someone else deleted this contact meanwhile; nothing was saved."))
            case .failure(let error) where error.code == .changedSinceRead:
                // Changed once more: read it again, the picks kept where they still apply.
                self.load(request: .init())
                self.presenter?.presentSave(response: .init(saved: false, error: "It changed again meanwhile: here is the newest. Pick again and save."))
            case .failure(let error):
                self.presenter?.presentSave(response: .init(saved: false, error: "Nothing was saved: " + error.message))
            }
        }
    }
}
