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

/// Records the lifecycle calls a controller gets, in order, into a shared log.
@MainActor
final class LifecycleLog {
    var entries: [String] = []
}

@MainActor
class LoggingViewController: ViewController {
    let name: String
    let log: LifecycleLog
    init(_ name: String, log: LifecycleLog, title: String? = nil) {
        self.name = name
        self.log = log
        super.init()
        self.title = title ?? name
    }
    override func loadView() { log.entries.append("\(name).loadView"); view = Label("Screen \(name)") }
    override func viewDidLoad() { log.entries.append("\(name).viewDidLoad") }
    override func viewWillAppear() { log.entries.append("\(name).viewWillAppear") }
    override func viewDidAppear() { log.entries.append("\(name).viewDidAppear") }
    override func viewWillDisappear() { log.entries.append("\(name).viewWillDisappear") }
    override func viewDidDisappear() { log.entries.append("\(name).viewDidDisappear") }
    override func willMove(toParent parent: ViewController?) {
        log.entries.append("\(name).willMove(\(parent == nil ? "nil" : "parent"))")
    }
    override func didMove(toParent parent: ViewController?) {
        log.entries.append("\(name).didMove(\(parent == nil ? "nil" : "parent"))")
    }
}
