import CNcurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real terminal: ncursesw for the terminal's description (terminfo), its modes (alternate
/// screen, raw keys, keypad, mouse) and its keys (a 25 ms Esc delay, `KEY_RESIZE`), signals
/// turned into events; the frames themselves are written by `TerminalWriter` from the
/// renderer's changed cells, one write(2) a frame (ncurses holds no copy of the app's cells).
/// Colours 8, 16 or 256 (none under `NO_COLOR`). The terminal is restored on `stop()`, on
/// SIGINT/SIGTERM/SIGHUP (through the run loop) and on fatal signals (by the C handler).
///
/// With TerminalCapabilities.swift (the terminfo entry), the only file of TUIKit that imports CNcurses.
///
/// ```swift
/// var options = NcursesTerminal.Options()
/// options.monochrome = true
/// let terminal = NcursesTerminal(options: options)
/// try terminal.start()              // throws TerminalError when not on a terminal
/// defer { terminal.stop() }         // the screen is as it was
/// ```
@MainActor
public final class NcursesTerminal: Terminal {
    /// The terminal's size in cells, read again on every resize.
    public private(set) var size: Size = Size(width: 80, height: 24)
    /// The system's monotonic clock.
    public let clock: any TimeSource = SystemClock()
    /// The colours the terminal shows once started: 0 (monochrome), 8, 16 or 256.
    public private(set) var colorCount = 0
    /// The symbols this terminal's font is taken to have (from `TERM`), once started.
    public private(set) var glyphs: Glyphs = .unicode
    /// The attributes its terminfo entry shows, once started.
    public private(set) var shownAttributes: TextAttributes = [.bold, .dim, .italic, .underline, .reverse]

    /// Options for starting the terminal.
    public struct Options: Sendable {
        /// The terminal type (`TERM`); nil reads the environment.
        public var terminalType: String?
        /// Report mouse clicks and the wheel.
        public var enableMouse = true
        /// Ignore colours even when the terminal has them (also when `NO_COLOR` is set).
        public var monochrome = false
        /// Which emoji sequences the terminal joins into one glyph; nil guesses from `TERM` and `TMUX`.
        public var glyphSupport: GlyphSupport?
        /// The file descriptors to use (a pseudo-terminal in tests); stdin/stdout by default.
        public var inputDescriptor: Int32 = 0
        /// The descriptor written to; 1 (stdout) by default.
        public var outputDescriptor: Int32 = 1
        /// ncurses' own screens made one cell from the start, by LINES and COLUMNS set to 1 in the
        /// environment around `newterm` (put back right after): it never allocates and blanks the
        /// ~400 kB of cells at the terminal's size that nothing draws (the frames are the writer's).
        /// The environment is process-wide and glibc's `setenv` is not safe beside another thread's
        /// `getenv`, so only a program that starts its terminal before any other thread (an app's
        /// `main`) should set this; otherwise the screens are made the terminal's size and then one
        /// cell, which costs the memory's peak, not the result.
        public var oneCellScreensFromTheStart = false

        /// The defaults: `TERM` from the environment, mouse on, colours when the terminal has them, stdin and stdout.
        public init() {}
    }

    private let options: Options
    private var screen: OpaquePointer?
    private var inputFile: UnsafeMutablePointer<FILE>?
    private var outputFile: UnsafeMutablePointer<FILE>?
    private var pasteBuffer: String?
    /// What turns frames into the terminal's bytes (made by `start()`).
    private(set) var writer: TerminalWriter?

    private static let pasteBeginCode: Int32 = 0x3E9 // above KEY_MAX
    private static let pasteEndCode: Int32 = 0x3EA
    private static let ctrlLeftCode: Int32 = 0x3EB
    private static let ctrlRightCode: Int32 = 0x3EC
    /// The terminal's answers to the DECRQM question about mode 2026: it has the mode, or not.
    private static let synchronizedOutputCode: Int32 = 0x3ED
    private static let noSynchronizedOutputCode: Int32 = 0x3EE

