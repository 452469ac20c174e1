import TUIKit

/// Runs a directory's jobs on one background thread of its own (`WorkerThread`), so a
/// server that is slow or gone never holds up the screen. Results come back through the
/// thread's outbox, which the main loop empties on a short timer of the run loop's
/// scheduler while any job is out (and not at all when none is: an idle app stays idle).
@MainActor
final class ThreadDirectoryWork: DirectoryWork {
    private let thread = WorkerThread()
    private var waiting: [Int: (any Sendable) -> Void] = [:]
    private var nextID = 0
    private var drain: Timer?
    /// The run loop's timers (set once the app is in an application; until then results wait).
    var scheduler: Scheduler? { didSet { scheduleDrain() } }

    /// How often the main loop looks for results while jobs are out.
    static let drainInterval: Duration = .milliseconds(10)

    deinit { thread.finish() }

    func perform<T: Sendable>(_ job: @escaping @Sendable () -> T, then deliver: @escaping @MainActor (T) -> Void) {
        nextID += 1
        let id = nextID
        waiting[id] = { value in deliver(value as! T) }
        let thread = self.thread
        thread.add { thread.post(id: id, value: job()) }
        scheduleDrain()
    }

    var isBusy: Bool { !waiting.isEmpty }

    /// Delivers the results that came back, oldest first; returns how many.
    @discardableResult
    func deliverResults() -> Int {
        let results = thread.takeResults()
        for result in results { waiting.removeValue(forKey: result.id)?(result.value) }
        if waiting.isEmpty { drain?.cancel(); drain = nil }
        return results.count
    }

    private func scheduleDrain() {
        guard drain == nil, !waiting.isEmpty, let scheduler else { return }
        drain = scheduler.every(Self.drainInterval) { [weak self] _ in self?.deliverResults() }
    }
}
