import Synchronization

/// What the main loop and the work's thread share while an import or export runs there: the
/// latest progress (the thread reports, the screen reads) and whether the person cancelled.
final class TransferControl: Sendable {
    private let state = Mutex<(latest: TransferProgress?, cancelled: Bool)>((nil, false))

    /// The thread's report after a slice; false when the job is to stop.
    func report(_ progress: TransferProgress) -> Bool {
        state.withLock { state in
            state.latest = progress
            return !state.cancelled
        }
    }

    /// The latest report, nil before the first.
    var latest: TransferProgress? { state.withLock { $0.latest } }

    /// Asks the thread to stop after its slice (and roll back).
    func cancel() { state.withLock { $0.cancelled = true } }
}
