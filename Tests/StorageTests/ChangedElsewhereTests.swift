import TestSupport
import AppServices
import Testing
import Synchronization
import Foundation
@testable import Storage

/// `DataDirectory.changedElsewhere`: another client's committed change is seen — on an SQLite
/// file (its data_version, which one's own commits do not move) and on a shared directory (the
/// server's announcements, which come for every commit, one's own too).
@MainActor
@Suite("Changes made elsewhere, as a directory sees them")
struct ChangedElsewhereTests {
    func check(_ one: any DataDirectory, _ two: any DataDirectory, ownChangesAreQuiet: Bool,
               look: (any DataDirectory, Account) -> Bool) throws {
        #expect(try one.open() == nil)
        let ada = try one.accounts.createAccount(username: "ada", password: "analytical", now: 1)
        _ = try two.open()
        _ = look(one, ada) // the first look only sets where it stands (and starts listening)
        _ = try one.contacts(for: ada).add(ContactRecord(firstName: "Own", lastName: "Change"))
        if ownChangesAreQuiet { #expect(!look(one, ada)) }
        while look(one, ada) {} // whatever was announced so far, taken
        #expect(!look(one, ada))
        _ = try two.contacts(for: ada).add(ContactRecord(firstName: "Grace", lastName: "Hopper"))
        #expect(look(one, ada))
        #expect(!look(one, ada)) // told once
    }

    @Test func anSQLiteFile() throws {
        let tmp = TempFolder()
        let path = tmp.file("shared.sqlite3")
        try check(SQLiteDirectory(path: path, passwordCost: 1, now: { 1 }), SQLiteDirectory(path: path, passwordCost: 1, now: { 1 }),
                  ownChangesAreQuiet: true) { $0.changedElsewhere(for: $1) }
    }

    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
    func aSharedDirectory() throws {
        let server = try PostgresTestServer()
        let tmp = TempFolder()
        let one = PostgresDirectory(uri: server.uri, environment: ["XDG_STATE_HOME": tmp.file("one")], passwordCost: 1, now: { 1 })
        let two = PostgresDirectory(uri: server.uri, environment: ["XDG_STATE_HOME": tmp.file("two")], passwordCost: 1, now: { 1 })
        // Waiting on the listener's socket up to 300 ms a look (the server delivers on commit, over loopback).
        try check(one, two, ownChangesAreQuiet: false) { directory, account in
            (directory as! PostgresDirectory).changedElsewhere(for: account, waitingUpTo: 300)
        }
    }

    /// A listener that cannot connect the first time is tried again with back-off (it never was:
    /// live updates were off for the whole session), and once it connects changes are heard.
    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
    func aListenerThatCouldNotConnectIsTriedAgain() throws {
        let server = try PostgresTestServer()
        let tmp = TempFolder()
        final class Clock { var now: Int64 = 1_000 }
        let clock = Clock()
        let directory = PostgresDirectory(uri: server.uri, environment: ["XDG_STATE_HOME": tmp.file("one")], passwordCost: 1, now: { clock.now })
        let tries = Mutex(0)
        directory.makeListener = { uri, _ throws(ServiceError) in
            let attempt = tries.withLock { $0 += 1; return $0 }
            if attempt == 1 { throw ServiceError(.unavailable, place: .server("test"), detail: "the server is not there yet") }
            return try PostgresChangeListener(uri: uri)
        }
        _ = try directory.open()
        #expect(directory.changeSignal == nil && tries.withLock { $0 } == 1)  // down at the first ask
        clock.now += 3
        #expect(directory.changeSignal == nil && tries.withLock { $0 } == 1)  // not tried again at once
        clock.now += 3
        _ = directory.changeSignal                                            // tried again after 5 s, on its own thread
        directory.waitForListenerRetry()
        #expect(directory.changeSignal != nil && tries.withLock { $0 } == 2)  // taken at the next ask: listening
        let other = PostgresDirectory(uri: server.uri, environment: ["XDG_STATE_HOME": tmp.file("two")], passwordCost: 1, now: { 1 })
        _ = try other.open()
        let ada = try other.accounts.createAccount(username: "ada", password: "analytical", now: 1)
        _ = directory.changedElsewhere(for: ada, waitingUpTo: 0)        // the first look after it starts says "changed"
        _ = try other.contacts(for: ada).add(ContactRecord(firstName: "Grace", lastName: "Hopper"))
        #expect(directory.changedElsewhere(for: ada, waitingUpTo: 1_000))  // heard
        #expect(tries.withLock { $0 } == 2)
    }

    /// A retry that cannot get through (a server that does not answer keeps a connect waiting for
    /// libpq's whole timeout, 10 s) holds nobody up: the run loop asks at each wake-up, and a
    /// retry made there froze every key for that long. It connects on its own thread, and its
    /// listener is taken at a later ask.
    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
    func aRetryThatHangsDoesNotHoldTheAsker() throws {
        let server = try PostgresTestServer()
        let tmp = TempFolder()
        final class Clock { var now: Int64 = 1_000 }
        let clock = Clock()
        let directory = PostgresDirectory(uri: server.uri, environment: ["XDG_STATE_HOME": tmp.file("one")], passwordCost: 1, now: { clock.now })
        let tries = Mutex(0), madeSecond = Mutex(false)
        let letThrough = DispatchSemaphore(value: 0), connecting = DispatchSemaphore(value: 0)
        directory.makeListener = { uri, _ throws(ServiceError) in
            let attempt = tries.withLock { $0 += 1; return $0 }
            if attempt == 1 { throw ServiceError(.unavailable, place: .server("test"), detail: "the server is not there yet") }
            connecting.signal()
            _ = letThrough.wait(timeout: .now() + 20) // the network, not answering
            defer { madeSecond.withLock { $0 = true } }
            return try PostgresChangeListener(uri: uri)
        }
        _ = try directory.open()
        #expect(directory.changeSignal == nil)
        clock.now += 6
        #expect(directory.changeSignal == nil)                       // the retry started, and the ask came back
        #expect(!madeSecond.withLock { $0 }, "the ask waited for the connect")
        #expect(connecting.wait(timeout: .now() + 20) == .success)  // the retry is connecting on its own thread
        #expect(directory.liveUpdatesRetryAt != nil)                 // the loop wakes to take it
        #expect(directory.changeSignal == nil && tries.withLock { $0 } == 2) // still connecting: not tried twice
        letThrough.signal()
        directory.waitForListenerRetry()
        #expect(directory.changeSignal != nil)                       // taken: listening
        #expect(directory.liveUpdatesRetryAt == nil)
    }
}
