import Testing
@testable import TUIKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the real ncurses terminal on a pseudo-terminal and reads what reached it.
@MainActor
@Suite("NcursesTerminal on a pty", .serialized)
struct NcursesTerminalTests {
    final class PTY {
        var master: Int32 = -1
        var slave: Int32 = -1
        init(width: Int, height: Int) {
            var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
            let rc = openpty(&master, &slave, nil, nil, &size)
            precondition(rc == 0, "openpty failed")
            _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        }
        /// Everything the program wrote so far.
        func drain() -> String {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(master, &chunk, chunk.count)
                if n <= 0 { break }
                bytes += chunk[0..<n]
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        func type(_ text: String) { _ = text.withCString { write(master, $0, strlen($0)) } }
        deinit { close(master); close(slave) }
    }

    func makeTerminal(_ pty: PTY) -> NcursesTerminal {
        var options = NcursesTerminal.Options()
        options.terminalType = "xterm-256color"
        options.inputDescriptor = pty.slave
        options.outputDescriptor = pty.slave
        return NcursesTerminal(options: options)
    }

    @Test func framesReachThePtyAndTheTerminalIsRestored() throws {
        let pty = PTY(width: 40, height: 10)
        let terminal = makeTerminal(pty)
        try terminal.start()
        #expect(terminal.size == Size(width: 40, height: 10))
        let app = Application(terminal: terminal)
        app.minimumSize = Size(width: 1, height: 1)
        let label = Label("Hello 世界 pty")
        label.frame = Rect(x: 2, y: 3, width: 20, height: 1)
        app.window.addSubview(label)
        app.renderFrame()
        let drawn = pty.drain()
        #expect(drawn.contains("\u{1B}[?1049h"))          // alternate screen on
        #expect(drawn.contains("\u{1B}[?2004h"))          // bracketed paste on
        #expect(drawn.contains("Hello 世界 pty"))
        // A one-cell change sends that cell, not the screen again.
        label.text = "Hello 世界 ptY"
        app.renderFrame()
        let update = pty.drain()
        #expect(update.contains("Y"))
        #expect(!update.contains("Hello"))
        terminal.stop()
        let restored = pty.drain()
        #expect(restored.contains("\u{1B}[?1049l"))       // main screen back
        #expect(restored.contains("\u{1B}[?25h"))         // cursor visible
        #expect(restored.contains("\u{1B}[?2004l"))       // bracketed paste off
        terminal.stop() // twice is harmless
    }

    @Test func ctrlSIsAKeyNotFlowControlAndTheSettingComesBack() throws {
        let pty = PTY(width: 40, height: 10)
        func ixon() -> Bool {
            var t = termios()
            tcgetattr(pty.slave, &t)
            return t.c_iflag & tcflag_t(IXON) != 0
        }
        var t = termios()
        tcgetattr(pty.slave, &t)
        t.c_iflag |= tcflag_t(IXON)
        tcsetattr(pty.slave, TCSANOW, &t)
        #expect(ixon())
        let terminal = makeTerminal(pty)
        try terminal.start()
        // Checked by the flag: with it on, ^S would freeze the pty's output (and this test with it).
        #expect(!ixon())                                 // ^S reaches the app (Save), the output is never frozen
        _ = pty.drain()
        terminal.stop()
        #expect(ixon())                                  // the shell gets its setting back
    }

    @Test func keysFromThePtyBecomeEvents() throws {
        let pty = PTY(width: 40, height: 10)
        let terminal = makeTerminal(pty)
        try terminal.start()
        defer { terminal.stop() }
        _ = pty.drain()
        pty.type("q")
        #expect(terminal.nextEvent(until: terminal.clock.now + .seconds(2)) == .input(.key(.character("q"))))
        pty.type("\u{1B}[A")
        #expect(terminal.nextEvent(until: terminal.clock.now + .seconds(2)) == .input(.key(.up)))
        pty.type("\u{1B}OB")
        #expect(terminal.nextEvent(until: terminal.clock.now + .seconds(2)) == .input(.key(.down)))
        pty.type("é\r\u{01}")
        #expect(terminal.nextEvent(until: terminal.clock.now + .seconds(2)) == .input(.key(.character("é"))))
        #expect(terminal.nextEvent(until: terminal.clock.now + .seconds(2)) == .input(.key(.enter)))
        #expect(terminal.nextEvent(until: terminal.clock.now + .seconds(2)) == .input(.key(.ctrl("a"))))
        pty.type("\u{1B}") // Esc alone: ncurses waits its escape delay for more, then gives Esc
        #expect(terminal.nextEvent(until: terminal.clock.now + .seconds(2)) == .input(.key(.escape)))
        pty.type("\u{1B}[200~two\rlines\u{1B}[201~")
        #expect(terminal.nextEvent(until: terminal.clock.now + .seconds(2)) == .input(.paste("two\nlines")))
        #expect(terminal.nextEvent(until: terminal.clock.now + .milliseconds(30)) == .timeout)
    }

