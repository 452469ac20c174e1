import AppServices
import Foundation
import Storage
import TestSupport
import Testing
@testable import App
@testable import TUIKit
@testable import switchboard

/// Issue 49: a store's error comes from the app's sync child as a value with its cause (the
/// `error` line's fields), so the app says the same as for the same error in-process. On the real
/// PostgreSQL server, through the real child (`ChildSyncProcesses`, the built `switchboard`): a
/// lock another session holds on the sync tables outlasts the child's wait, and the Sync screen's
/// line names who holds it and how the owner can end it.
@MainActor
@Suite(.serialized, .enabled(if: PostgresSyncServer.postgresURL != nil, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
struct SyncLockWaitInTheAppTests {
    @Test func aLockHeldDuringASyncIsSaidAsInProcess() throws {
        let base = try #require(PostgresSyncServer.postgresURL)
        let schema = "sb_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = try PostgresConnection(uri: base)
        try admin.executeScript("CREATE SCHEMA \(schema)")
        defer { try? admin.executeScript("DROP SCHEMA \(schema) CASCADE") }
        let uri = base + (base.contains("?") ? "&" : "?") + "options=-c%20search_path%3D\(schema)%2Cpublic"
        let folder = TempFolder("sync-lock")
        let environment = ["XDG_STATE_HOME": folder.file("state")]
        // ada signed in on this machine, with a CardDAV account (never reached: the wait comes first).
        let directory = PostgresDirectory(uri: uri, environment: environment, passwordCost: 1, now: { 1 })
        _ = try directory.open()
        let ada = try directory.accounts.createAccount(username: "ada", password: "analytical", now: 1)
        let database = try PostgresDatabase(uri: uri)
        _ = try PostgresSyncStore(database: database).addAccount(accountID: ada.id, url: "http://127.0.0.1:1/", homeURL: "http://127.0.0.1:1/ada/",
                                                                 username: "ada", passwordCommand: nil, caFile: nil,
                                                                 books: [(url: "http://127.0.0.1:1/ada/c/", displayName: "Contacts")])

        let terminal = VirtualTerminal(size: Size(width: 100, height: 30))
        let app = Application(terminal: terminal)
        let cell = PostgresSignInCell()
        var configuration = AppConfiguration(sharedDirectory: { now in
            PostgresDirectory(uri: uri, environment: environment, passwordCost: 1, signIn: cell, now: now)
        })
        configuration.syncProcesses = AppScene.syncProcesses(executable: SyncInTheAppTests.executable, path: uri, signIn: cell)
        let switchboard = SwitchboardApp(application: app, configuration: configuration)
        func press(_ script: String) {
            try? terminal.enqueue(script: script)
            try? app.run()
        }
        func pump(until done: () -> Bool) {
            let deadline = ContinuousClock.now + .seconds(60)
            while !done() && ContinuousClock.now < deadline {
                var fds = app.scheduler.watchedDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                _ = poll(&fds, nfds_t(fds.count), 100)
                press("wait:30ms")
            }
        }
        app.renderFrame()
        press("wait:1s")
        pump(until: { switchboard.syncCenter != nil })
        let center = try #require(switchboard.syncCenter, "Sync is offered on a PostgreSQL directory: \(terminal.text)")
        pump(until: { center.activity.value.isSetUp })
        try #require(center.activity.value.isSetUp, "\(terminal.text)")

        // Another session holds the sync accounts' table; in-process, a read of it gives up after the wait.
        let holder = try PostgresConnection(uri: uri)
        try holder.executeScript("BEGIN; LOCK TABLE sync_accounts IN ACCESS EXCLUSIVE MODE")
        defer { try? holder.executeScript("ROLLBACK") }
        let inProcess = try #require(#expect(throws: ServiceError.self) { _ = try PostgresSyncStore(database: database).accounts(of: nil) })
        #expect(inProcess.code == .lockHeld && inProcess.message.contains("pg_terminate_backend(\(holder.backendPID))"), "\(inProcess.message)")

        // The child meets the same wait: its error line carries who held the lock, and the app says it as in-process.
        center.syncNow()
        pump(until: { !center.activity.value.isRunning })
        let failure = try #require(center.activity.value.failures.first, "\(center.activity.value)")
        guard case .storage(let overTheLine) = failure else { Issue.record("\(failure)"); return }
        let held = ServiceError.LockWait.Holder(pid: Int64(holder.backendPID), role: PostgresConnection.parsed(base)?["user"] ?? "?")
        let wait = try #require(overTheLine.cause as? ServiceError.LockWait, "\(overTheLine)")
        #expect(wait.waited == (inProcess.cause as? ServiceError.LockWait)?.waited && wait.holders.contains(held), "\(wait)")
        // The child names the server as its connection string came to it (key=value, no password): the place's words only differ.
        #expect(overTheLine.isOnServer && overTheLine.place != inProcess.place, "\(overTheLine.place)")
        var sameError = inProcess
        sameError.place = overTheLine.place
        // The holders are read again at each wait: on a test server shared with other suites, a session taking switchboard's
        // advisory lock for another schema meanwhile is among them (the lock's key is the server's). The sentence is then made
        // from the child's holders; alone, they are the same as in-process.
        if wait != inProcess.cause as? ServiceError.LockWait { sameError.cause = wait }
        #expect(center.activity.value.lastError == sameError.message, "\(center.activity.value.lastError ?? "") ≠ \(sameError.message)")
        #expect(center.activity.value.lastError?.contains("held by \(PostgresConnection.parsed(base)?["user"] ?? "?") (session \(holder.backendPID))") == true,
                "\(center.activity.value.lastError ?? "")")
    }
}
