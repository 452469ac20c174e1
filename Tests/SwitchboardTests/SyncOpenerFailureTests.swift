import TestSupport
import AppServices
import Testing
@testable import switchboard

/// The app's sync child (`switchboard sync --progress --user NAME`) says why it found no account
/// to sync, or no data, as a value on its `error` line — the opener's kind, not words (`.other`)
/// — and the command line says the same in words on standard error.
@MainActor
@Suite("sync: the account opener's failures as values")
struct SyncOpenerFailureTests {
    /// The `error` line's value in what the child printed (nil: none).
    static func errorLine(_ output: String) -> SyncFailure? {
        for line in output.split(separator: "\n") {
            if case .error(let failure)? = SyncChildLine(line: line) { return failure }
        }
        return nil
    }

    @Test func noDataOrNoSuchAccountGoesOverTheLineAsItsKind() throws {
        let tmp = TempFolder("sync-opener")
        defer { withExtendedLifetime(tmp) {} }
        let db = tmp.file("d.sqlite3")
        let missing = runSwitchboard(["sync", "--progress", "--user", "ada", "--db", db])
        #expect(missing.code == 1)
        #expect(Self.errorLine(missing.output) == .noAccount(.noDataFile(place: db)), "\(missing.output)")
        #expect(missing.errors.contains("there is no data file at \(db) yet"), "\(missing.errors)")

        _ = runSwitchboard(["--headless", "--db", db, "--keys", "wait:1s"]) // the app makes the file, with no account
        for command in [["sync", "--progress"], ["sync", "add", "http://127.0.0.1:1/", "--username", "ada", "--addressbook", "Contacts", "--progress"]] {
            let result = runSwitchboard(command + ["--user", "ada", "--db", db])
            #expect(result.code == 1, "\(command): \(result.errors) \(result.output)")
            guard case .noAccount(.noSuchAccount(user: "ada", _))? = Self.errorLine(result.output) else {
                Issue.record("\(command): \(result.output)"); continue
            }
            #expect(result.errors.contains("there is no account “ada”"), "\(result.errors)")
        }
    }

    @Test func aServerThatDoesNotAnswerIsAStorageFailure() throws {
        let result = runSwitchboard(["sync", "--progress", "--user", "ada", "--db", "postgresql://switchboard@127.0.0.1:1/none"])
        #expect(result.code == 1)
        guard case .storage(let error)? = Self.errorLine(result.output) else { Issue.record("\(result.output)"); return }
        #expect(error.kind == .unavailable && error.isOnServer, "\(error)")
    }
}
