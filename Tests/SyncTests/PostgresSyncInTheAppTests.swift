import AppServices
import CardDAV
import Foundation
import Storage
import TestSupport
import Testing
@testable import App
@testable import TUIKit
@testable import switchboard

/// The app's sync on a team directory on PostgreSQL: the member signs in at Log In (the password
/// typed, kept in memory), sets an account up from Settings → Sync's form, and the real child
/// processes (`ChildSyncProcesses`, the built `switchboard`) sync it into the directory — signed
/// in as the same member through their standard input, never an argument.
@MainActor
@Suite(.serialized)
struct PostgresSyncInTheAppTests {
    /// The children of an app on a connection string with a password: the password is in no
    /// argument, and reaches the child as the first line of its input, with the role.
    @Test func theChildGetsTheSignInOnItsInputNotItsArguments() throws {
        let scheduler = Scheduler(clock: VirtualClock())
        let uri = "postgresql://ada:s3cret@db.example.org:5433/team?sslmode=require"
        let make = AppScene.syncProcesses(executable: "/bin/false", path: uri, signIn: PostgresSignInCell())
        let child = try #require(make(scheduler) as? ChildSyncProcesses)
        #expect(!child.commonArguments.joined(separator: " ").contains("s3cret"))
        #expect(child.commonArguments.first == "--db")
        let parsed = try #require(PostgresConnection.parsed(child.commonArguments[1]))
        #expect(parsed["host"] == "db.example.org" && parsed["port"] == "5433" && parsed["dbname"] == "team" && parsed["user"] == "ada")
        #expect(parsed["sslmode"] == "require" && parsed["password"] == nil)
        #expect(child.inputPrefix?() == "ada\ts3cret\n")
        // No password anywhere: an empty line (libpq's own places sign in), and the string as it was.
        let plain = try #require(AppScene.syncProcesses(executable: "/bin/false", path: "postgresql://ada@db/team",
                                                        signIn: PostgresSignInCell())(scheduler) as? ChildSyncProcesses)
        #expect(plain.commonArguments == ["--db", "postgresql://ada@db/team"] && plain.inputPrefix?() == "\n")
        // A file: its path, nothing before the input.
        let file = try #require(AppScene.syncProcesses(executable: "/bin/false", path: "/tmp/x.sqlite3", signIn: PostgresSignInCell())(scheduler) as? ChildSyncProcesses)
        #expect(file.commonArguments == ["--db", "/tmp/x.sqlite3"] && file.inputPrefix == nil)
        #expect(SyncCommand.signIn(from: "ada\tpw") == PostgresSignIn(role: "ada", password: "pw"))
        #expect(SyncCommand.signIn(from: "") == nil && SyncCommand.signIn(from: "ada\t") == nil)
    }

    /// `shared`: the app as it runs on a terminal on a server (its screens' calls on a thread of
    /// their own); else as headless runs it (every call at once).
    @Test(.enabled(if: PostgresSyncServer.isAvailable, PostgresSyncServer.needs), arguments: [false, true])
    func aMemberSetsUpSyncInTheAppAndItSyncsIntoTheDirectory(shared: Bool) throws {
        let base = try #require(SyncTestServer.url)
        let team = try PostgresSyncTests.Team()
        let book = try SyncTestServer.freshAddressBook(on: base)
        let phone = try SyncTestServer.client()
        for i in 0..<3 {
            try phone.put(SyncFixture.card(uid: "pg-app-\(i)", first: "Person\(i)", last: "Sample"), at: book.url + "pg-app-\(i).vcf", replacing: nil)
        }
        setenv("PGPASSFILE", "/nonexistent", 1) // no password from anywhere but Log In
        defer { unsetenv("PGPASSFILE") }
        let path = team.uri(team.alice, nil)
        let terminal = VirtualTerminal(size: Size(width: 100, height: 30))
        let app = Application(terminal: terminal)
        let cell = PostgresSignInCell()
        let environment = team.environment
        let make: @MainActor @Sendable (@escaping () -> Int64) -> any DataDirectory = { now in
            PostgresDirectory(uri: path, environment: environment, passwordCost: 1, signIn: cell, now: now)
        }
        var configuration = shared ? AppConfiguration(sharedDirectory: make) : AppConfiguration(directory: make)
        configuration.syncProcesses = AppScene.syncProcesses(executable: SyncInTheAppTests.executable, path: path, signIn: cell)
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
        pump(until: { terminal.text.contains("Log In") && terminal.text.contains(team.alice.username) })
        press("\"alice-pg\" Enter wait:1s")
        pump(until: { terminal.text.contains("Signed in as \(team.alice.username)") })
        #expect(terminal.text.contains("Signed in as \(team.alice.username)"), "\(terminal.text)")
        let center = try #require(switchboard.syncCenter, "Sync is offered on a team directory")
        // On a terminal the sync tables are read off the main loop, as the screens' other calls.
        #expect((center.reads().map { $0.inlineService == nil } ?? false) == shared)

        switchboard.coordinator.show(.syncSetup)
        press("wait:400ms")
        let form = try #require(switchboard.coordinator.navigationController?.topViewController as? SyncSetupViewController)
        press("\"\(base)\" Enter \"alice\" Enter \"\(SyncTestServer.password)\" Enter Enter Enter")
        pump(until: { !form.isWaiting })
        try #require(form.message.isEmpty || !form.message.hasPrefix("Not added"), "\(form.message)")
        if form.found.count > 1 {
            let index = try #require(form.found.firstIndex { $0.url == book.url })
            press(Array(repeating: "Down", count: index).joined(separator: " ") + " Enter")
        }
        // On a terminal the tables are read again after the pass as a job: its answer comes a moment later.
        pump(until: { !form.isWaiting && center.activity.value.isSetUp && !center.activity.value.isRunning
                      && center.activity.value.accounts.first?.books.first?.contacts == 3 })
        let account = try #require(center.activity.value.accounts.first, "\(form.message) \(terminal.text)")
        #expect(account.books.map(\.url) == [book.url] && !account.hasPasswordCommand)
        #expect(account.lastError == nil, "\(account)")
        #expect(account.books.first?.contacts == 3)
        #expect(center.activity.value.lastSummary?.hasPrefix("↓ 3 new") == true, "\(center.activity.value)")
        // In the directory, under alice's account, and no trace of either password.
        #expect(try team.admin.scalarInt("SELECT count(*) FROM \(team.schema).contacts WHERE account_id = $1", [team.alice.id]) == 3)
        #expect(try team.admin.scalarInt("SELECT count(*) FROM \(team.schema).sync_accounts a JOIN \(team.schema).accounts o ON o.id = a.account_id WHERE o.role_name = $1",
                                         [team.alice.username]) == 1)

        // An edit made here goes out at the next pass (Y on the home), with the password typed this run.
        let contacts = PostgresContactsStore(database: try team.aliceDatabase(), accountID: team.alice.id)
        let id = try #require(try contacts.allContactIDs().first { try contacts.contact(id: $0)?.firstName == "Person1" })
        var edited = try #require(try contacts.contact(id: id))
        edited.company = "Analytical Engines"
        #expect(try contacts.update(edited))
        switchboard.coordinator.show(.main)
        press("wait:400ms")
        pump(until: { terminal.text.contains("1 change pending") }) // read off the main loop on a terminal
        #expect(terminal.text.contains("1 change pending"), "\(terminal.text)")
        press("Y")
        pump(until: { !center.activity.value.isRunning })
        #expect(center.activity.value.lastSummary?.contains("↑ 1 sent") == true, "\(center.activity.value)")
        let card = try #require(try phone.multiget(book.url, hrefs: [book.url + "pg-app-1.vcf"]).first)
        #expect(card.vCard.contains("ORG:Analytical Engines"))

        // A conflict kept in the directory: the Conflicts screen lists it, s keeps the server's.
        let sync = PostgresSyncStore(database: try team.aliceDatabase())
        let bookID = try #require(try sync.accounts().first.map { try sync.books(of: $0.id) }?.first?.id)
        var mine = edited
        mine.notes = "mine"
        try sync.recordConflict(book: bookID, contact: id, href: "/x.vcf", kind: .fields, fields: ["notes"], local: mine)
        switchboard.coordinator.show(.syncConflicts)
        pump(until: { terminal.text.contains("Person1") && terminal.text.contains("notes") })
        #expect(terminal.text.contains("Person1"), "\(terminal.text)")
        press("s")
        pump(until: { terminal.text.contains("No conflicts") })
        #expect(terminal.text.contains("Settled"), "\(terminal.text)")
        #expect(try sync.syncConflicts(of: team.alice.id).isEmpty)
    }
}
