import AppServices
import CardDAV
import Foundation
import Storage
import TestSupport
import Testing
@testable import App
@testable import TUIKit

/// The app's sync through the real child process: the built `switchboard` started by
/// `ChildSyncProcesses` (posix_spawn), its `--progress` lines read through the run loop's watch
/// of the pipe, the typed password on its standard input. Against the real Radicale: set up from
/// the form, the first sync, an edit that reaches the server at the next sync.
@MainActor
@Suite(.serialized)
struct SyncInTheAppTests {
    /// The built executable beside the test bundle.
    static var executable: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("switchboard").path
    }

    /// The app on a virtual screen, on a data file with ada signed in, syncing through real child processes.
    @MainActor final class Running {
        let folder = TempFolder("sync-app")
        let terminal = VirtualTerminal(size: Size(width: 100, height: 30))
        let app: Application
        let switchboard: SwitchboardApp
        var path: String { folder.file("data.sqlite3") }

        init() throws {
            let path = folder.file("data.sqlite3")
            let db = try SQLiteDatabase(path: path)
            let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
            let ada = try accounts.createAccount(username: "ada", password: "analytical", now: 1)
            try accounts.signIn(accountID: ada.id, now: 2)
            app = Application(terminal: terminal)
            var configuration = AppConfiguration(directory: { now in SQLiteDirectory(path: path, passwordCost: 1, now: now) })
            configuration.syncProcesses = { scheduler in
                ChildSyncProcesses(executable: SyncInTheAppTests.executable, commonArguments: ["--db", path], scheduler: scheduler)
            }
            switchboard = SwitchboardApp(application: app, configuration: configuration)
            app.renderFrame()
            press("wait:1s")
        }

        func press(_ script: String) {
            try? terminal.enqueue(script: script)
            try? app.run()
        }

        /// Runs the loop until `done` (the child's pipe is waited on with poll(2), not a sleep).
        func pump(until done: () -> Bool, seconds: Int = 180) {
            let deadline = ContinuousClock.now + .seconds(seconds)
            while !done() && ContinuousClock.now < deadline {
                var fds = app.scheduler.watchedDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                _ = poll(&fds, nfds_t(fds.count), 100)
                press("wait:30ms")
            }
        }

        var center: SyncCenter? { switchboard.syncCenter }
        var top: ViewController? { switchboard.coordinator.navigationController?.topViewController }
    }

    @Test func theChildsErrorAndExitComeThroughThePipe() throws {
        let running = try Running()
        let center = try #require(running.center)
        center.activity.value.accounts = [SyncAccountStatus(id: 1, url: "http://127.0.0.1:1/", username: "alice", hasPasswordCommand: true)]
        center.syncNow() // no account in the file: the child says so and exits 1
        running.pump(until: { !center.activity.value.isRunning })
        #expect(center.activity.value.lastError?.contains("no CardDAV account is set up") == true, "\(center.activity.value)")
        #expect(!center.activity.value.isRunning)
    }

    @Test(.enabled(if: SyncTestServer.isAvailable, "needs SWITCHBOARD_TEST_CARDDAV_URL (.ci/carddav start DIR; .ci/run starts one)"))
    func setUpFromTheAppSyncAndAnEditReachesTheServer() throws {
        let base = try #require(SyncTestServer.url)
        let book = try SyncTestServer.freshAddressBook(on: base)
        let phone = try SyncTestServer.client()
        for i in 0..<120 {
            try phone.put(SyncFixture.card(uid: "app-\(i)", first: "Person\(i)", last: "Sample"), at: book.url + "app-\(i).vcf", replacing: nil)
        }
        let running = try Running()
        let center = try #require(running.center)
        running.switchboard.coordinator.show(.syncSetup)
        running.press("wait:400ms")
        let form = try #require(running.top as? SyncSetupViewController)
        running.press("\"\(base)\" Enter \"alice\" Enter \"\(SyncTestServer.password)\" Enter Enter Enter")
        running.pump(until: { !form.isWaiting })
        try #require(form.message.isEmpty || !form.message.hasPrefix("Not added"), "\(form.message)")
        if form.found.count > 1 {
            let index = try #require(form.found.firstIndex { $0.url == book.url })
            running.press(Array(repeating: "Down", count: index).joined(separator: " ") + " Enter")
        }
        running.pump(until: { !form.isWaiting && center.activity.value.isSetUp && !center.activity.value.isRunning })
        let account = try #require(center.activity.value.accounts.first, "\(form.message) \(form.found) \(running.terminal.text)")
        #expect(account.books.map(\.url) == [book.url] && !account.hasPasswordCommand)
        #expect(account.lastError == nil, "\(account)")
        #expect(account.books.first?.contacts == 120)
        #expect(center.activity.value.lastSummary?.hasPrefix("↓ 120 new") == true, "\(center.activity.value)")
        // The typed password is in no file and no argument: the data file has no trace of it.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: running.path)) + ((try? Data(contentsOf: URL(fileURLWithPath: running.path + "-wal"))) ?? Data())
        #expect(bytes.range(of: Data(SyncTestServer.password.utf8)) == nil)

        // An edit here goes out at the next pass (the key on the home), with the password kept for this run.
        let db = try SQLiteDatabase(path: running.path)
        let contacts = SQLiteContactsStore(database: db, accountID: 1)
        let found = try #require(try contacts.contacts(matching: "Person7", offset: 0, limit: 20).first)
        var edited = try #require(try contacts.contact(id: found.id))
        #expect(edited.firstName == "Person7")
        edited.company = "Analytical Engines"
        #expect(try contacts.update(edited))
        running.switchboard.coordinator.show(.main)
        running.press("wait:400ms")
        #expect(running.terminal.text.contains("1 change pending"), "\(running.terminal.text)")
        running.press("Y")
        running.pump(until: { !center.activity.value.isRunning })
        #expect(center.activity.value.lastSummary?.contains("↑ 1 sent") == true, "\(center.activity.value)")
        let card = try #require(try phone.multiget(book.url, hrefs: [book.url + "app-7.vcf"]).first)
        #expect(card.vCard.contains("ORG:Analytical Engines"))
    }
}
