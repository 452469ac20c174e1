import App
import TUIKit

/// The app on the real terminal.
@MainActor
struct InteractiveRunner {
    let configuration: AppConfiguration

    /// Runs until the user quits; returns the start-up error, if the app could not start.
    func run() throws(TerminalError) -> AppStartupError? {
        let terminal = NcursesTerminal()
        try terminal.start()
        // Colours are known once the terminal runs: none (NO_COLOR, or a terminal without) means monochrome.
        if terminal.colorCount == 0 { Theme.current = .monochrome }
        let app = Application(terminal: terminal)
        let switchboard = SwitchboardApp(application: app, configuration: configuration)
        try app.run()
        return switchboard.startupError
    }
}
