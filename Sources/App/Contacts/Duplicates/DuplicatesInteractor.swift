import AppServices

@MainActor
protocol DuplicatesBusinessLogic: AnyObject {
    func findDuplicates(request: Duplicates.FindDuplicates.Request)
    func mergePair(request: Duplicates.MergePair.Request)
    func selectPair(request: Duplicates.SelectPair.Request)
}

/// What the scene keeps for routing: the contact whose card to open.
@MainActor
protocol DuplicatesDataStore: AnyObject {
    var selectedContactID: Int64? { get }
}

/// Reads the whole book in slices — one job each, with a turn of the run loop between them
/// (`pause`), so keys are answered while a large book is read — and merges a pair.
@MainActor
final class DuplicatesInteractor: DuplicatesBusinessLogic, DuplicatesDataStore {
    var presenter: DuplicatesPresentationLogic?
    let worker: DuplicatesWorker
    /// Runs its closure on a later turn of the run loop (keys first).
    var pause: (@escaping @MainActor () -> Void) -> Void = { $0() }
    private(set) var finder = DuplicatesFinder()
    private(set) var selectedContactID: Int64?
    /// Counts the reads started: an answer for an older one is dropped.
    private var generation = 0
    private var finished = false

    /// Contacts a slice: a slice of a file's book is read in a few milliseconds.
    static let slice = 2_000
    /// This scene's slice (tests make it small).
    var sliceSize = DuplicatesInteractor.slice

    init(worker: DuplicatesWorker) { self.worker = worker }

    func findDuplicates(request: Duplicates.FindDuplicates.Request) {
        generation += 1
        finder = DuplicatesFinder()
        finished = false
        read(after: nil, generation: generation)
    }

    private func read(after cursor: FriendCursor?, generation: Int) {
        worker.slice(after: cursor, limit: sliceSize) { [weak self] result in
            guard let self, generation == self.generation else { return }
            switch result {
            case .success(let slice):
                self.finder.add(slice)
                self.finished = slice.count < self.sliceSize || self.finder.isFull
                self.present()
                if !self.finished, let last = slice.last {
                    self.pause { [weak self] in self?.read(after: last.cursor, generation: generation) }
                }
            case .failure(let error):
                self.finished = true
                self.present(error: error.message)
            }
        }
    }

    private func present(error: String? = nil) {
        presenter?.presentDuplicates(response: .init(pairs: finder.pairs, read: finder.read, finished: finished, full: finder.isFull, error: error))
    }

    func selectPair(request: Duplicates.SelectPair.Request) {
        selectedContactID = request.index < finder.pairs.count ? finder.pairs[request.index].first.id : nil
    }

    func mergePair(request: Duplicates.MergePair.Request) {
        guard request.index < finder.pairs.count else { return }
        let pair = finder.pairs[request.index]
        let keptName = ShownName.display(pair.first.displayName, first: pair.first.firstName, last: pair.first.lastName)
        let mergedName = ShownName.display(pair.second.displayName, first: pair.second.firstName, last: pair.second.lastName)
        worker.merge(keeping: pair.first.id, removing: pair.second.id) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let outcome):
                if let kept = outcome.kept {
                    let row = ContactSummary(id: pair.first.id, firstName: kept.firstName, lastName: kept.lastName, isFriend: kept.isFriend,
                                             sortKey: kept.sortKey, displayName: kept.displayName)
                    self.finder.merged(pair.second.id, into: row)
                }
                self.presenter?.presentMerge(response: .init(keptName: keptName, mergedName: mergedName, merged: outcome.kept != nil))
            case .failure(let error):
                self.presenter?.presentMerge(response: .init(keptName: keptName, mergedName: mergedName, merged: false, error: error.message))
            }
            self.present()
        }
    }
}
