import AppServices
import Testing
@testable import App
@testable import Storage

/// The set-up the off-the-main-loop suites share (`OffMainLoopTests`, `OffMainScreensTests`,
/// `OffMainAccountScreensTests`): a harness whose store calls are jobs on `work`, run only when
/// the test says, on `outage`, a directory that goes down on command; the main loop's directory
/// (`main`) is an `OutageDirectory` too, to count what reaches it.
@MainActor
final class OffMainSetup {
    let work = ManualDirectoryWork()
    /// The directory the jobs use.
    var outage: OutageDirectory?
    /// The main loop's directory.
    var main: OutageDirectory?
    var backend: StoreBackend?

    /// A harness on this set-up; nothing has run yet (`start` runs the splash's start-up).
    func harness(width: Int = 80, height: Int = 24, interchange: (any ContactsInterchange)? = nil) -> AppHarness {
        AppHarness(width: width, height: height, interchange: interchange, backend: { [self] path, now in
            let outage = OutageDirectory(path: path, now: now)
            let main = OutageDirectory(path: path, now: now)
            self.outage = outage
            self.main = main
            work.directory = outage
            let backend = StoreBackend(directory: main, work: work, now: now)
            self.backend = backend
            return backend
        })
    }

    /// The splash's start-up: the work's own directory opens as its first job.
    func start(_ h: AppHarness) {
        h.press("wait:10ms")
        work.runNext()
    }

    /// Makes ada and signs in through the work, then waits for the home.
    func signUp(_ h: AppHarness) {
        h.createAccount()
        work.runNext() // the account is made through the work (off the main loop on a server)…
        work.runNext() // …and its settings read; then the home comes
        h.press("wait:400ms")
    }

    /// Adds `contacts` to ada's book in the file behind the directories, the first `friends` of them friends.
    func add(_ contacts: [(String, String)], friends: Int = 0, to h: AppHarness) throws {
        guard !contacts.isEmpty else { return }
        let db = try SQLiteDatabase(path: h.databasePath)
        let ada = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: ada.id)
        for (index, (first, last)) in contacts.enumerated() {
            _ = try store.add(ContactRecord(firstName: first, lastName: last, isFriend: index < friends))
        }
    }
}
