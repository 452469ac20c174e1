import AppServices
import Components
import TUIKit

/// What the command line (or a test) decides about a run of the app.
public struct AppConfiguration: Sendable {
    /// The wall-clock time (seconds since 1970) at the run loop clock's zero;
    /// nil: now. Everything the app stamps or shows by date is this plus the
    /// run loop's clock, so a test on the virtual clock can fix the day.
    public var wallClockBase: Int64?
    /// The least time the splash shows (`--splash-ms`); nil: the signed-in
    /// user's setting, else 800 ms.
    public var splashDuration: Duration?
    /// A link to open once the main flow is reached (`--open`).
    public var deepLink: String?
    /// Makes the friends popup's demo view models (the Demo target's; the app
    /// cannot see that target, so the executable hands them in). Without it the
    /// main screen offers the real use-case only.
    public var demoFriendsList: (@MainActor @Sendable (Scheduler) -> FriendsListViewModelProtocol)?
    /// How many friends the demo friends list holds, where its count holds still (the kiosk's):
    /// Main shows it beside "F Friends" as the real app shows the user's. nil: no count.
    public var demoFriendsCount: Int?
    /// Makes the activity feed's demo view model (the Demo target's), for a demo's made-up data
    /// (`SignInKind.demo`, the kiosk): its feed and the home's newest entries are made up too.
    public var demoActivityFeed: (@MainActor @Sendable () -> ActivityFeedViewModelProtocol)?

    /// Puts the app on where the data lives, given the wall clock in seconds: the command
    /// line's choice of store (App cannot see Storage), or the kiosk's made-up data in memory.
    var makeBackend: @MainActor @Sendable (_ now: @escaping () -> Int64) -> StoreBackend

    /// Import… and Export… on the contacts screen (the executable's, which sees the Interchange
    /// and Storage targets); nil: the screen does not offer them (the kiosk).
    public var interchange: (@MainActor @Sendable () -> any ContactsInterchange)?

    /// How to leave, as About's key list says it (the kiosk: "^] q", "leave the kiosk").
    public var leaveKeys = (keys: "q", action: "quit")

    /// Whether `NO_COLOR` is set (the executable reads the environment): on a screen without
    /// colours, Settings then says that is why the theme is monochrome.
    public var noColorIsSet = false
    /// Runs another program with the terminal handed over (a card's Compose, Open link); the
    /// tests give a recorder.
    public var runProgram: ProgramRunner = { ExternalProgram.run($0) }
    /// Whether a program is installed (on `PATH`), asked before one is run; the tests give their answer.
    public var findsProgram: ProgramFinder = { ExternalProgram.isInstalled($0) }

    /// Starts `switchboard sync …` child processes for the app's background sync (the executable's:
    /// its own program on the data file); nil: the app offers no sync (the kiosk, a team directory).
    public var syncProcesses: (@MainActor @Sendable (Scheduler) -> any SyncProcessStarting)?

    /// Whether Settings shows the kiosk's idle timeout (only the kiosk has an
    /// idle timeout; the app shows no row that changes nothing).
    public var showsKioskSettings = false

    /// A run on the backend `makeBackend` makes (tests give a directory work of their own).
    init(backend makeBackend: @escaping @MainActor @Sendable (_ now: @escaping () -> Int64) -> StoreBackend) {
        self.makeBackend = makeBackend
    }

    /// A run on the data directory `makeDirectory` makes (not opened yet), whose calls answer at
    /// once (a file, memory).
    public init(directory makeDirectory: @escaping @MainActor @Sendable (_ now: @escaping () -> Int64) -> any DataDirectory) {
        self.init(backend: { now in StoreBackend(directory: makeDirectory(now), now: now) })
    }

    /// A run on a data file whose searches are read on a thread of their own: `makeDirectory` is
    /// called twice, for the main loop and for the thread's connection (reading only), so a key is
    /// on screen before its search has answered.
    public init(file makeDirectory: @escaping @MainActor @Sendable (_ now: @escaping () -> Int64) -> any DataDirectory) {
        self.init(backend: { now in StoreBackend(directory: makeDirectory(now), readingDirectory: makeDirectory(now), now: now) })
    }

    /// A run on a directory reached over the network (a PostgreSQL server): `makeDirectory`
    /// is called twice, for the main loop and for the thread that runs the contacts list's
    /// reads and the forms' writes, so the screen never waits on the server; a lost
    /// connection shows a banner and is tried again with back-off.
    public init(sharedDirectory makeDirectory: @escaping @MainActor @Sendable (_ now: @escaping () -> Int64) -> any DataDirectory) {
        self.init(backend: { now in StoreBackend(directory: makeDirectory(now), offMainDirectory: makeDirectory(now), now: now) })
    }
}
