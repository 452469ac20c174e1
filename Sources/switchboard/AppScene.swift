import App
import Demo
import Storage
import TUIKit

/// Turns the command line into the app's configuration (shared by every run mode).
enum AppScene {
    static func configuration(_ options: CommandLineOptions, environment: [String: String]) throws(UsageError) -> AppConfiguration {
        guard let path = options.databasePath ?? DatabaseLocation.defaultPath(environment: environment) else {
            throw .noDataLocation
        }
        var configuration = AppConfiguration(databasePath: path)
        configuration.splashDuration = options.splashMilliseconds.map { .milliseconds($0) }
        configuration.deepLink = options.deepLink
        configuration.demoFriendsList = { scheduler in FriendsListDemo.makeViewModel(scheduler: scheduler) }
        if let cost = environment["SWITCHBOARD_PASSWORD_COST"].flatMap(Int.init), (1...11).contains(cost) {
            configuration.passwordCost = cost
        }
        return configuration
    }
}
