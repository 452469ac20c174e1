import AppServices
import Synchronization
import TUIKit

/// Runs a directory's jobs on one background thread that owns the directory (`WorkerThread`),
/// so a server that is slow or gone never holds up the screen. Each result is posted to the run
/// loop's inbox, which wakes the loop (no timer looks for results: an idle app stays asleep).
@MainActor
final class ThreadDirectoryWork: DirectoryWork {
    private let thread: WorkerThread
    /// Jobs given that have not delivered yet.
    private var outstanding = 0
    private let mailbox = Mailbox()
    /// Stops the call the thread's directory runs now (asked for before the thread took it).
    private let stopRunning: (@Sendable () -> Void)?

    func stopRunningJob() { stopRunning?() }
    /// The run loop's timers and inbox (set once the app is in an application; results that
    /// arrive before wait for it).
    var scheduler: Scheduler? { didSet { mailbox.connect(scheduler?.inbox) } }

    /// A work whose thread owns `directory` from now on (not opened yet: a job opens it there).
    init(directory: sending any DataDirectory) {
        stopRunning = directory.stopRunningCall
        thread = WorkerThread(directory: directory)
    }

    func attach(to scheduler: Scheduler) { self.scheduler = scheduler }

    deinit { thread.finish() }

    func perform<T: Sendable>(_ job: @escaping @Sendable (any DataDirectory) -> T, then deliver: @escaping @MainActor (T) -> Void) {
        outstanding += 1
        let delivery = Delivery(deliver)
        let mailbox = self.mailbox
        thread.add { [weak self] directory in
            let value = job(directory)
            mailbox.post {
                guard let self else { return }
                self.outstanding -= 1
                delivery.deliver(value)
            }
        }
    }

    var isBusy: Bool { outstanding > 0 }

    /// A job's `deliver`, kept on the main actor while its job runs on the thread.
    @MainActor private final class Delivery<T> {
        let deliver: @MainActor (T) -> Void
        init(_ deliver: @escaping @MainActor (T) -> Void) { self.deliver = deliver }
    }

    /// Where the thread posts: the run loop's inbox once there is one, and until then a list
    /// the first `connect` hands over.
    private final class Mailbox: Sendable {
        private let state = Mutex<(inbox: RunLoopInbox?, early: [RunLoopInbox.Job])>((nil, []))

        func post(_ job: @escaping RunLoopInbox.Job) {
            let inbox = state.withLock { state -> RunLoopInbox? in
                if state.inbox == nil { state.early.append(job) }
                return state.inbox
            }
            inbox?.post(job)
        }

        func connect(_ inbox: RunLoopInbox?) {
            let early = state.withLock { state -> [RunLoopInbox.Job] in
                state.inbox = inbox
                defer { if inbox != nil { state.early = [] } }
                return inbox == nil ? [] : state.early
            }
            for job in early { inbox?.post(job) }
        }
    }
}
