import AppServices
import TUIKit
@testable import App

/// Directory work that runs nothing until the test says: a call "out on the network" stays
/// out (the screen must not wait for it) until `runNext()` or `runAll()` answers it.
@MainActor
final class ManualDirectoryWork: DirectoryWork {
    private var jobs: [() -> Void] = []
    /// The directory the jobs run on (the test's, which it may also look at).
    var directory: (any DataDirectory)?

    /// Told as each job is given (before it runs).
    var onPerform: (() -> Void)?

    func perform<T: Sendable>(_ job: @escaping @Sendable (any DataDirectory) -> T, then deliver: @escaping @MainActor (T) -> Void) {
        jobs.append { [unowned self] in deliver(job(self.directory!)) }
        onPerform?()
    }

    func attach(to scheduler: Scheduler) {}

    /// How many times a job out was asked to stop, and what the test makes of it (the directory's
    /// call then failing, as a cancelled statement does).
    var stopsAsked = 0
    var onStop: (() -> Void)?
    func stopRunningJob() {
        stopsAsked += 1
        onStop?()
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
