import TUIKit

/// The app on the real terminal.
@MainActor
struct InteractiveRunner {
    func run() throws(TerminalError) {
        let terminal = NcursesTerminal()
        try terminal.start()
        // Colours are known once the terminal runs: none (NO_COLOR, or a terminal without) means monochrome.
        if terminal.colorCount == 0 { Theme.current = .monochrome }
        let app = Application(terminal: terminal)
        AppScene.install(in: app)
        try app.run()
    }
}
