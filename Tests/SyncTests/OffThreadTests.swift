#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Sync

/// The sync's read-ahead runs a batch's request on a thread of its own; `value()` waits for it.
struct OffThreadTests {
    @Test func theWorkRunsOnAnotherThreadAndItsValueComesBack() {
        let caller = pthread_self()
        let work = OffThread { () -> (Int, Bool) in (6 * 7, pthread_equal(pthread_self(), caller) != 0) }
        let (answer, onCaller) = work.value()
        #expect(answer == 42)
        #expect(!onCaller)
        #expect(work.value().0 == 42) // asked again: the same, no second join
    }

    @Test func whatTheWorkWroteIsSeenAfterTheWait() {
        final class Box: @unchecked Sendable { var numbers: [Int] = [] }
        let box = Box()
        let work = OffThread { () -> Int in
            for i in 0..<10_000 { box.numbers.append(i) }
            return box.numbers.count
        }
        #expect(work.value() == 10_000)
        #expect(box.numbers.last == 9_999)
    }
}
