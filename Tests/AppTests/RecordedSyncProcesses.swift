@testable import App
import AppServices
import TUIKit

/// A stand-in for the `switchboard sync …` child processes: records each start (its arguments
/// and what went to its standard input) and lets the test say what the child prints and when it
/// ends, on the run loop as the real one does.
@MainActor
final class RecordedSyncProcesses: SyncProcessStarting {
    final class Run: SyncProcessHandle {
        let arguments: [String]
        let input: String
        let onLine: @MainActor (SyncChildLine) -> Void
        let onExit: @MainActor (Int32?) -> Void
        var isRunning = true
        /// Whether the app ended it (Esc on the set-up form).
        private(set) var cancelled = false
        init(arguments: [String], input: String, onLine: @escaping @MainActor (SyncChildLine) -> Void, onExit: @escaping @MainActor (Int32?) -> Void) {
            self.arguments = arguments
            self.input = input
            self.onLine = onLine
            self.onExit = onExit
        }
        /// The child prints these lines.
        func prints(_ lines: SyncChildLine...) { for line in lines { onLine(line) } }
        /// The child ends with `code`.
        func exits(_ code: Int32?) { isRunning = false; onExit(code) }
        /// The app ends it: it exits as killed.
        func cancel() {
            guard isRunning else { return }
            cancelled = true
            exits(nil)
        }
    }

    private(set) var runs: [Run] = []
    /// What each start does at once (a test that answers every child the same way).
    var answer: ((Run) -> Void)?

    nonisolated init() {}

    func start(_ arguments: [String], input: String, onLine: @escaping @MainActor (SyncChildLine) -> Void,
               onExit: @escaping @MainActor (Int32?) -> Void) -> SyncProcessHandle {
        let run = Run(arguments: arguments, input: input, onLine: onLine, onExit: onExit)
        runs.append(run)
        answer?(run)
        return run
    }

    var last: Run? { runs.last }
}
