import TUIKit

/// Drives an application on a virtual screen, the way Textual's pilot does:
/// press keys (KEYS syntax), let virtual time pass, read the screen. For tests.
@MainActor
public final class Harness {
    public let terminal: VirtualTerminal
    public let app: Application

    public init(width: Int = 60, height: Int = 16, root: ViewController? = nil) {
        terminal = VirtualTerminal(size: Size(width: width, height: height))
        app = Application(terminal: terminal)
        RedrawCheck.install(on: app)
        if let root { app.window.rootViewController = root }
        app.renderFrame()
    }

    public var window: Window { app.window }

    /// Runs a KEYS script to its end (the final frame is drawn). A malformed script is recorded
    /// as an issue of the test that pressed it.
    public func press(_ script: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        do {
            try terminal.enqueue(script: script)
            try app.run()
        } catch {
            HarnessFailure.record("bad test script \(script): \(error)",
                                  at: HarnessFailure.Place(fileID: fileID, filePath: filePath, line: line, column: column))
        }
    }

    /// Lets virtual time pass.
    public func wait(_ ms: Int, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        press("wait:\(ms)ms", fileID: fileID, filePath: filePath, line: line, column: column)
    }

    public var text: String { terminal.text }
    public var lines: [String] { terminal.lines }
    public func line(_ y: Int) -> String { terminal.lines[y] }
    public var styleMask: [String] { terminal.styleMask.split(separator: "\n").map(String.init) }
}
