import Testing
@testable import TUIKit
import TUIKitTesting

/// A focusable view that records the keys it gets.
@MainActor
final class KeyRecorder: View {
    var keys: [Key] = []
    var clicks: [Point] = []
    var pastes: [String] = []
    override var canBecomeFirstResponder: Bool { true }
    override func handleKey(_ key: Key) -> Bool {
        if key == .tab || key == .backTab { return false }
        if case .ctrl = key { return false }
        keys.append(key)
        return true
    }
    override func handlePaste(_ text: String) -> Bool { pastes.append(text); return true }
    override func mouseDown(at point: Point) -> Bool { clicks.append(point); return true }
}

@MainActor
@Suite("Run loop, timers and input")
struct RunLoopTests {
    @Test func timersFireOnTheVirtualClockInOrder() throws {
        let terminal = VirtualTerminal(size: Size(width: 10, height: 2))
        let app = Application(terminal: terminal)
        app.minimumSize = Size(width: 1, height: 1) // these tests use tiny screens
        var fired: [String] = []
        app.scheduler.after(.milliseconds(300)) { fired.append("300@\(terminal.clock.now.milliseconds)") }
        app.scheduler.after(.milliseconds(100)) { fired.append("100@\(terminal.clock.now.milliseconds)") }
        var ticks = 0
        let repeating = app.scheduler.every(.milliseconds(250)) { _ in ticks += 1 }
        try terminal.enqueue(script: "wait:200ms")
        try app.run()
        #expect(fired == ["100@100"])
        try terminal.enqueue(script: "wait:1s")
        try app.run()
        #expect(fired == ["100@100", "300@300"])
        #expect(ticks == 4) // 250, 500, 750, 1000
        #expect(terminal.clock.now == .milliseconds(1200))
        repeating.cancel()
        try terminal.enqueue(script: "wait:1s")
        try app.run()
        #expect(ticks == 4)
    }

    @Test func noTimePassesWithoutAWait() throws {
        let terminal = VirtualTerminal(size: Size(width: 10, height: 2))
        let app = Application(terminal: terminal)
        app.minimumSize = Size(width: 1, height: 1) // these tests use tiny screens
        var fired = false
        app.scheduler.after(.milliseconds(1)) { fired = true }
        try terminal.enqueue(script: "a b c")
        try app.run()
        #expect(!fired)
        #expect(terminal.clock.now == .zero)
    }

