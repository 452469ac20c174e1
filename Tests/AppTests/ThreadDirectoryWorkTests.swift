import Foundation
import Synchronization
import Testing
@testable import App
@testable import TUIKit
import Storage

/// The worker thread itself: jobs run on it, not on the main thread, one at a time and in
/// order; the main loop goes on while a job is stuck; answers come back through the run loop's
/// inbox, whose post wakes the loop (no timer looks for them).
@MainActor
@Suite("ThreadDirectoryWork: a thread of its own")
struct ThreadDirectoryWorkTests {
    /// A door a job waits at until the test opens it (no sleeping: a condition variable).
    final class Gate: @unchecked Sendable {
        private let condition = NSCondition()
        private var isOpen = false
        func wait() { condition.lock(); while !isOpen { condition.wait() }; condition.unlock() }
        func open() { condition.lock(); isOpen = true; condition.broadcast(); condition.unlock() }
    }

    /// Counts the wake-ups the inbox sends the loop (the terminal's, on a real one).
    final class WakeUps: Sendable {
        private let count = Mutex(0)
        func wake() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    /// Runs what the inbox holds until `done` holds (the thread answers in real time; 10 s at most).
    func pump(_ scheduler: Scheduler, until done: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while !done() {
            if ContinuousClock.now > deadline { return false }
            scheduler.inbox.runJobs()
            sched_yield()
        }
        return true
    }

    @Test func aStuckJobHoldsUpNothingAndAnswersComeBackInOrderOnTheRunLoop() {
        let clock = VirtualClock()
        let scheduler = Scheduler(clock: clock)
        let wakeUps = WakeUps()
        scheduler.inbox.setWakeUp { wakeUps.wake() }
        let work = ThreadDirectoryWork(directory: SQLiteDirectory(path: "/nonexistent/never-opened.sqlite3", now: { 0 }))
        work.scheduler = scheduler
        let gate = Gate()
        let mainThread = pthread_self()
        var answers: [String] = []
        work.perform({ _ -> Bool in
            gate.wait()                                   // the server does not answer yet
            return pthread_equal(pthread_self(), mainThread) == 0
        }, then: { offMain in answers.append(offMain ? "first, off the main thread" : "first, ON the main thread") })
        work.perform({ _ in "second" }, then: { answers.append($0) })
        // The main loop carries on: timers fire, nothing has answered, and nothing will before the gate opens.
        clock.advance(by: .seconds(1))
        scheduler.fireDueTimers()
        #expect(answers.isEmpty)
        #expect(work.isBusy)
        #expect(scheduler.activeTimerCount == 0)          // nobody looks for answers on a timer
        gate.open()
        #expect(pump(scheduler) { answers.count == 2 })
        #expect(wakeUps.value >= 1)                       // each answer woke the loop
        #expect(answers == ["first, off the main thread", "second"])
        #expect(!work.isBusy)
        #expect(scheduler.activeTimerCount == 0)          // an idle app has no timer for it
    }
}
