import Foundation
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// The whole app on a virtual screen with a temporary data file.
@MainActor
final class AppHarness {
    let folder: String
    let databasePath: String
    var terminal: VirtualTerminal!
    var app: Application!
    var switchboard: SwitchboardApp!

    init(width: Int = 80, height: Int = 24, deepLink: String? = nil, folder: String? = nil) {
        self.folder = folder ?? NSTemporaryDirectory() + "switchboard-app-" + UUID().uuidString
        databasePath = self.folder + "/switchboard.sqlite3"
        launch(width: width, height: height, deepLink: deepLink)
    }

    /// Starts the app (again) on the same data file, as a restart would.
    func launch(width: Int = 80, height: Int = 24, deepLink: String? = nil) {
        terminal = VirtualTerminal(size: Size(width: width, height: height))
        app = Application(terminal: terminal)
        RedrawCheck.install(on: app)
        var configuration = AppConfiguration(databasePath: databasePath)
        configuration.passwordCost = 1
        configuration.deepLink = deepLink
        configuration.busyTimeoutMilliseconds = 100
        switchboard = SwitchboardApp(application: app, configuration: configuration)
        app.renderFrame()
    }

    func press(_ script: String) {
        try! terminal.enqueue(script: script)
        try! app.run()
    }

    var text: String { terminal.text }
    var lines: [String] { terminal.lines }
    var root: RootViewController { switchboard.rootViewController! }
    var topController: ViewController? { root.currentFlow?.topViewController }

    /// A separate look at the data file.
    func store() -> AccountStore {
        AccountStore(database: try! Database(path: databasePath), hasher: PasswordHasher(cost: 1))
    }

    /// From a fresh start: past the splash, create `ada`, arrive on main.
    func createAccount(_ name: String = "ada", password: String = "analytical") {
        press("wait:900ms C-n wait:400ms \"\(name)\" Enter \"\(password)\" Enter \"\(password)\" Enter wait:400ms")
    }

    deinit {
        let path = folder
        try? FileManager.default.removeItem(atPath: path)
    }
}
