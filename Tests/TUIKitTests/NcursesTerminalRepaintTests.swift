import Testing
import TUIKitTesting
@testable import TUIKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real terminal on a pty, in the same (serialized) suite: giving the screen back clean where
/// there is no alternate screen, asking for synchronized output, and painting whole after SIGCONT.
extension NcursesTerminalTests {
    func makeTerminal(_ pty: PTY, type: String) -> NcursesTerminal {
        var options = NcursesTerminal.Options()
        options.terminalType = type
        options.inputDescriptor = pty.slave
        options.outputDescriptor = pty.slave
        return NcursesTerminal(options: options)
    }

    /// The Linux console and a VT100 have no screen of their own for programs: quitting must not
    /// leave the last frame under the shell's prompt.
    @Test(arguments: ["linux", "vt100"])
    func quittingWhereThereIsNoAlternateScreenLeavesItClean(type: String) throws {
        let pty = PTY(width: 40, height: 10)
        let terminal = makeTerminal(pty, type: type)
        try terminal.start()
        let app = Application(terminal: terminal)
        app.minimumSize = Size(width: 1, height: 1)
        let label = Label("the last frame")
        label.frame = Rect(x: 2, y: 3, width: 20, height: 1)
        app.window.addSubview(label)
        app.renderFrame()
        let screen = TerminalEmulator(columns: 40, rows: 10)
        screen.feed(Array(pty.drain().utf8))
        #expect(screen.line(3).contains("the last frame"))
        terminal.stop()
        screen.feed(Array(pty.drain().utf8))
        let text = (0..<10).map { screen.line($0) }.joined(separator: "\n")
        #expect(!text.contains("last frame"), "left on the \(type) screen after quitting:\n\(text)")
        #expect(screen.cursor.y == 0, "the prompt comes at the top")
    }

    @Test func aTerminalThatAnswersThatItHasSynchronizedOutputGetsEachFrameInIt() throws {
        let pty = PTY(width: 40, height: 10)
        let terminal = makeTerminal(pty)
        try terminal.start()
        defer { terminal.stop() }
        #expect(pty.drain().contains("\u{1B}[?2026$p")) // DECRQM: does it have mode 2026?
        terminal.apply(FrameUpdate(changes: [CellChange(x: 1, y: 1, cell: Cell("a"))], isFullRedraw: false, cursor: nil))
        #expect(!pty.drain().contains("2026"))          // no answer yet: plain frames
        pty.type("\u{1B}[?2026;2$yx")                   // "recognised, reset", then a key
        #expect(terminal.nextEvent(until: terminal.clock.now + .seconds(2)) == .input(.key(.character("x"))))
        terminal.apply(FrameUpdate(changes: [CellChange(x: 2, y: 1, cell: Cell("b"))], isFullRedraw: false, cursor: nil))
        let sent = pty.drain()
        #expect(sent.hasPrefix("\u{1B}[?2026h") && sent.hasSuffix("\u{1B}[?2026l") && sent.contains("b"), "\(sent.debugDescription)")
    }

    @Test func aTerminalThatSaysNoOrNothingGetsPlainFramesAndNoStrayKeys() throws {
        let pty = PTY(width: 40, height: 10)
        let terminal = makeTerminal(pty)
        try terminal.start()
        defer { terminal.stop() }
        _ = pty.drain()
        pty.type("\u{1B}[?2026;0$yx")                   // "not recognised"
        #expect(terminal.nextEvent(until: terminal.clock.now + .seconds(2)) == .input(.key(.character("x"))))
        pty.type("y")                                   // no answer at all: keys as they come
        #expect(terminal.nextEvent(until: terminal.clock.now + .seconds(2)) == .input(.key(.character("y"))))
        #expect(terminal.nextEvent(until: terminal.clock.now + .milliseconds(60)) == .timeout)
        terminal.apply(FrameUpdate(changes: [CellChange(x: 2, y: 1, cell: Cell("b"))], isFullRedraw: false, cursor: nil))
        #expect(!pty.drain().contains("2026"))
    }

    @Test func theLinuxConsoleIsNotAsked() throws {
        let pty = PTY(width: 40, height: 10)
        let terminal = makeTerminal(pty, type: "linux")
        try terminal.start()
        defer { terminal.stop() }
        #expect(!pty.drain().contains("2026"))
    }

    /// Stopped and continued from outside (`kill -STOP`, `kill -CONT`): the screen may show
    /// anything meanwhile, so the app paints it whole, at the size the terminal has now.
    @Test func aSIGCONTFromOutsidePaintsTheScreenWhole() throws {
        let pty = PTY(width: 40, height: 10)
        let terminal = makeTerminal(pty)
        try terminal.start()
        defer { terminal.stop() }
        let app = Application(terminal: terminal)
        app.minimumSize = Size(width: 1, height: 1)
        let label = Label("painted again")
        label.frame = Rect(x: 2, y: 3, width: 20, height: 1)
        app.window.addSubview(label)
        app.renderFrame()
        _ = pty.drain()
        kill(getpid(), SIGCONT)
        let event = terminal.nextEvent(until: terminal.clock.now + .seconds(2))
        #expect(event == .input(.resize(Size(width: 40, height: 10))))
        if case .input(let input) = event { app.handle(input) }
        app.renderFrame()
        let sent = pty.drain()
        #expect(sent.contains("\u{1B}[H\u{1B}[2J") && sent.contains("painted again"), "\(sent.debugDescription)")
    }
}
