import TUIKit

/// The example app on the real terminal: `swift run tuikit-example`; q quits.
@main
struct TUIKitExample {
    @MainActor
    static func main() throws {
        let terminal = NcursesTerminal()
        try terminal.start()
        let app = Application(terminal: terminal)
        app.window.rootViewController = ExampleListController()
        app.unhandledKeyHandler = { [unowned app] key in
            guard key == .character("q") else { return false }
            app.quit()
            return true
        }
        try app.run()
    }
}