    /// A terminal that starts with `options`; nothing happens to the screen until `start()`.
    public init(options: Options = Options()) {
        self.options = options
    }

    private static func environment(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names { if let v = getenv(name) { values[name] = String(cString: v) } }
        return values
    }

    /// Whether stdin and stdout are both terminals.
    public nonisolated static func standardStreamsAreTerminals() -> Bool {
        isatty(0) == 1 && isatty(1) == 1
    }

    /// Takes over the screen: alternate screen, raw keys, colours, mouse and bracketed paste; the
    /// locale's character type and number format come from the environment.
    /// Throws `TerminalError` when its input or output is not a terminal or ncurses cannot start.
    public func start() throws(TerminalError) {
        guard screen == nil else { return }
        guard isatty(options.inputDescriptor) == 1, isatty(options.outputDescriptor) == 1 else { throw .notATerminal }
        // The two categories a terminal app reads from the environment: the character type (UTF-8,
        // wide characters) and the numbers' separators (`CountText`). The others stay "C", as a
        // program starts: loading all twelve read a file each (~40 system calls) before the first screen.
        setlocale(LC_CTYPE, "")
        setlocale(LC_NUMERIC, "")
        if let ctype = String(validatingCString: setlocale(LC_CTYPE, nil)).map({ Array($0.uppercased().utf8) }),
           !ctype.indices.contains(where: { ctype[$0...].starts(with: "UTF".utf8) }) {
            // The terminal speaks UTF-8 in practice; make curses agree even under LANG=C.
            _ = setlocale(LC_CTYPE, "C.UTF-8")
        }
        sb_save_termios()
        sb_install_signal_handlers()
        let inFD = dup(options.inputDescriptor), outFD = dup(options.outputDescriptor)
        inputFile = fdopen(inFD, "r")
        outputFile = fdopen(outFD, "w")
        let type = options.terminalType ?? getenv("TERM").map { String(cString: $0) } ?? ""
        // The size the environment gives, for when the terminal's own is not known (`refreshSize`).
        let environmentSize = Self.environmentSize()
        screen = type.isEmpty ? nil
            : options.oneCellScreensFromTheStart ? Self.withOneCellScreens { newterm(type, outputFile, inputFile) }
            : newterm(type, outputFile, inputFile)
        guard let screen else {
            cleanUpFiles()
            sb_restore_default_signal_handlers()
            throw .cannotInitialize(terminalType: type)
        }
        set_term(screen)
        guard sb_can_address_cursor() != 0 else { // TERM=dumb: nothing drawn, the shell as it was
            endwin()
            delscreen(screen)
            self.screen = nil
            cleanUpFiles()
            sb_restore_default_signal_handlers()
            throw .cannotDrawScreens(terminalType: type)
        }
        sb_chain_winch_handler() // a resize wakes the run loop (ncurses still makes it KEY_RESIZE)
        fallbackSize = environmentSize ?? Size(width: 80, height: 24)
        shrinkCursesScreens() // one cell already where `oneCellScreensFromTheStart` was set (and ncurses took LINES and COLUMNS)
        // ncurses enters its program mode (the alternate screen, cleared) on its first refresh, and
        // draws nothing after: the frames are the writer's. Its own screen stays blank and untouched
        // (a touched one would be refreshed at each key read), its cursor where it is.
        leaveok(sb_stdscr(), true)
        wnoutrefresh(sb_stdscr())
        doupdate()
        let glyphSupport = options.glyphSupport ?? GlyphSupport.guess(terminalType: type, environment: Self.environment(["TMUX"]))
        cbreak()
        Self.disableFlowControl(inFD) // ^S saves here: the terminal must not take it for XOFF
        noecho()
        nonl()
        intrflush(sb_stdscr(), false)
        keypad(sb_stdscr(), true)
        meta(sb_stdscr(), true)
        set_escdelay(25)
        // A frame is written whole: no look for typed-ahead keys between its lines (six poll(2)s a
        // frame that found nothing, and a frame cut short when one did).
        typeahead(-1)
        curs_set(0) // ncurses' own idea: the cursor hidden, shown again by endwin

        let capabilities = TerminalCapabilities.current(terminalType: type)
        let noColor = (getenv("NO_COLOR").map { String(cString: $0) } ?? "").isEmpty == false
        if capabilities.colors >= 8, !noColor, !options.monochrome {
            let colors = capabilities.colors
            colorCount = colors >= 256 ? 256 : (colors >= 16 ? 16 : 8)
        } else {
            colorCount = 0
        }
        glyphs = Glyphs.forTerminal(type: type)
        shownAttributes = capabilities.attributes.subtracting(colorCount > 0 ? capabilities.noColorVideo : [])
        writer = TerminalWriter(capabilities: capabilities, colorCount: colorCount, glyphSupport: glyphSupport,
                                newlineReturns: Self.newlineReturns(outFD))
        if options.enableMouse {
            mouseinterval(0)
            mousemask(sb_button1_events() | sb_wheel_events(), nil)
        }
        // Cursor keys in both the normal and the application mode, whatever terminfo says.
        for (sequence, code) in [("\u{1B}[A", KEY_UP), ("\u{1B}[B", KEY_DOWN), ("\u{1B}[C", KEY_RIGHT), ("\u{1B}[D", KEY_LEFT),
                                 ("\u{1B}[H", KEY_HOME), ("\u{1B}[F", KEY_END), ("\u{1B}[1~", KEY_HOME), ("\u{1B}[4~", KEY_END),
                                 ("\u{1B}OA", KEY_UP), ("\u{1B}OB", KEY_DOWN), ("\u{1B}OC", KEY_RIGHT), ("\u{1B}OD", KEY_LEFT),
                                 ("\u{1B}OH", KEY_HOME), ("\u{1B}OF", KEY_END)] {
            define_key(sequence, code)
        }
        define_key("\u{1B}[1;5D", Self.ctrlLeftCode)
        define_key("\u{1B}[1;5C", Self.ctrlRightCode)
        define_key("\u{1B}[200~", Self.pasteBeginCode)
        define_key("\u{1B}[201~", Self.pasteEndCode)
        writeRaw("\u{1B}[?2004h") // bracketed paste on
        if Self.mayAskForModes(terminalType: type, capabilities: capabilities) { askForSynchronizedOutput() }
        refreshSize()
    }