    /// ncurses' own screens are one cell (the frames are the writer's): the size still comes
    /// from the terminal, a click and the wheel far from the top-left corner still come with
    /// their cell, and a resize gives the new size (ncurses made its screens that size: one
    /// cell again after).
    @Test func theSizeAndTheMouseComeFromTheTerminalNotNcursesScreens() throws {
        let pty = PTY(width: 70, height: 20)
        let terminal = makeTerminal(pty)
        try terminal.start()
        defer { terminal.stop() }
        #expect(terminal.size == Size(width: 70, height: 20))
        #expect(terminal.cursesScreenSize == Size(width: 1, height: 1))
        _ = pty.drain()
        // SGR mouse reports (xterm-256color's kmous, ESC [ <): the button, the column and the row
        // (from 1), M pressed, m released.
        func mouse(_ button: Int, _ x: Int, _ y: Int, released: Bool = false) -> String {
            "\u{1B}[<\(button);\(x + 1);\(y + 1)" + (released ? "m" : "M")
        }
        pty.type(mouse(0, 61, 17))
        #expect(terminal.nextEvent(until: terminal.clock.now + .seconds(2)) == .input(.mouse(MouseEvent(location: Point(x: 61, y: 17), kind: .press))))
        pty.type(mouse(0, 61, 17, released: true)) // no event of its own
        pty.type(mouse(65, 44, 12))
        #expect(terminal.nextEvent(until: terminal.clock.now + .seconds(2)) == .input(.mouse(MouseEvent(location: Point(x: 44, y: 12), kind: .scrollDown))))
        var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(pty.master, UInt(TIOCSWINSZ), &size) == 0)
        kill(getpid(), SIGWINCH) // the pty is not this process's terminal: the kernel tells no one
        #expect(terminal.nextEvent(until: terminal.clock.now + .seconds(2)) == .input(.resize(Size(width: 100, height: 30))))
        #expect(terminal.size == Size(width: 100, height: 30))
        #expect(terminal.cursesScreenSize == Size(width: 1, height: 1))
        pty.type("x")
        #expect(terminal.nextEvent(until: terminal.clock.now + .seconds(2)) == .input(.key(.character("x"))))
        // (The signal's wake-up byte is read here, not by the next test's first wait.)
        #expect(terminal.nextEvent(until: terminal.clock.now + .milliseconds(50)) == .timeout)
    }

    @Test func anIdleWaitIsOneWaitNotAWakeUpEveryTenthOfASecond() throws {
        let pty = PTY(width: 40, height: 10)
        let terminal = makeTerminal(pty)
        try terminal.start()
        defer { terminal.stop() }
        let waitsBefore = terminal.waitCount
        #expect(terminal.nextEvent(until: terminal.clock.now + .milliseconds(350)) == .timeout)
        #expect(terminal.waitCount - waitsBefore == 1) // one poll(2) for the whole time: an idle app sleeps
        pty.type("x")
        #expect(terminal.nextEvent(until: nil) == .input(.key(.character("x")))) // no deadline: the key ends the wait
    }

    @Test func aSignalThatComesBeforeTheWaitStillEndsIt() throws {
        let pty = PTY(width: 40, height: 10)
        let terminal = makeTerminal(pty)
        try terminal.start()
        defer { terminal.stop() }
        // Raised now, before the wait begins (and taken by whichever thread): the handler's
        // byte in the wake-up pipe ends the wait at once, not at the deadline.
        kill(getpid(), SIGHUP)
        let start = terminal.clock.now
        #expect(terminal.nextEvent(until: start + .seconds(20)) == .signal(.hangUp))
        #expect(terminal.clock.now - start < .seconds(5))
    }

    @Test func aMissingTerminalTypeIsAClearError() {
        let pty = PTY(width: 40, height: 10)
        var options = NcursesTerminal.Options()
        options.terminalType = "no-such-terminal-xyz"
        options.inputDescriptor = pty.slave
        options.outputDescriptor = pty.slave
        let terminal = NcursesTerminal(options: options)
        #expect(throws: TerminalError.cannotInitialize(terminalType: "no-such-terminal-xyz")) { try terminal.start() }
    }

    /// TERM=dumb cannot move the cursor: a clear error, nothing left on the terminal, and a
    /// terminal that can starts afterwards as ever.
    @Test func aTerminalThatCannotMoveTheCursorIsAClearError() throws {
        let pty = PTY(width: 40, height: 10)
        var options = NcursesTerminal.Options()
        options.terminalType = "dumb"
        options.inputDescriptor = pty.slave
        options.outputDescriptor = pty.slave
        #expect(throws: TerminalError.cannotDrawScreens(terminalType: "dumb")) { try NcursesTerminal(options: options).start() }
        #expect(TerminalError.cannotDrawScreens(terminalType: "dumb").description.contains("TERM=dumb cannot move the cursor"))
        options.terminalType = "xterm-256color"
        let terminal = NcursesTerminal(options: options)
        try terminal.start()
        terminal.stop()
    }

