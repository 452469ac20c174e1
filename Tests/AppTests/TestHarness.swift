@testable import TUIKit

/// Drives an application on a virtual screen, the way Textual's pilot does:
/// press keys (KEYS syntax), let virtual time pass, read the screen.
@MainActor
final class Harness {
    let terminal: VirtualTerminal
    let app: Application

    init(width: Int = 60, height: Int = 16, root: ViewController? = nil) {
        terminal = VirtualTerminal(size: Size(width: width, height: height))
        app = Application(terminal: terminal)
        if let root { app.window.rootViewController = root }
        app.renderFrame()
    }

    var window: Window { app.window }

    /// Runs a KEYS script to its end (the final frame is drawn).
    func press(_ script: String) {
        try! terminal.enqueue(script: script)
        try! app.run()
    }

    /// Lets virtual time pass.
    func wait(_ ms: Int) { press("wait:\(ms)ms") }

    var text: String { terminal.text }
    var lines: [String] { terminal.lines }
    func line(_ y: Int) -> String { terminal.lines[y] }
    var styleMask: [String] { terminal.styleMask.split(separator: "\n").map(String.init) }
}

