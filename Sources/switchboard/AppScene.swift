import TUIKit

/// Puts the app's content into an application's window (shared by every run mode).
@MainActor
enum AppScene {
    static func install(in app: Application) {
        let demo = DemoViewController()
        demo.onQuit = { [unowned app] in app.quit() }
        app.window.rootViewController = NavigationController(rootViewController: demo)
    }
}