    @Test func aPipeIsNotATerminal() {
        var fds: [Int32] = [0, 0]
        pipe(&fds)
        defer { close(fds[0]); close(fds[1]) }
        var options = NcursesTerminal.Options()
        options.inputDescriptor = fds[0]
        options.outputDescriptor = fds[1]
        #expect(throws: TerminalError.notATerminal) { try NcursesTerminal(options: options).start() }
    }

    /// TUIKit is a library: its words name no program and none of a program's options (the
    /// program adds its own advice where it reports the error).
    @Test func itsErrorsNameNoProgram() {
        for error in [TerminalError.notATerminal, .cannotDrawScreens(terminalType: "dumb"), .cannotInitialize(terminalType: "")] {
            #expect(!error.description.contains("switchboard") && !error.description.contains("--"), "\(error)")
        }
    }

    /// The DEC private modes a stream leaves set: the last `ESC [ ? N h` or `l` of each mode wins.
    static func privateModes(in text: String) -> [Int: Bool] {
        var modes: [Int: Bool] = [:]
        let bytes = Array(text.utf8)
        var i = 0
        while i + 3 < bytes.count {
            guard bytes[i] == 0x1B, bytes[i + 1] == UInt8(ascii: "["), bytes[i + 2] == UInt8(ascii: "?") else { i += 1; continue }
            var j = i + 3
            var numbers: [Int] = [], n = 0, digits = 0
            while j < bytes.count, (bytes[j] >= 0x30 && bytes[j] <= 0x39) || bytes[j] == UInt8(ascii: ";") {
                if bytes[j] == UInt8(ascii: ";") { numbers.append(n); n = 0; digits = 0 } else { n = n * 10 + Int(bytes[j] - 0x30); digits += 1 }
                j += 1
            }
            if digits > 0 { numbers.append(n) }
            if j < bytes.count, bytes[j] == UInt8(ascii: "h") || bytes[j] == UInt8(ascii: "l") {
                for m in numbers { modes[m] = bytes[j] == UInt8(ascii: "h") }
            }
            i = j
        }
        return modes
    }

