import Synchronization

/// Work other threads hand to the run loop: a job posted here runs on the main actor at the
/// loop's next turn, and posting wakes a loop that is waiting (the terminal's wake-up, the same
/// pipe a signal writes to), so nobody has to look for results on a timer and an idle app sleeps.
///
/// ```swift
/// let inbox = application.scheduler.inbox
/// startBackgroundRead { rows in              // on some other thread
///     inbox.post { list.show(rows) }         // runs on the main loop, soon
/// }
/// ```
public final class RunLoopInbox: Sendable {
    /// A job for the main loop.
    public typealias Job = @MainActor @Sendable () -> Void

    private let jobs = Mutex<[Job]>([])
    private let wake = Mutex<(@Sendable () -> Void)?>(nil)

    /// An inbox whose posts wake nobody until the run loop says how (`setWakeUp`).
    public init() {}

    /// Queues `job` for the main loop and wakes it. Safe from any thread.
    public func post(_ job: @escaping Job) {
        jobs.withLock { $0.append(job) }
        wake.withLock { $0 }?()
    }

    /// How to wake the loop when a job arrives (the terminal's wake-up; nil: none, the loop
    /// looks at each turn, as on a virtual terminal).
    func setWakeUp(_ wakeUp: (@Sendable () -> Void)?) {
        wake.withLock { $0 = wakeUp }
    }

    /// Whether jobs wait.
    public var hasJobs: Bool { jobs.withLock { !$0.isEmpty } }

    /// Runs the jobs that arrived, oldest first (the run loop calls it each turn); returns how many ran.
    @MainActor @discardableResult
    public func runJobs() -> Int {
        var count = 0
        while true {
            let taken = jobs.withLock { list -> [Job] in
                defer { list.removeAll() }
                return list
            }
            if taken.isEmpty { return count }
            for job in taken { job() }
            count += taken.count
        }
    }
}