    @Test func keysGoToTheFirstResponderThenUpTheChain() throws {
        let terminal = VirtualTerminal(size: Size(width: 20, height: 5))
        let app = Application(terminal: terminal)
        app.minimumSize = Size(width: 1, height: 1) // these tests use tiny screens
        let container = View()
        app.window.addSubview(container)
        let recorder = KeyRecorder()
        container.addSubview(recorder)
        recorder.frame = Rect(x: 0, y: 0, width: 5, height: 1)
        #expect(recorder.becomeFirstResponder())
        var commandRan = false
        final class Parent: View {
            var onX: (() -> Void)?
            override var keyCommands: [KeyCommand] { [KeyCommand(.ctrl("x"), title: "Cut") { self.onX?() }] }
        }
        let parent = Parent()
        parent.onX = { commandRan = true }
        app.window.addSubview(parent)
        parent.addSubview(recorder)
        try terminal.enqueue(script: #""hé" Enter C-x"#)
        try app.run()
        #expect(recorder.keys == [.character("h"), .character("é"), .enter])
        #expect(commandRan) // C-x bubbled up from the recorder to its superview's command
        #expect(parent.keyCommandsInChain.map(\.title) == ["Cut"])
        #expect(recorder.keyCommandsInChain.map(\.title) == ["Cut"])
    }

    @Test func tabCyclesFocusAndClicksFocus() throws {
        let terminal = VirtualTerminal(size: Size(width: 20, height: 5))
        let app = Application(terminal: terminal)
        app.minimumSize = Size(width: 1, height: 1) // these tests use tiny screens
        let a = KeyRecorder(), b = KeyRecorder(), c = KeyRecorder()
        for (i, v) in [a, b, c].enumerated() {
            app.window.addSubview(v)
            v.frame = Rect(x: 0, y: i, width: 10, height: 1)
        }
        try terminal.enqueue(script: "Tab")
        try app.run()
        #expect(app.window.firstResponder === a)
        try terminal.enqueue(script: "Tab Tab Tab")
        try app.run()
        #expect(app.window.firstResponder === a)
        try terminal.enqueue(script: "S-Tab")
        try app.run()
        #expect(app.window.firstResponder === c)
        try terminal.enqueue(script: "click:3,1")
        try app.run()
        #expect(app.window.firstResponder === b)
        #expect(b.clicks == [Point(x: 3, y: 0)])
    }

    @Test func pasteArrivesInOnePiece() throws {
        let terminal = VirtualTerminal(size: Size(width: 20, height: 5))
        let app = Application(terminal: terminal)
        app.minimumSize = Size(width: 1, height: 1) // these tests use tiny screens
        let r = KeyRecorder()
        app.window.addSubview(r)
        r.becomeFirstResponder()
        terminal.enqueue(.paste("two\nlines"))
        try app.run()
        #expect(r.pastes == ["two\nlines"])
    }

    @Test func ctrlCQuitsUnlessSomeoneTakesIt() throws {
        let terminal = VirtualTerminal(size: Size(width: 10, height: 2))
        let app = Application(terminal: terminal)
        app.minimumSize = Size(width: 1, height: 1) // these tests use tiny screens
        try terminal.enqueue(script: "C-c a")
        try app.run()
        #expect(app.exitReason == .signal(.interrupt))
        #expect(terminal.hasPendingInput) // "a" was never read
        var interrupts = 0
        app.interruptHandler = { interrupts += 1 }
        try app.run()
        #expect(interrupts == 0)
        try terminal.enqueue(script: "C-c")
        try app.run()
        #expect(interrupts == 1)
        #expect(app.exitReason == .endOfInput)
    }

    @Test func quitStopsTheTerminal() throws {
        let terminal = VirtualTerminal(size: Size(width: 10, height: 2))
        let app = Application(terminal: terminal)
        app.minimumSize = Size(width: 1, height: 1) // these tests use tiny screens
        app.unhandledKeyHandler = { key in
            if key == .character("q") { app.quit(); return true }
            return false
        }
        try terminal.enqueue(script: "x q y")
        try app.run()
        #expect(app.exitReason == .quit)
        #expect(!terminal.isStarted)
    }
}

@MainActor
@Suite("Key and signal interceptors")
struct InterceptorTests {
    final class Counter: ViewController {
        var keys: [Key] = []
        override func handleKey(_ key: Key) -> Bool { keys.append(key); return true }
        override var preferredFirstResponder: View? { nil }
    }

    @Test func anInterceptedKeyReachesNoOneAndCanEndTheRunForTheAppsReason() {
        let counter = Counter()
        let h = Harness(width: 40, height: 12, root: counter)
        h.app.keyInterceptor = { [unowned app = h.app] key in
            if key == .ctrl("c") || key == .ctrl("z") { return true }
            if key == .ctrl("]") { app.quit(because: "leave"); return true }
            return false
        }
        h.press("C-c C-z x")
        #expect(h.app.exitReason == .endOfInput)   // ran to the end of the script, not stopped
        #expect(h.terminal.suspendCount == 0)
        #expect(counter.keys == [.character("x")])
        h.press("C-]")
        #expect(h.app.exitReason == .requested("leave"))
    }

    @Test func theHelpOverlaysLastRowsAreTheAppsAndItsDismissKeysToo() {
        let h = Harness(width: 60, height: 16, root: LabelController("Root"))
        h.press("?")
        #expect(h.text.contains("^C") && h.text.contains("Quit"))
        h.press("q")                                       // not a dismiss key unless the app says so
        #expect(h.text.contains("This help"))
        h.press("Esc")
        h.app.helpClosingRows = [("^] q", "Leave")]
        h.app.helpDismissKeys.append(.character("q"))
        h.press("?")
        #expect(h.text.contains("^] q") && h.text.contains("Leave") && !h.text.contains("Quit"))
        h.press("q")
        #expect(!h.text.contains("This help"))
    }

    @Test func withoutALockDownCtrlCQuitsAsUsual() {
        let h = Harness(width: 40, height: 12, root: Counter())
        h.press("C-c")
        #expect(h.app.exitReason == .signal(.interrupt))
    }
}
