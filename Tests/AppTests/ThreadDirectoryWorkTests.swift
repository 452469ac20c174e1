import Foundation
import Testing
@testable import App
@testable import TUIKit

/// The worker thread itself: jobs run on it, not on the main thread, one at a time and in
/// order; the main loop goes on while a job is stuck; answers come back on the run loop's timer.
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

    /// Lets the run loop's timers run until `done` holds (the thread answers in real time; 10 s at most).
    func pump(_ scheduler: Scheduler, _ clock: VirtualClock, until done: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while !done() {
            if ContinuousClock.now > deadline { return false }
            clock.advance(by: ThreadDirectoryWork.drainInterval)
            scheduler.fireDueTimers()
            sched_yield()
        }
        return true
    }

    @Test func aStuckJobHoldsUpNothingAndAnswersComeBackInOrderOnTheRunLoop() {
        let clock = VirtualClock()
        let scheduler = Scheduler(clock: clock)
        let work = ThreadDirectoryWork()
        work.scheduler = scheduler
        let gate = Gate()
        let mainThread = pthread_self()
        var answers: [String] = []
        work.perform({ () -> Bool in
            gate.wait()                                   // the server does not answer yet
            return pthread_equal(pthread_self(), mainThread) == 0
        }, then: { offMain in answers.append(offMain ? "first, off the main thread" : "first, ON the main thread") })
        work.perform({ "second" }, then: { answers.append($0) })
        // The main loop carries on: timers fire, nothing has answered, and nothing will before the gate opens.
        clock.advance(by: .seconds(1))
        scheduler.fireDueTimers()
        #expect(answers.isEmpty)
        #expect(work.isBusy)
        #expect(scheduler.activeTimerCount == 1)          // the drain, only while jobs are out
        gate.open()
        #expect(pump(scheduler, clock) { answers.count == 2 })
        #expect(answers == ["first, off the main thread", "second"])
        #expect(!work.isBusy)
        #expect(scheduler.activeTimerCount == 0)          // an idle app has no timer for it
    }
}
