import App
import TUIKit

/// The app on the real terminal.
@MainActor
struct InteractiveRunner {
    let scene: AppScene

    /// Runs until the user quits; returns the start-up error, if the app could not start, and the
    /// exit status (128 + the signal after SIGTERM or SIGHUP, the terminal restored by then).
    func run() throws(TerminalError) -> (failure: AppStartupError?, status: Int32) {
        // The app starts its terminal before any other thread: the environment may change for a moment.
        var options = NcursesTerminal.Options()
        options.oneCellScreensFromTheStart = true
        let terminal = NcursesTerminal(options: options)
        try terminal.start()
        // Colours are known once the terminal runs: none (NO_COLOR, or a terminal without) means monochrome.
        if terminal.colorCount == 0 { Theme.current = .monochrome }
        let app = Application(terminal: terminal)
        let running = scene.install(in: app)
        try withExtendedLifetime(running) { () throws(TerminalError) in try app.run() }
        return (running.switchboard.startupError, app.exitReason?.exitStatus ?? 0)
    }
}
