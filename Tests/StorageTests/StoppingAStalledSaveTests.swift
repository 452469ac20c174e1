import TestSupport
import AppServices
import Foundation
import Synchronization
import Testing
@testable import Storage

/// A save waiting on a row lock another client holds (psql in the middle of a transaction) is
/// stopped by `DataDirectory.stopRunningCall` from another thread — what "Discard" does while a
/// save is out — and the database keeps nothing of it.
@Suite("Stopping a stalled save",
       .enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
struct StoppingAStalledSaveTests {
    /// Moves a value to another thread (the test hands the store over and does not touch it meanwhile).
    final class Handover<T>: @unchecked Sendable {
        let value: T
        init(_ value: T) { self.value = value }
    }

    @Test func aSaveWaitingOnALockIsStoppedAndKeepsNothing() throws {
        let server = try PostgresTestServer()
        let tmp = TempFolder()
        let directory = PostgresDirectory(uri: server.uri, environment: ["XDG_STATE_HOME": tmp.file("state")], passwordCost: 1, now: { 1 })
        _ = try directory.open()
        let ada = try directory.accounts.createAccount(username: "ada", password: "analytical", now: 1)
        let store = directory.contacts(for: ada)
        let id = try store.add(ContactRecord(firstName: "Ada", lastName: "Lovelace", notes: "as it was"))
        var edited = try #require(try store.contact(id: id))
        edited.notes = "discarded"
        let stop = try #require(directory.stopRunningCall)

        // psql holds the row in an open transaction.
        let psql = try PostgresConnection(uri: server.uri)
        try psql.executeScript("BEGIN")
        try psql.execute("SELECT 1 FROM contacts WHERE id = $1 FOR UPDATE", [id])

        // The save runs on a thread of its own, as the app's work runs it, and waits on the lock.
        let outcome = Mutex<Result<Bool, ServiceError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let handed = Handover((store, edited))
        Thread {
            let result: Result<Bool, ServiceError>
            do throws(ServiceError) { result = .success(try handed.value.0.update(handed.value.1)) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }.start()
        var waiting = false
        for _ in 0..<100_000 where !waiting { // until the server says the save waits on the lock
            waiting = try psql.scalarInt("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()") ?? 0 > 0
        }
        #expect(waiting)
        stop()
        #expect(done.wait(timeout: .now() + 30) == .success)
        let result = try #require(outcome.withLock { $0 })
        guard case .failure(let error) = result else { Issue.record("the save went through: \(result)"); return }
        #expect(error.code == .sqlState("57014") && error.kind == .busy, "\(error)")
        try psql.executeScript("COMMIT")
        #expect(try store.contact(id: id)?.notes == "as it was")
        // The directory goes on working after the stop.
        edited.revision = try #require(try store.contact(id: id)).revision
        edited.notes = "saved later"
        #expect(try store.update(edited))
    }
}