    /// The size of ncurses' own screens (tests: one cell once started).
    var cursesScreenSize: Size { Size(width: Int(sb_cols()), height: Int(sb_lines())) }

    /// The size the environment gave (LINES, COLUMNS), or 80x24, when the terminal's own (TIOCGWINSZ) is not known.
    private var fallbackSize = Size(width: 80, height: 24)

    private static func environmentSize() -> Size? {
        guard let lines = getenv("LINES").flatMap({ Int(String(cString: $0)) }), lines > 0,
              let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), columns > 0 else { return nil }
        return Size(width: columns, height: lines)
    }

    /// `body` (newterm) with LINES and COLUMNS set to 1 in the environment, then put back as they
    /// were: ncurses sizes its three screens (stdscr, newscr, curscr) from them when they are set
    /// (`use_env`, its default), so it never allocates and blanks the ~400 kB of cells at the
    /// terminal's size (120x40) that nothing draws and `shrinkCursesScreens` would free at once
    /// (~0.6 M instructions at start-up; the memory's peak).
    private static func withOneCellScreens<T>(_ body: () -> T) -> T {
        let names = ["LINES", "COLUMNS"]
        let saved = names.map { name in getenv(name).map { String(cString: $0) } }
        for name in names { setenv(name, "1", 1) }
        defer {
            for (name, value) in zip(names, saved) {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        return body()
    }

    /// ncurses' three screens (stdscr, newscr, curscr: ~400 kB of cells at 120x40, drawn by
    /// nothing: the frames are the writer's) made one cell, whenever ncurses has made them the
    /// terminal's size (at start, a resize, back from a suspend or another program). Its keys,
    /// modes and terminfo do not depend on them; the size comes from the terminal (`refreshSize`).
    /// `resize_term`, not `resizeterm`: no KEY_RESIZE of its own. Its screen touched by the
    /// resize is marked drawn (`wnoutrefresh`), or a key read would refresh it.
    private func shrinkCursesScreens() {
        guard sb_lines() != 1 || sb_cols() != 1 else { return }
        resize_term(1, 1)
        wnoutrefresh(sb_stdscr())
    }

    /// Asks the terminal whether it has synchronized output (DEC mode 2026) with DECRQM
    /// (`CSI ? 2026 $ p`), and goes on without waiting: the answer (`CSI ? 2026 ; Ps $ y`) comes
    /// with the keys, where its sequences are defined as keys of their own, so it never reaches
    /// the app as typed characters; from then on the writer brackets each frame. A terminal that
    /// does not answer (tmux 3.3, the Linux console) sends nothing, and nothing waits for it.
    private func askForSynchronizedOutput() {
        guard writer?.synchronizedOutput == false else { return } // terminfo's `Sync` said so already
        for ps in 0...4 {
            define_key("\u{1B}[?2026;\(ps)$y", ps == 1 || ps == 2 ? Self.synchronizedOutputCode : Self.noSynchronizedOutputCode)
        }
        writeRaw("\u{1B}[?2026$p")
    }

    /// Whether the terminal may be asked a DECRQM question: an ANSI one (its `cup` an ECMA-48
    /// CSI) that is not the Linux console (older kernels print a question's final byte).
    static func mayAskForModes(terminalType: String, capabilities: TerminalCapabilities) -> Bool {
        guard let cup = capabilities.cursorAddress?.make(1, 1), cup.starts(with: [0x1B, UInt8(ascii: "[")]) else { return false }
        return !terminalType.hasPrefix("linux") && !terminalType.hasPrefix("dumb")
    }

    /// Leaves the alternate screen and restores the terminal's settings and signal handlers; does nothing when not started.
    public func stop() {
        guard let screen else { return }
        release()
        writeRaw("\u{1B}[?2004l")
        if options.enableMouse { mousemask(0, nil) }
        meta(sb_stdscr(), false) // meta mode (?1034h) off: endwin leaves it set
        curs_set(1)
        sb_unchain_winch_handler()
        endwin()
        clearWithoutAlternateScreen()
        delscreen(screen)
        self.screen = nil
        cleanUpFiles()
        sb_restore_default_signal_handlers()
        writer = nil
    }

    /// On a terminal with no alternate screen (the Linux console, a VT100) the last frame would
    /// stay under the shell's prompt: cleared, the cursor at the top, after ncurses let go.
    private func clearWithoutAlternateScreen() {
        guard let writer, !writer.capabilities.hasAlternateScreen, let clear = writer.capabilities.clearScreen else { return }
        writeRaw(String(decoding: clear, as: UTF8.self))
    }

    private func cleanUpFiles() {
        if let f = outputFile { fflush(f); fclose(f) }
        if let f = inputFile { fclose(f) }
        outputFile = nil
        inputFile = nil
    }

    /// The attributes back to the defaults before ncurses or another program has the terminal.
    private func release() {
        guard let writer else { return }
        writer.release()
        send(writer.output)
    }

    /// Bytes to the terminal in one write(2) (more only where the terminal takes part of them).
    private func send(_ bytes: [UInt8]) {
        guard !bytes.isEmpty, let outputFile else { return }
        let fd = fileno(outputFile)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            var stalls = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n > 0 { offset += n; continue }
                if n < 0, errno == EINTR { continue }
                if n < 0, errno == EAGAIN || errno == EWOULDBLOCK, stalls < 1000 { // a non-blocking terminal that is full
                    stalls += 1
                    var out = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&out, 1, 10)
                    continue
                }
                return // the terminal is gone: the run loop hears of it
            }
        }
    }

    /// Whether the tty turns a line feed into CR LF on output (then "\n" is no move down).
    private static func newlineReturns(_ fd: Int32) -> Bool {
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else { return true }
        return settings.c_oflag & tcflag_t(OPOST) != 0 && settings.c_oflag & tcflag_t(ONLCR) != 0
    }

    private func writeRaw(_ text: String) {
        guard let outputFile else { return }
        fputs(text, outputFile)
        fflush(outputFile)
    }

    /// Turns off XON/XOFF (IXON): otherwise ^S freezes the output until ^Q.
    /// ncurses' `endwin` (and the signal handlers) put back the termios saved before.
    private static func disableFlowControl(_ fd: Int32) {
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else { return }
        settings.c_iflag &= ~tcflag_t(IXON)
        _ = tcsetattr(fd, TCSANOW, &settings)
        def_prog_mode() // so curses puts this back after a suspend, too
    }

    /// Turns mouse reporting on or off, when `Options.enableMouse` allows it.
    public func setMouseReporting(_ enabled: Bool) {
        guard options.enableMouse, screen != nil else { return }
        mousemask(enabled ? sb_button1_events() | sb_wheel_events() : 0, nil)
    }

    /// Restores the terminal, stops the process (Ctrl-Z), and takes the screen back when the shell resumes it.
    public func suspend() {
        guard screen != nil else { return }
        release()
        writeRaw("\u{1B}[?2004l")
        meta(sb_stdscr(), false)
        endwin()
        clearWithoutAlternateScreen()
        sb_suspend_self()
        continuedFromSuspend = true // the SIGCONT that resumed it is this suspend's: the app repaints anyway
        resume()
    }

    /// Back from a suspend or another program: ncurses' program mode again (its refresh), and the
    /// writer paints the whole screen at the next frame.
    private func resume() {
        doupdate() // ncurses finds the screen's size again here, and makes its screens that size
        shrinkCursesScreens()
        meta(sb_stdscr(), true)
        writeRaw("\u{1B}[?2004h")
        if let writer { writer.invalidate(); writer.newlineReturns = Self.newlineReturns(fileno(outputFile!)) }
        refreshSize()
    }

    /// Gives the terminal back for `body` (endwin), then takes it back and redraws it whole.
    public func runOutside(_ body: () -> Void) {
        guard screen != nil else { body(); return }
        release()
        writeRaw("\u{1B}[?2004l")
        meta(sb_stdscr(), false)
        endwin()
        body()
        resume()
    }

    /// OSC 52 to terminals known to take it: those whose terminfo says so (`Ms`), and the
    /// families that do (xterm and its kin, tmux, screen, kitty, foot, alacritty, wezterm…);
    /// not the Linux console nor a dumb terminal.
    public func copyToClipboard(_ text: String) -> Bool {
        guard screen != nil, Self.takesClipboard(terminalType: options.terminalType ?? getenv("TERM").map { String(cString: $0) } ?? "") else {
            return false
        }
        writeRaw("\u{1B}]52;c;" + Base64.encode(Array(text.utf8)) + "\u{07}")
        return true
    }

    static func takesClipboard(terminalType type: String) -> Bool {
        let known = ["xterm", "tmux", "screen", "kitty", "foot", "alacritty", "wezterm", "rxvt", "st-", "contour", "ghostty", "iterm"]
        if known.contains(where: { type.hasPrefix($0) }) { return true }
        guard let cap = tigetstr("Ms") else { return false }
        return Int(bitPattern: cap) != -1
    }

    /// The terminal's size from the terminal (TIOCGWINSZ): ncurses' LINES and COLS are its
    /// one-cell screens' (`shrinkCursesScreens`).
    private func refreshSize() {
        var rows: Int32 = 0, columns: Int32 = 0
        let fd = outputFile.map { fileno($0) } ?? options.outputDescriptor
        if sb_window_size(fd, &rows, &columns) == 0, rows > 0, columns > 0 {
            size = Size(width: Int(columns), height: Int(rows))
        } else {
            size = fallbackSize
        }
    }

    // MARK: Output

    /// Writes the changed cells and moves, shows or hides the cursor: the writer's bytes for the
    /// frame, in one write(2).
    public func apply(_ update: FrameUpdate) {
        guard screen != nil, let writer else { return }
        writer.frame(update, size: size)
        send(writer.output)
    }

    // MARK: Input

    /// Waits for the next key, paste, resize or signal, or until `deadline`.
    ///
    /// ncurses is asked for keys without waiting; the waiting itself is one
    /// poll(2) on the terminal and on the pipe the signal handlers write to, so
    /// an idle app sleeps until something happens (no wake-ups to look for
    /// signals), and a signal that comes just before the wait still ends it.
    public func nextEvent(until deadline: Duration?) -> TerminalEvent {
        guard screen != nil else { return .endOfInput }
        let scr = sb_stdscr()
        wtimeout(scr, 0)
        let input = inputFile.map { fileno($0) } ?? options.inputDescriptor
        var readyButEmpty = 0
        while true {
            if let signal = takeSignal() { return .signal(signal) }
            if repaintPending {
                // As a resize (to the size the terminal has now): the app paints the screen whole.
                repaintPending = false
                refreshSize()
                writer?.invalidate()
                return .input(.resize(size))
            }
            if workPosted { workPosted = false; return .timeout }
            if mayHaveInput {
                var wch: wint_t = 0
                let rc = wget_wch(scr, &wch)
                if rc != ERR {
                    readyButEmpty = 0
                    if rc == sb_key_code_yes() {
                        if let event = keypadEvent(Int32(wch)) { return .input(event) }
                        continue
                    }
                    let scalarValue = UInt32(wch)
                    if pasteBuffer != nil {
                        if scalarValue == 13 || scalarValue == 10 { pasteBuffer!.append("\n") }
                        else if let s = Unicode.Scalar(scalarValue) { pasteBuffer!.unicodeScalars.append(s) }
                        continue
                    }
                    if let key = KeyDecoder.key(forCharacterCode: scalarValue) { return .input(.key(key)) }
                    continue
                }
                // Nothing more: ncurses holds no key back (it read all it had), so wait.
                mayHaveInput = false
            }
            var waitMS: Int32 = -1
            if let deadline {
                let left = (deadline - clock.now).milliseconds
                if left <= 0 && pasteBuffer == nil { return .timeout }
                waitMS = Int32(clamping: max(0, left))
            }
            if pasteBuffer != nil { waitMS = waitMS < 0 ? 100 : min(waitMS, 100) } // a paste's end may never come
            waitCount += 1
            let woke = watched.withUnsafeBufferPointer { sb_wait_for_input_watching(input, $0.baseAddress, Int32($0.count), waitMS) }
            if woke & Int32(SB_WAIT_WATCHED) != 0 { return .timeout } // the run loop calls the watch
            if woke & Int32(SB_WAIT_INPUT | SB_WAIT_HANGUP) != 0 {
                // Readable three times running, yet each look found nothing: the terminal is gone.
                readyButEmpty += 1
                if readyButEmpty > 2 {
                    if isatty(input) == 0 { return .endOfInput }
                    return .signal(.hangUp)
                }
                mayHaveInput = true
            }
            if woke & Int32(SB_WAIT_WOKEN) != 0 { mayHaveInput = true } // a resize is read as a key
            if woke == 0, let deadline, clock.now >= deadline, pasteBuffer == nil { return .timeout }
        }
    }

    /// How many times `nextEvent` waited (tests: an idle wait is one).
    private(set) var waitCount = 0

    /// Whether ncurses may have a key to give without waiting (set when the
    /// terminal was readable or a signal came; cleared when it had none).
    private var mayHaveInput = true

    /// What the app also waits on (`Scheduler.watch`).
    private var watched: [Int32] = []

    /// Sets the descriptors `nextEvent` also waits on.
    public func setWatchedDescriptors(_ descriptors: [Int32]) { watched = descriptors }

    /// Another thread posted work to the run loop's inbox (the wait returns for it).
    private var workPosted = false

    /// Ends a wait from any thread: the shim marks it and writes to the wake-up pipe.
    public nonisolated var wakeUp: (@Sendable () -> Void)? { { sb_wake_run_loop_for_work() } }

    /// The process was stopped by `suspend()` and resumed: its SIGCONT needs no repaint of its own.
    private var continuedFromSuspend = false
    /// A SIGCONT came from outside (`kill -STOP`, then `-CONT`; a shell's `fg` after a stop the app
    /// did not see): the screen may show anything now, and the size may have changed.
    private var repaintPending = false

    private func takeSignal() -> TerminalSignal? {
        let bits = sb_take_pending_signals()
        defer { continuedFromSuspend = false } // its SIGCONT came before the first look
        if bits == 0 { return nil }
        if bits & Int32(SB_SIG_WORK) != 0 { workPosted = true }
        if bits & Int32(SB_SIG_TERM) != 0 { return .terminate }
        if bits & Int32(SB_SIG_HUP) != 0 { return .hangUp }
        if bits & Int32(SB_SIG_INT) != 0 { return .interrupt }
        if bits & Int32(SB_SIG_TSTP) != 0 { return .suspend }
        if bits & Int32(SB_SIG_CONT) != 0, !continuedFromSuspend { repaintPending = true }
        return nil
    }

    private func keypadEvent(_ code: Int32) -> InputEvent? {
        switch code {
        case KEY_RESIZE:
            refreshSize()
            // ncurses resized its own (empty) screens to the new size: one cell again (and
            // marked drawn, or its next key read would paint it); the writer paints the new size whole.
            shrinkCursesScreens()
            wnoutrefresh(sb_stdscr())
            writer?.invalidate()
            return .resize(size)
        case KEY_MOUSE:
            var event = MEVENT()
            guard getmouse(&event) == OK else { return nil }
            let location = Point(x: Int(event.x), y: Int(event.y))
            if sb_is_wheel_up(event.bstate) != 0 { return .mouse(MouseEvent(location: location, kind: .scrollUp)) }
            if sb_is_wheel_down(event.bstate) != 0 { return .mouse(MouseEvent(location: location, kind: .scrollDown)) }
            if sb_is_button1(event.bstate) != 0 { return .mouse(MouseEvent(location: location, kind: .press)) }
            return nil
        case Self.synchronizedOutputCode:
            writer?.synchronizedOutput = true
            return nil
        case Self.noSynchronizedOutputCode:
            return nil
        case Self.pasteBeginCode:
            pasteBuffer = ""
            return nil
        case Self.pasteEndCode:
            let text = pasteBuffer ?? ""
            pasteBuffer = nil
            return text.isEmpty ? nil : .paste(text)
        default:
            return Self.keyDecoder.key(forKeypadCode: code).map { .key($0) }
        }
    }

    /// Curses' keypad codes (the KEY_* values only this file sees) and the keys they are.
    private static let keyDecoder = KeyDecoder(keypad: [
        ctrlLeftCode: .ctrlLeft, ctrlRightCode: .ctrlRight,
        KEY_UP: .up, KEY_DOWN: .down, KEY_LEFT: .left, KEY_RIGHT: .right,
        KEY_HOME: .home, KEY_END: .end, KEY_NPAGE: .pageDown, KEY_PPAGE: .pageUp,
        KEY_DC: .delete, KEY_IC: .insert, KEY_BACKSPACE: .backspace, KEY_ENTER: .enter, KEY_BTAB: .backTab,
    ].merging((1...12).map { (sb_key_f(Int32($0)), Key.function($0)) }) { first, _ in first })
}
