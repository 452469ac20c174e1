import AppServices
import Storage
import TestSupport
import Testing
@testable import App
@testable import TUIKit

/// A sync's failures as values through the real child: the built `switchboard sync --progress`
/// writes each on its `error` line, the app reads the same value back from the pipe, and the
/// sentence on the screen is App's. Nothing here needs a server: the addresses are 127.0.0.1:1,
/// where nothing answers.
@MainActor
@Suite(.serialized)
struct SyncFailuresThroughTheChildTests {
    static let nowhere = "http://127.0.0.1:1/"

    @Test func eachAccountsFailureComesBackAsItsValueAndItsSentenceShows() throws {
        let running = try SyncInTheAppTests.Running()
        let center = try #require(running.center)
        let store = SQLiteSyncStore(database: try SQLiteDatabase(path: running.path))
        let book = [(url: Self.nowhere + "alice/contacts/", displayName: "Contacts")]
        // A password typed in the app (none was), a command that fails, and a server that is not there.
        _ = try store.addAccount(accountID: 1, url: Self.nowhere, homeURL: Self.nowhere + "alice/", username: "typed", passwordCommand: nil, caFile: nil, books: book)
        _ = try store.addAccount(accountID: 1, url: Self.nowhere, homeURL: Self.nowhere + "bob/", username: "failing", passwordCommand: "exit 3", caFile: nil,
                                 books: [(url: Self.nowhere + "bob/contacts/", displayName: "Bob's")])
        _ = try store.addAccount(accountID: 1, url: Self.nowhere, homeURL: Self.nowhere + "carol/", username: "away", passwordCommand: "echo pw", caFile: nil,
                                 books: [(url: Self.nowhere + "carol/contacts/", displayName: "Carol's")])
        center.readAgain()
        running.pump(until: { center.activity.value.accounts.count == 3 }, seconds: 20)
        center.syncNow()
        running.pump(until: { !center.activity.value.isRunning }, seconds: 60)

        let failures = center.activity.value.failures
        #expect(failures.count == 3, "\(failures)")
        #expect(failures.first == .account(user: "typed", url: Self.nowhere, .passwordNotTyped))
        #expect(failures.dropFirst().first == .account(user: "failing", url: Self.nowhere, .passwordCommandFailed(.failed(exitStatus: 3))), "\(failures)")
        guard case .account("away", Self.nowhere, .server(let server))? = failures.last else { Issue.record("\(failures)"); return }
        #expect(server.kind == .unreachable && server.detail.contains("Nothing answers"), "\(server)")

        // The data keeps the engine's failure as a value too (the others never reached the engine).
        let kept = try store.accounts().map(\.lastError)
        #expect(kept[0] == nil && kept[1] == nil)
        guard case .server(let keptServer)? = kept[2] else { Issue.record("\(kept)"); return }
        #expect(keptServer.kind == .unreachable)

        // The Sync screen: this run's failures in App's words, and each account's kept one.
        running.switchboard.coordinator.show(.sync)
        running.press("wait:400ms")
        let text = running.terminal.text
        #expect(text.contains("Sync failed: no password for typed at http://127.0.0.1:1/: type it in the app"), "\(text)")
        #expect(text.contains("Nothing answers at"), "\(text)")
        // Whose password command failed, in App's words (not the command line's option).
        #expect(center.activity.value.lastError?.contains("failing at http://127.0.0.1:1/: its password command failed (exit status 3); nothing was changed") == true,
                "\(center.activity.value.lastError ?? "")")
        #expect(center.activity.value.lastError?.contains("--password-command") == false)
        // The command line says the same failure with its own option.
        let typed = HostileServerTests.switchboard(["sync", "--db", running.path], in: running.folder)
        #expect(typed.errors.contains("switchboard: sync: failing at http://127.0.0.1:1/: --password-command failed (exit status 3); nothing was changed"),
                "\(typed.errors)")
    }

    @Test func theSetUpFormSaysWhatTheChildFound() throws {
        let running = try SyncInTheAppTests.Running()
        let center = try #require(running.center)
        var result: Result<[(url: String, name: String)], SyncFailure>?
        center.discover(SyncCenter.Server(url: Self.nowhere, username: "alice", password: "pw")) { result = $0 }
        running.pump(until: { result != nil }, seconds: 60)
        guard case .failure(.server(let server))? = result else { Issue.record("\(String(describing: result))"); return }
        #expect(server.kind == .unreachable && server.url.hasPrefix(Self.nowhere), "\(server)")
        #expect(SyncFailure.server(server).message(during: .asking).contains("Nothing answers at"))
    }
}
