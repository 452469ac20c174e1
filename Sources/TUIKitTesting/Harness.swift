import TUIKit

/// Drives an application on a virtual screen, the way Textual's pilot does:
/// press keys (KEYS syntax), let virtual time pass, read the screen. For tests.
///
/// ```swift
/// @Test @MainActor func enterGreets() {
///     let harness = Harness(width: 40, height: 10, root: ExampleFormController())
///     harness.press("\"Ada\" Enter")
///     #expect(harness.text.contains("Hello, Ada!"))
///     harness.wait(500)                       // virtual time: no sleeping
/// }
/// ```
@MainActor
public final class Harness {
    /// The virtual screen the app draws on.
    public let terminal: VirtualTerminal
    /// The application under test.
    public let app: Application

    /// An app on a virtual screen of `width` × `height` with `root` as the window's root controller, drawn once; every frame is checked against a redraw from scratch.
    public init(width: Int = 60, height: Int = 16, root: ViewController? = nil) {
        terminal = VirtualTerminal(size: Size(width: width, height: height))
        app = Application(terminal: terminal)
        RedrawCheck.install(on: app)
        if let root { app.window.rootViewController = root }
        app.renderFrame()
    }

    /// The app's window.
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

    /// The screen as text, one line per row.
    public var text: String { terminal.text }
    /// The screen's rows as text.
    public var lines: [String] { terminal.lines }
    /// Row `y` of the screen as text.
    public func line(_ y: Int) -> String { terminal.lines[y] }
    /// The screen's styles, one string per row (see `VirtualTerminal.styleMask`).
    public var styleMask: [String] { terminal.styleMask.split(separator: "\n").map(String.init) }
}
