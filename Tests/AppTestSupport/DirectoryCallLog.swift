import Foundation

/// Counts calls on and off the main loop's thread, under a lock.
public final class DirectoryCallLog: @unchecked Sendable {
    private let lock = NSLock()
    private var counts = (onMain: 0, offMain: 0)
    /// The thread the log was made on (the main actor's: `Thread.isMainThread` need not hold
    /// there under the test runner).
    private let mainLoop = pthread_self()

    /// Notes one call, on the thread it runs on.
    public func note() {
        let onMain = pthread_equal(pthread_self(), mainLoop) != 0
        lock.lock()
        if onMain { counts.onMain += 1 } else { counts.offMain += 1 }
        lock.unlock()
    }

    /// The calls so far.
    public var calls: (onMain: Int, offMain: Int) {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }
}
