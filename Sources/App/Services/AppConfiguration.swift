/// What the command line (or a test) decides about a run of the app.
public struct AppConfiguration: Sendable {
    /// The SQLite file.
    public var databasePath: String
    /// The least time the splash shows (`--splash-ms`).
    public var splashDuration: Duration = .milliseconds(800)
    /// yescrypt cost (0: libxcrypt's default; tests use 1).
    public var passwordCost = 0
    /// A link to open once the main flow is reached (`--open`).
    public var deepLink: String?
    /// How long to wait for another program's lock before saying the file is locked.
    public var busyTimeoutMilliseconds: Int32 = 3000

    public init(databasePath: String) {
        self.databasePath = databasePath
    }
}