    @Test func everyModeTheTerminalSetsIsResetOnStop() throws {
        let pty = PTY(width: 40, height: 10)
        let terminal = makeTerminal(pty)
        try terminal.start()
        let app = Application(terminal: terminal)
        app.minimumSize = Size(width: 1, height: 1)
        app.window.addSubview(Label("modes"))
        app.renderFrame()
        let started = pty.drain()
        let set = Self.privateModes(in: started)
        #expect(set[1034] == true)   // meta mode (from meta(stdscr, TRUE))
        #expect(set[1049] == true)   // alternate screen
        #expect(set[2004] == true)   // bracketed paste
        #expect(set[1] == true)      // application cursor keys (keypad)
        #expect(set[1000] == true)   // mouse
        terminal.stop()
        let after = Self.privateModes(in: started + pty.drain())
        // Autowrap (?7) and the visible cursor (?25) are a terminal's defaults: on again; every other mode off.
        for (mode, on) in set where mode != 7 && mode != 25 { #expect(after[mode] == false, "mode ?\(mode) (set: \(on)) is still on after stop") }
        #expect(after[25] == true)
        #expect(after[7] != false)
        #expect(!pty.drain().contains("\u{1B}=")) // nothing after stop
    }

    /// A row like the friends popup's (a bold avatar on blue, a blank, a bold name, blanks)
    /// reaches the terminal with one attribute reset, not one at each bold/plain change.
    @Test func blanksBetweenBoldTextDoNotResetTheAttributes() throws {
        let pty = PTY(width: 40, height: 6)
        let terminal = makeTerminal(pty)
        try terminal.start()
        defer { terminal.stop() }
        _ = pty.drain()
        let grey = Color.indexed(234)
        let cells: [(String, Style)] = [(" ", Style(foreground: .indexed(254), background: grey)),
                                        (" AA ", Style(foreground: .indexed(16), background: .indexed(117), attributes: .bold)),
                                        (" ", Style(foreground: .indexed(254), background: grey)),
                                        ("Ada Allen", Style(foreground: .indexed(254), background: grey, attributes: .bold)),
                                        ("      ", Style(foreground: .indexed(254), background: grey))]
        var changes: [CellChange] = []
        for (text, style) in cells { for ch in text { changes.append(CellChange(x: changes.count, y: 2, cell: Cell(ch, style: style))) } }
        terminal.apply(FrameUpdate(changes: changes, isFullRedraw: false, cursor: nil))
        let sent = pty.drain()
        // From the avatar to the end of the name, colours may change (with colours on) but nothing resets.
        let from = try #require(sent.firstRange(of: " AA ")), to = try #require(sent.firstRange(of: "Allen"))
        #expect(!sent[from.lowerBound..<to.upperBound].contains("\u{1B}[0"), "\(sent.debugDescription)")
        // ncurses turns bold off with sgr0 ("ESC [0m", "ESC [0;1m" and the like): once at most here.
        #expect(sent.split(separator: "\u{1B}[0", omittingEmptySubsequences: false).count - 1 <= 1, "\(sent.debugDescription)")
    }

    /// A long run of `─` goes out in the terminal's line-drawing set (`ESC ( 0`, then `q`, and
    /// xterm's `rep` for the other 39 columns: `ESC [ 39 b`), with the blanks beside it in the
    /// styles of the borders beyond them, so the switch costs no colour change of its own; a
    /// short run stays UTF-8.
    @Test func aLongLineGoesOutInTheLineDrawingSet() throws {
        let pty = PTY(width: 60, height: 6)
        let terminal = makeTerminal(pty)
        try terminal.start()
        defer { terminal.stop() }
        _ = pty.drain()
        let border = Style(foreground: .indexed(111), background: .indexed(234))
        let line = Style(foreground: .indexed(245), background: .indexed(234))
        let row: [(String, Style)] = [("│", border), (" ", line), (String(repeating: "─", count: 40), line), (" ", line), ("│", border)]
        var changes: [CellChange] = []
        var x = 0
        for (text, style) in row { for ch in text { changes.append(CellChange(x: x, y: 2, cell: Cell(ch, style: style))); x += 1 } }
        for (i, ch) in "ab──cd".enumerated() { changes.append(CellChange(x: i, y: 4, cell: Cell(ch, style: line))) }
        terminal.apply(FrameUpdate(changes: changes, isFullRedraw: false, cursor: nil))
        let sent = pty.drain()
        #expect(sent.contains("│ \u{1B}(0"), "the blank before the line goes with the border: \(sent.debugDescription)")
        let start = try #require(sent.firstRange(of: "\u{1B}(0")), end = try #require(sent[start.upperBound...].firstRange(of: "\u{1B}(B"))
        #expect(sent[start.upperBound..<end.lowerBound].hasPrefix("q\u{1B}[39b"), "\(sent.debugDescription)")
        #expect(sent.contains("ab──cd"), "a short run stays as it is: \(sent.debugDescription)")
        #expect(!sent.contains(String(repeating: "─", count: 3)), "\(sent.debugDescription)")
        // After the line, the blank goes with the border after it: one colour change at most.
        let after = sent[end.upperBound...].prefix { $0 != "│" }
        #expect(after.components(separatedBy: "38;5;").count - 1 <= 1, "\(sent.debugDescription)")
        // With colours, the blank after the line is written in the border's colours; without (NO_COLOR,
        // which `swift test` sets when its output is not a terminal) it already looks as it should.
        if terminal.colorCount > 0 { #expect(after.hasSuffix(" "), "\(sent.debugDescription)") }
    }

    /// The write(2) calls this thread has made so far (`syscw` of /proc/thread-self/io).
    static func writeCalls() -> Int? {
        guard let f = fopen("/proc/thread-self/io", "r") else { return nil }
        defer { fclose(f) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, 256, f) != nil {
            let s = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if s.hasPrefix("syscw:") { return Int(s.dropFirst(6).trimmingPrefix(" ").prefix { $0.isNumber }) }
        }
        return nil
    }

    /// A frame that changes ten rows reaches the terminal in one write(2), not one a
    /// cursor move (ncurses' habit until its first endwin; about 14 a key in the popup).
    @Test func aFrameIsOneWrite() throws {
        let pty = PTY(width: 40, height: 12)
        let terminal = makeTerminal(pty)
        try terminal.start()
        defer { terminal.stop() }
        terminal.apply(FrameUpdate(changes: [], isFullRedraw: true, cursor: nil))
        _ = pty.drain()
        var changes: [CellChange] = []
        for y in 1...10 { for (x, ch) in "row \(y) here".enumerated() { changes.append(CellChange(x: 3 + x + y, y: y, cell: Cell(ch))) } }
        let before = try #require(Self.writeCalls())
        terminal.apply(FrameUpdate(changes: changes, isFullRedraw: false, cursor: nil))
        let calls = try #require(Self.writeCalls()) - before
        let sent = pty.drain()
        #expect(sent.contains("row 10 here"))
        #expect(calls == 1, "\(calls) writes for one frame: \(sent.debugDescription)")
    }
}
