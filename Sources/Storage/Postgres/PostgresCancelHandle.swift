import CPostgres
import Synchronization

/// What stops the statement a connection is running, from another thread: libpq's cancel object
/// (`PQgetCancel`), which asks the server over a connection of its own to cancel it (`PQcancel`,
/// safe to call while the connection's own thread waits for the answer). The statement then fails
/// with `57014` (query_canceled) and its transaction keeps nothing.
public final class PostgresCancelHandle: Sendable {
    /// The cancel object and the library table that made it (nil: nothing to cancel, or closed).
    private let state = Mutex<(cancel: OpaquePointer?, pq: SBLibPQ?)>((nil, nil))

    init() {}

    /// Puts the cancel object of a (re)made connection in place, freeing the old one.
    func replace(_ cancel: OpaquePointer?, pq: SBLibPQ) {
        state.withLock { current in
            if let old = current.cancel { pq.PQfreeCancel(old) }
            current = (cancel, pq)
        }
    }

    /// Asks the server to stop what the connection runs now (nothing happens when it runs nothing).
    public func cancel() {
        state.withLock { current in
            guard let cancel = current.cancel, let pq = current.pq else { return }
            var reason = [CChar](repeating: 0, count: 256)
            _ = pq.PQcancel(cancel, &reason, Int32(reason.count))
        }
    }
}
