import TestSupport
import AppServices
import Foundation
import Synchronization
import Testing
@testable import Storage

/// Live updates come back after the server restarts (issue 47): before, the listener tried to
/// connect again once, and a server still down then left it deaf for the rest of the session
/// (checked for 16 minutes): no socket for the app's loop to wait on, and no timer to try again.
/// Played on a real server of the test's own, stopped and started again.
@Suite("Live updates after the server restarts",
       .serialized,
       .enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
struct LiveUpdatesAfterARestartTests {
    @Test(arguments: [0, 10])
    func liveUpdatesReturnWithinTenSecondsOfTheServer(downFor seconds: Int) throws {
        let cluster = try PrivatePostgresCluster()
        let tmp = TempFolder()
        let directory = PostgresDirectory(uri: cluster.url, environment: ["XDG_STATE_HOME": tmp.file("one")], passwordCost: 1, now: { Int64(Date().timeIntervalSince1970) })
        let other = PostgresDirectory(uri: cluster.url, environment: ["XDG_STATE_HOME": tmp.file("two")], passwordCost: 1, now: { 1 })
        _ = try directory.open()
        let ada = try directory.accounts.createAccount(username: "ada", password: "analytical", now: 1)
        _ = try other.open()
        let loop = AppLoop(directory: directory, account: ada)
        #expect(loop.turn(waitingUpTo: 0) == .listening)
        while loop.turn(waitingUpTo: 0) == .heard {}                   // the first look's "changed", taken

        // The server stops and starts again on a thread of its own, while the app's loop goes
        // on as ever: it sees the socket end and tries again while the server is still down.
        let restarted = Mutex<Result<ContinuousClock.Instant, any Error>?>(nil)
        let restart = Thread { restarted.withLock { $0 = Result { try cluster.restart(downFor: seconds); return ContinuousClock.now } } }
        restart.start()
        var up: ContinuousClock.Instant?
        var back = false
        while !back, up.map({ ContinuousClock.now - $0 < .seconds(10) }) ?? true {
            if up == nil, let result = restarted.withLock({ $0 }) { up = try result.get() }
            switch loop.turn(waitingUpTo: 200) {
            case .wokenByTimer: back = false
            case .listening, .heard: back = up != nil && directory.changeSignal != nil && directory.liveUpdatesRetryAt == nil
            case .asleepForGood:
                Issue.record("no socket and no timer: the app would never hear again (down \(seconds) s)")
                while restarted.withLock({ $0 }) == nil { usleep(100_000) }
                return
            }
        }
        #expect(back, "live updates did not return within 10 s of the server (down \(seconds) s)")
        while loop.turn(waitingUpTo: 100) == .heard {}                 // "may have missed some": read again, taken
        // The other client's connection went with the restart: its first statement says so, the next connects again.
        if (try? other.contacts(for: ada).add(ContactRecord(firstName: "After", lastName: "Restart"))) == nil {
            _ = try other.contacts(for: ada).add(ContactRecord(firstName: "After", lastName: "Restart"))
        }
        #expect(loop.turn(waitingUpTo: 3_000) == .heard, "a change after the restart was not announced")
    }

    /// What the app's run loop does with a directory's live updates, one wake-up at a time: it
    /// waits on `changeSignal` (a new descriptor counts as readable) and asks `changedElsewhere`
    /// when it is readable; with no descriptor it wakes only by the timer `liveUpdatesRetryAt` asks for.
    final class AppLoop {
        enum Turn: Equatable { case heard, listening, wokenByTimer, asleepForGood }
        let directory: PostgresDirectory
        let account: Account
        private var last: Int32?

        init(directory: PostgresDirectory, account: Account) { self.directory = directory; self.account = account }

        func turn(waitingUpTo milliseconds: Int32) -> Turn {
            guard let fd = directory.changeSignal else {
                last = nil
                guard directory.liveUpdatesRetryAt != nil else { return .asleepForGood }
                usleep(UInt32(milliseconds) * 1_000)                     // the loop's timer
                return .wokenByTimer
            }
            let isNew = fd != last
            last = fd
            var probe = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let readable = poll(&probe, 1, isNew ? 0 : milliseconds) > 0
            guard readable || isNew else { return .listening }
            return directory.changedElsewhere(for: account) ? .heard : .listening
        }
    }
}
