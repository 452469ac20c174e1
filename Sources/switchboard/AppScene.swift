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

    static func make(_ options: CommandLineOptions, environment: [String: String]) throws(UsageError) -> AppScene {
        if let kiosk = options.kiosk { return .kiosk(kiosk) }
        return .app(try configuration(options, environment: environment))
    }

    static func configuration(_ options: CommandLineOptions, environment: [String: String]) throws(UsageError) -> AppConfiguration {
        guard let path = options.databasePath ?? DatabaseLocation.defaultPath(environment: environment) else {
            throw .noDataLocation
        }
        let cost = environment["SWITCHBOARD_PASSWORD_COST"].flatMap(Int.init).flatMap { (1...11).contains($0) ? $0 : nil } ?? 0
        // A connection string is a shared directory on a PostgreSQL server (its calls then run off
        // the main loop); anything else is a file, which answers at once. Headless, time is the
        // script's (virtual): a server's calls answer at once there too, so a script replays alike.
        // The app's two connections to a team directory share the member's sign-in of this run.
        let signIn = PostgresSignInCell()
        var configuration = PostgresConnection.isURI(path) && options.mode != .headless
            ? AppConfiguration(sharedDirectory: { now in PostgresDirectory(uri: path, environment: environment, passwordCost: cost, signIn: signIn, now: now) })
            : PostgresConnection.isURI(path)
            ? AppConfiguration(directory: { now in PostgresDirectory(uri: path, environment: environment, passwordCost: cost, signIn: signIn, now: now) })
            : AppConfiguration(directory: { now in SQLiteDirectory(path: path, passwordCost: cost, now: now) })
        configuration.splashDuration = options.splashMilliseconds.map { .milliseconds($0) }
        configuration.deepLink = options.deepLink
        configuration.demoFriendsList = { scheduler in FriendsListDemo.makeViewModel(scheduler: scheduler) }
        configuration.interchange = { AppInterchange() }
        configuration.noColorIsSet = !(environment["NO_COLOR"] ?? "").isEmpty
        if !PostgresConnection.isURI(path) {
            // Sync runs in a child process of this very program (`switchboard sync --progress …`):
            // libcurl, libxml2 and the sync's memory never come into the app's own.
            configuration.syncProcesses = { scheduler in
                ChildSyncProcesses(executable: "/proc/self/exe", commonArguments: ["--db", path], scheduler: scheduler)
            }
        }
        return configuration
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
