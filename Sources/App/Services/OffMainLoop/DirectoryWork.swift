import AppServices
import TUIKit

/// Where a directory's calls run away from the main loop: the work owns a directory of its own
/// (a second connection to the same data) and runs jobs on it one at a time, in the order given,
/// each result handed back on the main loop (seed 001's worker, made asynchronous). A server's
/// work runs on a thread of its own (`ThreadDirectoryWork`); tests run the jobs when they say.
/// A file and the kiosk's memory need no work: their services answer at once (`ServiceWork.inline`).
@MainActor
protocol DirectoryWork: AnyObject {
    /// Runs `job` on the work's directory (off the main loop where this work has a thread), then
    /// `deliver` with its result on the main loop. Jobs run and deliver in the order they were given.
    func perform<T: Sendable>(_ job: @escaping @Sendable (any DataDirectory) -> T, then deliver: @escaping @MainActor (T) -> Void)
    /// Whether jobs are given that have not delivered yet.
    var isBusy: Bool { get }
    /// Puts the work on the run loop (where a thread's results are posted).
    func attach(to scheduler: Scheduler)
    /// Stops the job running now on the work's directory, if the directory can (it then fails and
    /// keeps nothing; a job that had finished is not undone).
    func stopRunningJob()
}
