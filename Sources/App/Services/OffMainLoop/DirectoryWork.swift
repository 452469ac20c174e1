import TUIKit

/// Where a directory's calls run: away from the main loop, one at a time and in the order
/// given, each result handed back on the main loop (seed 001's worker, made asynchronous).
/// A file or memory answers at once (`InlineDirectoryWork`); a server runs on its own
/// thread (`ThreadDirectoryWork`); tests run the jobs when they say (`ManualDirectoryWork`).
@MainActor
protocol DirectoryWork: AnyObject {
    /// Runs `job` (off the main loop where this work has a thread), then `deliver` with its
    /// result on the main loop. Jobs run and deliver in the order they were given.
    func perform<T: Sendable>(_ job: @escaping @Sendable () -> T, then deliver: @escaping @MainActor (T) -> Void)
    /// Whether jobs are given that have not delivered yet.
    var isBusy: Bool { get }
    /// Puts the work on the run loop (where a thread's results are posted); work that answers at once needs nothing.
    func attach(to scheduler: Scheduler)
}

extension DirectoryWork {
    func attach(to scheduler: Scheduler) {}
}

/// Runs each job at once, on the main loop, and delivers before `perform` returns: the
/// SQLite file and the kiosk's memory answer in microseconds, so the screens stay as
/// synchronous (and their tests as simple) as before, through the same seam.
@MainActor
final class InlineDirectoryWork: DirectoryWork {
    func perform<T: Sendable>(_ job: @escaping @Sendable () -> T, then deliver: @escaping @MainActor (T) -> Void) {
        deliver(job())
    }
    var isBusy: Bool { false }
}

/// A value given to the work's thread, which alone uses it from then on (a store's
/// connection): the main loop keeps it only to hand it to jobs, and never calls it itself.
struct HandedOver<Value>: @unchecked Sendable {
    let value: Value
}
