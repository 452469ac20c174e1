import App
import AppServices
import Demo
import Kiosk
import Storage
import TUIKit

/// What a run shows, from the command line: the app on its data file, or the
/// demo kiosk (shared by the interactive and headless modes).
enum AppScene {
    case app(AppConfiguration)
    case kiosk(Kiosk.Options)

    /// The most each of the interactive app's two connections to a data file keeps in SQLite's
    /// page cache, KiB (SQLite's default is 2,000): a person's screens read a few pages a key, and
    /// a cache that grew over the whole file (the friends popup scrolled over 1,000 friends) was
    /// ~0.2 MB of the app's peak memory; CPU for the pty benchmark's keys the same (issue 52).
    /// Import, export, query and populate keep their own sizes.
    static let interactivePageCacheKiB = 128

    static func make(_ options: CommandLineOptions, environment: [String: String]) throws(UsageError) -> AppScene {
        if let kiosk = options.kiosk { return .kiosk(kiosk) }
        return .app(try configuration(options, environment: environment))
    }

    static func configuration(_ options: CommandLineOptions, environment: [String: String]) throws(UsageError) -> AppConfiguration {
        guard let path = options.databasePath ?? DefaultDataFile.path(environment: environment) else {
            throw .noDataLocation
        }
        let cost = environment["SWITCHBOARD_PASSWORD_COST"].flatMap(Int.init).flatMap { (1...11).contains($0) ? $0 : nil } ?? 0
        // A connection string is a shared directory on a PostgreSQL server (its calls then run off
        // the main loop); anything else is a file, which answers at once but for its searches (read
        // on a connection of their own off the main loop, so a key never waits for one). Headless,
        // time is the script's (virtual): everything answers at once there, so a script replays alike.
        // The app's two connections to a team directory share the member's sign-in of this run.
        let signIn = PostgresSignInCell()
        var configuration = PostgresConnection.isURI(path) && options.mode != .headless
            ? AppConfiguration(sharedDirectory: { now in PostgresDirectory(uri: path, environment: environment, passwordCost: cost, signIn: signIn, now: now) })
            : PostgresConnection.isURI(path)
            ? AppConfiguration(directory: { now in PostgresDirectory(uri: path, environment: environment, passwordCost: cost, signIn: signIn, now: now) })
            : options.mode != .headless
            ? AppConfiguration(file: { now in SQLiteDirectory(path: path, passwordCost: cost, pageCacheKiB: Self.interactivePageCacheKiB, now: now) })
            : AppConfiguration(directory: { now in SQLiteDirectory(path: path, passwordCost: cost, now: now) })
        configuration.splashDuration = options.splashMilliseconds.map { .milliseconds($0) }
        configuration.deepLink = options.deepLink
        configuration.demoFriendsList = { scheduler in FriendsListDemo.makeViewModel(scheduler: scheduler) }
        configuration.interchange = { AppInterchange() }
        configuration.noColorIsSet = !(environment["NO_COLOR"] ?? "").isEmpty
        // Sync runs in a child process of this very program (`switchboard sync --progress …`):
        // libcurl, libxml2 and the sync's memory never come into the app's own.
        configuration.syncProcesses = syncProcesses(executable: "/proc/self/exe", path: path, signIn: signIn)
        return configuration
    }

    /// The app's `switchboard sync` children on `path`. On a shared directory the child gets the
    /// connection string without its password (`ps` shows a child's arguments), and the member's
    /// sign-in — the one typed at Log In this run, else the string's own user and password — as
    /// the first line of its standard input (libpq's own places, `~/.pgpass` and `PGPASSWORD`,
    /// reach it as they reach the app).
    static func syncProcesses(executable: String, path: String,
                              signIn: PostgresSignInCell) -> @MainActor @Sendable (Scheduler) -> any SyncProcessStarting {
        guard PostgresConnection.isURI(path) else {
            return { scheduler in ChildSyncProcesses(executable: executable, commonArguments: ["--db", path], scheduler: scheduler) }
        }
        let stripped = PostgresConnection.withoutPassword(path)
        return { scheduler in
            let child = ChildSyncProcesses(executable: executable, commonArguments: ["--db", stripped.conninfo], scheduler: scheduler)
            child.inputPrefix = {
                if let typed = signIn.signIn { return typed.role + "\t" + typed.password + "\n" }
                if let password = stripped.password { return (stripped.user ?? "") + "\t" + password + "\n" }
                return "\n"
            }
            return child
        }
    }

    /// The scene, running in `application` (kept alive as long as the result is).
    @MainActor
    func install(in application: Application) -> Running {
        switch self {
        case .app(let configuration):
            return Running(switchboard: SwitchboardApp(application: application, configuration: configuration), kiosk: nil)
        case .kiosk(let options):
            let kiosk = Kiosk(application: application, options: options)
            return Running(switchboard: kiosk.switchboard, kiosk: kiosk)
        }
    }

    /// A scene in an application.
    @MainActor
    struct Running {
        let switchboard: SwitchboardApp
        let kiosk: Kiosk?
    }
}
