import Components
import TUIKit

/// What the command line (or a test) decides about a run of the app.
public struct AppConfiguration: Sendable {
    /// The SQLite file.
    public var databasePath: String
    /// The wall-clock time (seconds since 1970) at the run loop clock's zero;
    /// nil: now. Everything the app stamps or shows by date is this plus the
    /// run loop's clock, so a test on the virtual clock can fix the day.
    public var wallClockBase: Int64?
    /// The least time the splash shows (`--splash-ms`); nil: the signed-in
    /// user's setting, else 800 ms.
    public var splashDuration: Duration?
    /// yescrypt cost (0: libxcrypt's default; tests use 1).
    public var passwordCost = 0
    /// A link to open once the main flow is reached (`--open`).
    public var deepLink: String?
    /// How long to wait for another program's lock before saying the file is locked.
    public var busyTimeoutMilliseconds: Int32 = 3000
    /// Makes the friends popup's demo view models (the Demo target's; the app
    /// cannot see that target, so the executable hands them in). Without it the
    /// main screen offers the real use-case only.
    public var demoFriendsList: (@MainActor @Sendable (Scheduler) -> FriendsListViewModelProtocol)?

    /// Makes where the data lives, given the clock in seconds; nil: the SQLite
    /// file at `databasePath`. The kiosk hands in its made-up, in-memory one.
    public var makeBackend: (@MainActor @Sendable (_ now: @escaping () -> Int64) -> AppBackend)?

    /// How to leave, as About's key list says it (the kiosk: "^] q", "leave the kiosk").
    public var leaveKeys = (keys: "q", action: "quit")

    /// Whether Settings shows the kiosk's idle timeout (only the kiosk has an
    /// idle timeout; the app shows no row that changes nothing).
    public var showsKioskSettings = false

    public init(databasePath: String) {
        self.databasePath = databasePath
    }
}
