import TUIKit

/// The app on the real terminal.
@MainActor
struct InteractiveRunner {
    func run() throws(TerminalError) {
        let terminal = NcursesTerminal()
        let app = Application(terminal: terminal)
        AppScene.install(in: app)
        try app.run()
    }
}
