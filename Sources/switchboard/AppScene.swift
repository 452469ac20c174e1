import TUIKit

/// Puts the app's content into an application's window (shared by every run mode).
@MainActor
enum AppScene {
    static func install(in app: Application) {
        let screen = DemoScreenView(frame: app.window.bounds)
        screen.onQuit = { [unowned app] in app.quit() }
        app.window.addSubview(screen)
        screen.pinEdges(to: app.window)
        screen.becomeFirstResponder()
    }
}
