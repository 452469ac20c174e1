import Foundation
import Synchronization
import Testing
@testable import TUIKit
import TUIKitTesting

/// How other threads and other programs reach the run loop without it looking on a timer:
/// jobs posted to its inbox, and descriptors it waits on beside the terminal.
@MainActor
@Suite("Run loop: woken, never looking")
struct RunLoopWakeTests {
    final class Count: Sendable {
        private let value = Mutex(0)
        func add() { value.withLock { $0 += 1 } }
        var now: Int { value.withLock { $0 } }
    }

    @Test func aJobPostedFromAnotherThreadRunsOnTheLoopAndWakesIt() async {
        let h = Harness()
        let wakeUps = Count()
        h.app.scheduler.inbox.setWakeUp { wakeUps.add() }
        let label = Label("waiting")
        label.frame = Rect(x: 0, y: 0, width: 20, height: 1)
        h.window.addSubview(label)
        let inbox = h.app.scheduler.inbox
        await Task.detached { inbox.post { label.text = "answered" } }.value
        #expect(wakeUps.now == 1)
        #expect(h.app.scheduler.nextDeadline != nil)      // a waiting job makes the loop turn at once
        h.press("wait:10ms")
        #expect(h.text.contains("answered"))
        #expect(!inbox.hasJobs)
        #expect(h.app.scheduler.activeTimerCount == 0)
    }

    @Test func aReadableDescriptorEndsAWaitAndCallsItsWatch() throws {
        let h = Harness()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var calls = 0
        let watch = h.app.scheduler.watch(descriptor: { fds[0] }) {
            var byte: UInt8 = 0
            while read(fds[0], &byte, 1) == 1 {}
            calls += 1
        }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        h.press("wait:10ms")
        #expect(calls == 1)                                 // a new descriptor: what came before went unheard
        h.press("wait:1s")
        #expect(calls == 1)                                 // nothing readable: nothing called
        var byte: UInt8 = 33
        _ = write(fds[1], &byte, 1)
        let before = h.terminal.clock.now
        h.press("wait:5s")
        #expect(calls == 2)
        #expect(h.terminal.clock.now - before == .seconds(5))
        watch.cancel()
        _ = write(fds[1], &byte, 1)
        h.press("wait:10ms")
        #expect(calls == 2)                                 // a cancelled watch is not called
        #expect(h.app.scheduler.activeTimerCount == 0)
    }
}
