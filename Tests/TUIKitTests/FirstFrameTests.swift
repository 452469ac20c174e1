import Testing
@testable import TUIKit
import TUIKitTesting

/// `Application.drawsBeforeFirstTurn`: false, a screen that the first turn's due timers replace
/// at once (a splash of no length) never reaches the terminal; by default it is drawn first (issue 52).
@MainActor
@Suite("The first frame of a run")
struct FirstFrameTests {
    /// The screens the terminal showed while a run shows "splash" and a timer due at once puts "home" there.
    func screensShown(drawsBeforeFirstTurn: Bool) throws -> [String] {
        let terminal = VirtualTerminal(size: Size(width: 10, height: 2))
        let app = Application(terminal: terminal)
        app.minimumSize = Size(width: 1, height: 1) // a tiny screen
        let label = Label("splash")
        label.frame = Rect(x: 0, y: 0, width: 10, height: 1)
        app.window.addSubview(label)
        app.scheduler.after(.zero) { label.text = "home" }
        app.drawsBeforeFirstTurn = drawsBeforeFirstTurn
        var shown: [String] = []
        terminal.onFrame = { t in
            let screen = t.text.contains("home") ? "home" : t.text.contains("splash") ? "splash" : "blank"
            if shown.last != screen { shown.append(screen) }
        }
        try terminal.enqueue(script: "wait:10ms")
        try app.run()
        return shown
    }

    @Test func theScreenATimerReplacesAtOnceIsNotDrawnWhenAsked() throws {
        #expect(try screensShown(drawsBeforeFirstTurn: false) == ["home"])
    }

    @Test func byDefaultTheFirstScreenIsDrawnBeforeTheTimersRun() throws {
        #expect(try screensShown(drawsBeforeFirstTurn: true) == ["splash", "home"])
    }
}
