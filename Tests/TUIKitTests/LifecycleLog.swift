@testable import TUIKit

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
