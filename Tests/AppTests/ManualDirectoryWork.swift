@testable import App

/// Directory work that runs nothing until the test says: a call "out on the network" stays
/// out (the screen must not wait for it) until `runNext()` or `runAll()` answers it.
@MainActor
final class ManualDirectoryWork: DirectoryWork {
    private var jobs: [() -> Void] = []

    func perform<T: Sendable>(_ job: @escaping @Sendable () -> T, then deliver: @escaping @MainActor (T) -> Void) {
        jobs.append { deliver(job()) }
    }

    var isBusy: Bool { !jobs.isEmpty }
    /// How many calls are out.
    var waiting: Int { jobs.count }

    /// Answers the oldest call out; false when none is.
    @discardableResult
    func runNext() -> Bool {
        guard !jobs.isEmpty else { return false }
        jobs.removeFirst()()
        return true
    }

    /// Answers every call out, and those their answers send; returns how many.
    @discardableResult
    func runAll() -> Int {
        var count = 0
        while runNext() { count += 1 }
        return count
    }
}
