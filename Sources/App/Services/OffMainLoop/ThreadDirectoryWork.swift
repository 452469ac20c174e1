import Synchronization
import TUIKit

/// Runs a directory's jobs on one background thread of its own (`WorkerThread`), so a
/// server that is slow or gone never holds up the screen. Each result is posted to the run
/// loop's inbox, which wakes the loop (no timer looks for results: an idle app stays asleep).
@MainActor
final class ThreadDirectoryWork: DirectoryWork {
    private let thread = WorkerThread()
    private var waiting: [Int: (any Sendable) -> Void] = [:]
    private var nextID = 0
    private let mailbox = Mailbox()
    /// The run loop's timers and inbox (set once the app is in an application; results that
    /// arrive before wait for it).
    var scheduler: Scheduler? { didSet { mailbox.connect(scheduler?.inbox) } }

    func attach(to scheduler: Scheduler) { self.scheduler = scheduler }

    deinit { thread.finish() }

    func perform<T: Sendable>(_ job: @escaping @Sendable () -> T, then deliver: @escaping @MainActor (T) -> Void) {
        nextID += 1
        let id = nextID
        waiting[id] = { value in deliver(value as! T) }
        let mailbox = self.mailbox
        thread.add { [weak self] in
            let value = job()
            mailbox.post { self?.finish(id: id, value: value) }
        }
    }

    var isBusy: Bool { !waiting.isEmpty }

    private func finish(id: Int, value: any Sendable) {
        waiting.removeValue(forKey: id)?(value)
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
