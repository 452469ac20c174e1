import AppServices
import TestSupport
import Foundation
import Testing
import Demo
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// The whole app on a virtual screen with a temporary data file.
@MainActor
final class AppHarness {
    let folder: String
    /// The harness's own folder (removed with the harness; kept empty when `folder` was given).
    private let ownFolder: TempFolder
    let databasePath: String
    var terminal: VirtualTerminal!
    var app: Application!
    var switchboard: SwitchboardApp!

    /// With `demoFriends`, the main menu offers the popup on the Demo target's made-up friends too (as the app does).
    var demoFriends = false

    /// Makes the app's backend on the data file (nil: a `StoreBackend` on it, as the app does).
    let makeBackend: (@MainActor @Sendable (_ path: String, _ now: @escaping () -> Int64) -> StoreBackend)?
    /// A screen without colours because `NO_COLOR` is set (the terminal reports none; the app is told why).
    var noColor = false
    /// The symbols the virtual screen says it shows (`.console`: as the Linux console; `.unicode` by default).
    var glyphs: Glyphs = .unicode
    /// The attributes it says it shows (a VT100 has neither dim nor italic).
    var shownAttributes: TextAttributes = [.bold, .dim, .italic, .underline, .reverse]

    /// Import… and Export… (nil: the screens say they are not there, as App alone does).
    let interchange: (any ContactsInterchange)?
    /// Runs the card's other programs (nil: the real ones).
    let runProgram: ProgramRunner?
    /// Whether a program is installed (nil: every program is, where `runProgram` records them; else the real look on PATH).
    let findsProgram: ProgramFinder?
    /// Starts the sync child processes (nil: the app offers no sync, as App alone does).
    let syncProcesses: (@MainActor @Sendable (Scheduler) -> any SyncProcessStarting)?
    /// What the app sets for the whole process (its theme, its symbols, its animations), as they
    /// were before it started: put back when the harness goes, so a test without colours does not
    /// leave the next test (a TUIKit one, which starts no app) drawing in monochrome.
    private let globalsBefore = (theme: Theme.current, glyphs: Glyphs.current, animations: Animator.animationsEnabled)

    init(width: Int = 80, height: Int = 24, deepLink: String? = nil, folder: String? = nil, demoFriends: Bool = false,
         noColor: Bool = false, interchange: (any ContactsInterchange)? = nil, runProgram: ProgramRunner? = nil,
         findsProgram: ProgramFinder? = nil, glyphs: Glyphs = .unicode,
         shownAttributes: TextAttributes = [.bold, .dim, .italic, .underline, .reverse],
         syncProcesses: (@MainActor @Sendable (Scheduler) -> any SyncProcessStarting)? = nil,
         backend: (@MainActor @Sendable (_ path: String, _ now: @escaping () -> Int64) -> StoreBackend)? = nil) {
        self.demoFriends = demoFriends
        self.noColor = noColor
        self.glyphs = glyphs
        self.shownAttributes = shownAttributes
        self.interchange = interchange
        self.runProgram = runProgram
        self.findsProgram = findsProgram
        self.syncProcesses = syncProcesses
        makeBackend = backend
        let temp = TempFolder("app")
        ownFolder = temp
        self.folder = folder ?? temp.path
        databasePath = self.folder + "/switchboard.sqlite3"
        launch(width: width, height: height, deepLink: deepLink)
    }

    isolated deinit {
        Theme.current = globalsBefore.theme
        Glyphs.current = globalsBefore.glyphs
        Animator.animationsEnabled = globalsBefore.animations
    }

    /// Starts the app (again) on the same data file, as a restart would.
    func launch(width: Int = 80, height: Int = 24, deepLink: String? = nil) {
        terminal = VirtualTerminal(size: Size(width: width, height: height), colorCount: noColor ? 0 : 256)
        terminal.glyphs = glyphs
        terminal.shownAttributes = shownAttributes
        app = Application(terminal: terminal)
        RedrawCheck.install(on: app)
        let path = databasePath
        var configuration = AppConfiguration(directory: { now in
            SQLiteDirectory(path: path, passwordCost: 1, busyTimeoutMilliseconds: 100, now: now)
        })
        if let makeBackend { configuration.makeBackend = { now in makeBackend(path, now) } }
        configuration.deepLink = deepLink
        configuration.noColorIsSet = noColor
        configuration.wallClockBase = Self.noon // the day is fixed: Today is today whenever the tests run
        if let interchange { configuration.interchange = { interchange } }
        if let runProgram { configuration.runProgram = runProgram; configuration.findsProgram = findsProgram ?? { _ in true } }
        if let findsProgram { configuration.findsProgram = findsProgram }
        configuration.syncProcesses = syncProcesses
        if demoFriends { configuration.demoFriendsList = { FriendsListDemo.makeViewModel(scheduler: $0) } }
        switchboard = SwitchboardApp(application: app, configuration: configuration)
        app.renderFrame()
    }

    /// 2026-09-21 12:00 UTC: where the harness's wall clock starts.
    static let noon: Int64 = 1_789_992_000

    /// Runs a KEYS script to its end; a malformed one is recorded as an issue of the test that pressed it.
    func press(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try terminal.enqueue(script: script)
            try app.run()
        } catch {
            Issue.record("bad test script \(script): \(error)", sourceLocation: sourceLocation)
        }
    }

    var text: String { terminal.text }
    var lines: [String] { terminal.lines }
    var root: RootViewController { switchboard.rootViewController! }
    var topController: ViewController? { root.currentFlow?.topViewController }

    /// A separate look at the data file.
    func store() throws -> SQLiteAccountStore {
        SQLiteAccountStore(database: try SQLiteDatabase(path: databasePath), hasher: PasswordHasher(cost: 1))
    }

    /// A fresh start signed in as ada, on the contact list.
    static func onContactList(width: Int = 80, height: Int = 24) -> AppHarness {
        let h = AppHarness(width: width, height: height)
        h.createAccount()
        h.press("Down Enter wait:400ms")
        return h
    }

    /// ada's contacts as stored in the data file (the first `limit` in the list's order), read
    /// through a connection of their own.
    func storedContacts(limit: Int = 100) throws -> [ContactRecord] {
        let db = try SQLiteDatabase(path: databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: account.id)
        return try store.contacts(matching: "", offset: 0, limit: limit).compactMap { try store.contact(id: $0.id) }
    }

    /// From a fresh start: past the splash, create `ada`, arrive on main.
    func createAccount(_ name: String = "ada", password: String = "analytical") {
        press("wait:900ms C-n wait:400ms \"\(name)\" Enter \"\(password)\" Enter \"\(password)\" Enter wait:400ms")
    }
}
