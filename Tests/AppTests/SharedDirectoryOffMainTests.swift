import AppServices
import AppTestSupport
import Foundation
import Testing
@testable import App
@testable import Storage
@testable import TUIKit

/// The app on a real PostgreSQL server (`SWITCHBOARD_TEST_POSTGRES_URL`; skipped without it),
/// the contacts list and forms on their worker thread: what a person sees when the server cuts
/// every connection of the app's (as a restart does), and how it comes back without a key; the
/// home, the friends popup, the activity feed, signing in, settings and About read on that thread too.
@MainActor
@Suite("Off the main loop on a real PostgreSQL server", .serialized)
struct SharedDirectoryOffMainTests {
    nonisolated static let base = ProcessInfo.processInfo.environment["SWITCHBOARD_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// Lets virtual time pass in steps of 10 ms (the drain's) until `done` holds; the worker
    /// thread answers in real time, so this gives up after 20 s of it.
    func pump(_ h: AppHarness, until done: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(20)
        while !done() {
            if ContinuousClock.now > deadline { return false }
            h.press("wait:10ms")
        }
        return true
    }

    /// Start-up (connecting, migrating, the saved session, whether any account exists) is a job
    /// on the directory's work: until it answers the splash stays, turning, and the run loop goes on
    /// (virtual seconds pass); when it answers, Create Account comes.
    @Test(.enabled(if: base != nil, "set SWITCHBOARD_TEST_POSTGRES_URL (see .ci/postgres) to run it"))
    func theSplashOpensTheDirectoryAsAJob() throws {
        let schema = try ThrowawaySchema(base: try #require(Self.base))
        defer { withExtendedLifetime(schema) {} } // dropped when the test ends, not at its last mention
        let work = ManualDirectoryWork()
        let h = AppHarness(backend: { _, now in
            work.directory = schema.directory(now: now)
            return StoreBackend(directory: schema.directory(now: now), work: work, now: now)
        })
        h.press("wait:3s")
        #expect(work.waiting == 1)
        #expect(h.text.contains("Opening your data") && !h.text.contains("Create Account"), "\(h.text)")
        #expect(try schema.admin.scalarInt("SELECT count(*) FROM pg_tables WHERE schemaname = $1", [schema.name]) == 0) // nothing opened yet
        work.runAll()
        h.press("wait:1s")
        #expect(h.text.contains("Create Account"), "\(h.text)")
        #expect(try schema.admin.scalarInt("SELECT count(*) FROM pg_tables WHERE schemaname = $1", [schema.name]) ?? 0 > 0) // migrated by the job
    }

    @Test(.enabled(if: base != nil, "set SWITCHBOARD_TEST_POSTGRES_URL (see .ci/postgres) to run it"))
    func theListReadsOffTheMainLoopAndComesBackAfterTheServerCutsItsConnections() throws {
        let schema = try ThrowawaySchema(base: try #require(Self.base))
        defer { withExtendedLifetime(schema) {} } // dropped when the test ends, not at its last mention
        let h = AppHarness(backend: { _, now in
            StoreBackend(directory: schema.directory(now: now),
                         offMainDirectory: schema.directory(now: now),
                         now: now)
        })
        // The splash connects, migrates and reads the saved session on the worker's thread: the run
        // loop went on meanwhile (the splash turned), and Create Account came when the server answered.
        #expect(h.text.contains("Opening your data"), "\(h.text)")
        #expect(pump(h) { h.text.contains("Create Account") }, "\(h.text)")
        h.createAccount()
        #expect(pump(h) { h.lines[0].contains("Main") }, "\(h.text)")    // made on the worker's thread, in real time
        h.press("C wait:400ms")
        #expect(pump(h) { h.lines[0].contains("Contacts (0)") }, "\(h.text)")
        h.press("a wait:400ms \"grace\" Tab \"hopper\" C-s")
        #expect(pump(h) { h.text.contains("Grace Hopper") && h.lines[0].contains("Contacts (1)") }, "\(h.text)")

        // The server ends every connection of this app's (the main loop's, the worker's, the listener's).
        try schema.admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1", [schema.name])
        // Nobody types: the watch's look finds the worker's connection gone, and the banner says so.
        #expect(pump(h) { h.lines[h.lines.count - 1].contains("Lost the connection to the shared directory") }, "\(h.text)")
        #expect(h.text.contains("Grace Hopper"))                        // what was read stays on screen
        // The next try (1 s on) connects again: the banner goes, and the list reads again.
        #expect(pump(h) { !h.text.contains("Lost the connection") }, "\(h.text)")
        #expect(h.text.contains("Grace Hopper"))
        h.press("a wait:400ms \"ada\" Tab \"lovelace\" C-s")
        #expect(pump(h) { h.text.contains("Ada Lovelace") && h.lines[0].contains("Contacts (2)") }, "\(h.text)")
    }

    /// The server hangs (every process serving this app stopped with SIGSTOP) while an edit is
    /// being saved; Esc asks "Discard changes?"; the server goes on (SIGCONT) and stores the save
    /// (issue 47). The question is moot: it goes with the form, the list shows the saved name and
    /// the keys work. It stayed on every screen before, deaf to its buttons, until the app was quit.
    @Test(.enabled(if: base != nil, "set SWITCHBOARD_TEST_POSTGRES_URL (see .ci/postgres) to run it"))
    func aSaveStoredAfterTheServerHungWhileDiscardWasAskedTakesTheQuestionAway() throws {
        let schema = try ThrowawaySchema(base: try #require(Self.base))
        defer { withExtendedLifetime(schema) {} } // dropped when the test ends, not at its last mention
        let h = AppHarness(backend: { _, now in
            StoreBackend(directory: schema.directory(now: now), offMainDirectory: schema.directory(now: now), now: now)
        })
        #expect(pump(h) { h.text.contains("Create Account") }, "\(h.text)")
        h.createAccount()
        #expect(pump(h) { h.lines[0].contains("Main") }, "\(h.text)")
        h.press("C wait:400ms")
        h.press("a wait:400ms \"ada\" Tab \"lovelace\" C-s")
        #expect(pump(h) { h.text.contains("Ada Lovelace") && h.lines[0].contains("Contacts (1)") }, "\(h.text)")
        h.press("Enter wait:400ms")
        #expect(pump(h) { h.text.contains("Edit (e)") }, "\(h.text)")
        h.press("e wait:400ms")
        #expect(pump(h) { h.text.contains("Edit Contact") }, "\(h.text)")

        // Every server process of this app's stops: connections stay open, nothing answers.
        let pids = try schema.admin.execute("SELECT pid FROM pg_stat_activity WHERE application_name = $1", [schema.name])
        let stopped = (0..<pids.count).map { Int32(pids.int64($0, 0)) }
        #expect(!stopped.isEmpty)
        defer { for pid in stopped { kill(pid, SIGCONT) } }
        for pid in stopped { #expect(kill(pid, SIGSTOP) == 0, "the test stops the server's processes (same machine, as root)") }
        h.press("End \" king\" C-s wait:400ms Esc wait:400ms")
        #expect(h.text.contains("Your save has not reached the server yet."), "\(h.text)")
        for pid in stopped { kill(pid, SIGCONT) }                      // the server goes on: the save is stored

        #expect(pump(h) { !h.text.contains("Edit Contact") && h.text.contains("Ada king Lovelace") }, "\(h.text)")
        h.press("wait:400ms")
        #expect(!h.text.contains("Discard changes?") && !h.text.contains("Keep waiting"), "\(h.text)")
        h.press("Enter wait:400ms")                                    // the keys reach the list again
        #expect(pump(h) { h.text.contains("Edit (e)") }, "\(h.text)")
    }

    @Test(.enabled(if: base != nil, "set SWITCHBOARD_TEST_POSTGRES_URL (see .ci/postgres) to run it"))
    func theHomeThePopupAndTheFeedReadOnTheWorkerThread() throws {
        let schema = try ThrowawaySchema(base: try #require(Self.base))
        defer { withExtendedLifetime(schema) {} } // dropped when the test ends, not at its last mention
        final class Directories: @unchecked Sendable { var main: ThreadRecordingDirectory<PostgresDirectory>?; var offMain: ThreadRecordingDirectory<PostgresDirectory>? }
        let directories = Directories()
        let h = AppHarness(backend: { _, now in
            let main = ThreadRecordingDirectory(schema.directory(now: now))
            let offMain = ThreadRecordingDirectory(schema.directory(now: now))
            directories.main = main
            directories.offMain = offMain
            return StoreBackend(directory: main, offMainDirectory: offMain, now: now)
        })
        #expect(pump(h) { h.text.contains("Create Account") }, "\(h.text)") // opened on the worker's thread
        h.createAccount()                                               // made on the worker's connection
        #expect(pump(h) { h.lines[0].contains("Main") }, "\(h.text)")
        let row = { (title: String) -> String in
            var line = h.lines.first { $0.contains(" \(title) ") } ?? ""
            while line.last == " " { line.removeLast() }
            return line
        }
        #expect(pump(h) { row("Contacts").hasSuffix(" 0") }, "\(h.text)")
        // Another program (another terminal) adds two friends and a contact for ada.
        let other = schema.directory(now: { 1_789_992_000 })
        let ada = try #require(try other.open())
        let store = other.contacts(for: ada)
        _ = try store.add(ContactRecord(firstName: "ada", lastName: "lovelace", isFriend: true))
        _ = try store.add(ContactRecord(firstName: "alan", lastName: "turing", isFriend: true))
        _ = try store.add(ContactRecord(firstName: "grace", lastName: "hopper"))
        // The home hears of it and reads its counts again.
        #expect(pump(h) { row("Contacts").hasSuffix(" 3") && row("Friends").hasSuffix(" 2") }, "\(h.text)")
        #expect(pump(h) { h.text.contains("Contact added · grace hopper") }, "\(h.text)")
        h.press("F")
        #expect(pump(h) { h.text.contains("2 friends") && h.text.contains("Ada Lovelace") && h.text.contains("Alan Turing") }, "\(h.text)")
        #expect(!h.text.contains("Grace Hopper"))
        h.press("Esc wait:400ms C-t")
        #expect(pump(h) { h.text.contains("Contact added · alan turing") && h.text.contains("Account created · ada") }, "\(h.text)")
        // Every read went to the worker's connection, on its thread; none to the main loop's.
        let main = try #require(directories.main).log.calls
        let offMain = try #require(directories.offMain).log.calls
        #expect(main.onMain == 0 && main.offMain == 0, "\(main)")
        #expect(offMain.onMain == 0, "\(offMain)")
        #expect(offMain.offMain > 0)

        // About's counts, a setting, logging out and in again: accounts and settings on the worker's
        // connection too (start-up and log-out included); the main loop's are never asked.
        let mainAccountsBefore = try #require(directories.main).accountsLog.calls
        h.press("Esc wait:400ms A")
        #expect(pump(h) { (h.lines.first { $0.contains(" Contacts ") } ?? "").trimmingCharacters(in: .whitespaces).hasSuffix(" 3") }, "\(h.text)")
        let settingsReads = try #require(directories.offMain).accountsLog.calls.offMain
        h.press("Esc wait:400ms S")
        #expect(pump(h) { h.lines[0].contains("Settings") && (directories.offMain?.accountsLog.calls.offMain ?? 0) > settingsReads }, "\(h.text)")
        h.press("Esc wait:400ms C-o wait:1s")
        #expect(pump(h) { h.lines[0].contains("Log In") }, "\(h.text)")
        h.press("\"ada\" Enter \"analytical\" Enter")
        #expect(pump(h) { h.lines[0].contains("Main") }, "\(h.text)")
        let mainAccounts = try #require(directories.main).accountsLog.calls
        let offMainAccounts = try #require(directories.offMain).accountsLog.calls
        #expect(mainAccounts.offMain == 0 && mainAccounts.onMain == 0 && mainAccountsBefore.onMain == 0, "\(mainAccounts)")
        #expect(offMainAccounts.onMain == 0, "\(offMainAccounts)")
        // made, settings read, read again, signed in (4 calls), settings: the last may still be on its way
        #expect(pump(h) { (directories.offMain?.accountsLog.calls.offMain ?? 0) >= 5 }, "\(offMainAccounts)")
    }
}

/// A schema of its own on the test server, a URI that works in it (its connections named for it,
/// so the server can end them all), and a state folder for the session file; both go when released.
final class ThrowawaySchema: @unchecked Sendable {
    let admin: PostgresConnection
    let name = "sb_test_async_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    let uri: String
    let state: String

    init(base: String) throws {
        admin = try PostgresConnection(uri: base)
        try admin.executeScript("CREATE SCHEMA \(name)")
        uri = base + (base.contains("?") ? "&" : "?") + "options=-c%20search_path%3D\(name)%2Cpublic&application_name=\(name)"
        state = NSTemporaryDirectory() + name
    }

    /// A directory on the schema, its session file in `state`.
    @MainActor func directory(now: @escaping () -> Int64) -> PostgresDirectory {
        PostgresDirectory(uri: uri, environment: ["XDG_STATE_HOME": state], passwordCost: 1, now: now)
    }

    deinit {
        try? admin.executeScript("DROP SCHEMA \(name) CASCADE")
        try? FileManager.default.removeItem(atPath: state)
    }
}
