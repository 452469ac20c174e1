/// The run loop: one main-actor loop that waits for input or the next timer,
/// hands input to the first responder, lays out, draws and sends only the
/// changed cells to the terminal (Bubble Tea's one loop; nothing draws from
/// anywhere else).
///
/// ```swift
/// let terminal = NcursesTerminal()          // or VirtualTerminal(size:) in a test
/// try terminal.start()
/// let app = Application(terminal: terminal)
/// app.window.rootViewController = MyListController()
/// app.unhandledKeyHandler = { key in key == .character("q") ? { app.quit(); return true }() : false }
/// try app.run()                             // returns when the app quits
/// ```
@MainActor
public final class Application {
    /// The screen the app draws on and reads input from.
    public let terminal: any Terminal
    /// Whether clicks and the wheel are used (a setting); off, the terminal stops reporting them.
    public var mouseEnabled = true { didSet { if mouseEnabled != oldValue { terminal.setMouseReporting(mouseEnabled) } } }
    /// The timers and watched descriptors the loop serves between inputs.
    public let scheduler: Scheduler
    /// The root of the view tree; set its `rootViewController` to show a screen.
    public let window: Window
    /// Works out which cells changed between frames.
    public let renderer: Renderer

    /// Called after each frame reached the terminal, with its number and the time on the clock.
    public var onFrame: ((_ number: Int, _ time: Duration) -> Void)?
    /// Called for a key nobody in the responder chain took; return true when handled.
    public var unhandledKeyHandler: ((Key) -> Bool)?
    /// Called on Ctrl-C (SIGINT, or the key on a virtual terminal). The default quits.
    public var interruptHandler: (() -> Void)?
    /// Called with each layout issue once (the default is to keep them in `layoutIssues`).
    public var layoutIssueHandler: ((LayoutIssue) -> Void)? {
        get { window.layoutIssueHandler }
        set { window.layoutIssueHandler = newValue }
    }
    /// Called before the loop ends for good (the terminal is still set up).
    public var willQuit: (() -> Void)?

    /// Whether `run()` is looping now.
    public private(set) var isRunning = false
    /// How many frames were sent to the terminal so far.
    public private(set) var frameCount = 0
    /// Why the loop last stopped.
    public internal(set) var exitReason: ExitReason?

    /// Why `run()` returned.
    public enum ExitReason: Equatable, Sendable {
        /// `quit()` was called.
        case quit
        /// A signal ended the loop (Ctrl-C, SIGTERM, the terminal closing).
        case signal(TerminalSignal)
        /// The scripted input ran out (a virtual terminal).
        case endOfInput
        /// The app ended the run for a reason of its own (`quit(because:)`), e.g. a kiosk's exit chord.
        case requested(String)

        /// The process's exit status for this ending: 128 + the signal's number after a signal, else 0.
        public var exitStatus: Int32 {
            if case .signal(let signal) = self { signal.exitStatus } else { 0 }
        }
    }

    /// Sees each key from the terminal before anything else (also while a
    /// transition holds input, or the window is too small); returns true to
    /// swallow it. An app that locks its keys down (a kiosk: ^C and ^Z do
    /// nothing, a chord leaves) does it here:
    ///
    /// ```swift
    /// app.keyInterceptor = { key in
    ///     if key == .ctrl("c") { return true }          // ^C does not quit
    ///     if key == .ctrl("]") { app.quit(because: "chord"); return true }
    ///     return false
    /// }
    /// ```
    public var keyInterceptor: ((Key) -> Bool)?

    /// Sees each terminal signal before the application acts on it; returns
    /// true when it was dealt with (e.g. a kiosk ignores SIGINT and SIGTSTP).
    public var signalInterceptor: ((TerminalSignal) -> Bool)?

    /// The help overlay's last rows, after the screen's keys: how to leave
    /// (what an app's own keys say; `^C Quit` unless the app says otherwise).
    public var helpClosingRows: [(keys: String, title: String)] = [("^C", "Quit")]

    /// The keys that close the help overlay (besides a key it lists, which
    /// closes it and does what it says).
    public var helpDismissKeys: [Key] = [.escape, .character("?"), .function(1), .enter]

    /// Whether `run()` draws the screen before its first turn (the default). False: the first
    /// frame comes after the first turn's due timers ran, so a screen they replace at once (a
    /// splash of no length) is never drawn. Only the next `run()` is affected.
    public var drawsBeforeFirstTurn = true

    var quitRequested = false
    private var started = false

    /// An app on `terminal`: a window of the terminal's size, a scheduler on its clock. Nothing is drawn until `run()`.
    public init(terminal: any Terminal) {
        self.terminal = terminal
        self.scheduler = Scheduler(clock: terminal.clock)
        self.window = Window(size: terminal.size, scheduler: scheduler)
        self.renderer = Renderer(size: terminal.size)
        scheduler.inbox.setWakeUp(terminal.wakeUp)
        window.runOutsideTerminal = { [unowned self] body in self.runOutsideTerminal(body) }
        window.copyToClipboard = { [unowned self] text in self.terminal.copyToClipboard(text) }
        Glyphs.current = terminal.glyphs.showing(terminal.shownAttributes)
    }

    /// Runs `body` while another program has the terminal, then draws the screen whole again
    /// (at the size the terminal has now).
    public func runOutsideTerminal(_ body: () -> Void) {
        terminal.runOutside(body)
        renderer.invalidateTerminal()
        if terminal.size != window.frame.size { handle(.resize(terminal.size)) }
        renderFrame()
    }

    /// Runs until `quit()`, a terminating signal, or the end of scripted input.
    /// The terminal is set up on the first call and restored when the loop ends
    /// for good (after `quit()` or a signal), also when something throws.
    public func run() throws(TerminalError) {
        if !started {
            try terminal.start()
            started = true
        }
        isRunning = true
        quitRequested = false
        defer { isRunning = false }
        if drawsBeforeFirstTurn { renderFrame() }
        drawsBeforeFirstTurn = true
        while !quitRequested {
            terminal.setWatchedDescriptors(scheduler.watchedDescriptors)
            let event = terminal.nextEvent(until: scheduler.nextDeadline)
            switch event {
            case .input(let input):
                handle(input)
            case .signal(let signal):
                handle(signal)
            case .timeout:
                break
            case .endOfInput:
                exitReason = .endOfInput
                scheduler.inbox.runJobs()
                scheduler.serviceWatches()
                scheduler.fireDueTimers()
                renderFrame()
                renderFramesForWaitingWork()
                return
            }
            scheduler.inbox.runJobs()
            scheduler.serviceWatches()
            scheduler.fireDueTimers()
            handleWaitingInput()
            renderFrame()
            renderFramesForWaitingWork()
        }
        willQuit?()
        terminal.stop()
        started = false
    }

    /// Work that waited for a frame (`Scheduler.afterNextFrame`) runs, and
    /// what it changed is drawn; a few rounds at most before input is read again.
    private func renderFramesForWaitingWork() {
        var rounds = 0
        while scheduler.hasFrameActions, rounds < 4 {
            scheduler.runFrameActions()
            scheduler.fireDueTimers()
            renderFrame()
            rounds += 1
        }
    }

    /// Ends the loop after the current event; the terminal is restored.
    public func quit() {
        exitReason = exitReason == nil || exitReason == .endOfInput ? .quit : exitReason
        quitRequested = true
    }

    /// Ends the run for a reason of the app's own: `run()` returns with
    /// `exitReason == .requested(reason)`.
    public func quit(because reason: String) {
        exitReason = .requested(reason)
        quitRequested = true
    }

    /// Input that arrived during a transition, handled once it ends.
    private var waitingInput: [InputEvent] = []

    /// The smallest screen the app draws on; below it a "too small" message shows.
    public var minimumSize = Size(width: 40, height: 12)

    /// Whether the terminal is below `minimumSize`.
    public var isTooSmall: Bool { terminal.size.width < minimumSize.width || terminal.size.height < minimumSize.height }

    /// Sees each input event from the terminal (not what `send` injects),
    /// after `keyInterceptor` and before anyone else; returns true
    /// to swallow it. A kiosk's tour pauses here when a visitor presses a key.
    public var inputObserver: ((InputEvent) -> Bool)?

    /// Handles one input event from the terminal as the loop would (tests may call it directly).
    public func handle(_ event: InputEvent) {
        if case .key(let key) = event, let keyInterceptor, keyInterceptor(key) { return }
        if case .resize = event {} else if let inputObserver, inputObserver(event) { return }
        deliver(event)
    }

    /// Handles input made by the program (a tour, a macro) as if typed, unseen by `inputObserver`.
    public func send(_ event: InputEvent) { deliver(event) }

    /// The three stages of an input event, each with its own verb: the
    /// application `deliver`s it (held while a transition runs, dropped while
    /// the window is too small), then `route`s it (application-wide keys, the
    /// help overlay, the window); a key then goes up the responder chain
    /// (`Responder.sendUpChain`), where each responder may `handleKey`.
    private func deliver(_ event: InputEvent) {
        if case .resize = event {} else if window.runningTransitions > 0 {
            waitingInput.append(event)
            return
        }
        if isTooSmall, case .key(let key) = event, key != .ctrl("c"), key != .ctrl("z") { return }
        route(event)
    }

    private func handleWaitingInput() {
        while window.runningTransitions == 0, !waitingInput.isEmpty, !quitRequested {
            route(waitingInput.removeFirst())
        }
    }

    private func route(_ event: InputEvent) {
        switch event {
        case .key(let key):
            if key == .ctrl("c") { interrupt(); return }
            if key == .ctrl("z") { suspend(); return }
            if let help = helpOverlay {
                if helpDismissKeys.contains(key) {
                    help.removeFromSuperview()
                    helpOverlay = nil
                    return
                }
                if help.scroll(with: key) { return } // where the rows do not all fit
                // A key the overlay lists closes it and does what it says.
                guard help.lists(key) else { return }
                help.removeFromSuperview()
                helpOverlay = nil
            }
            let target = window.keyTarget
            if target.sendUpChain(key) { return }
            if !(target.takesTypedCharacters && { if case .character = key { true } else { false } }()),
               let command = window.windowKeyCommands.first(where: { $0.matches(key) }) {
                command.action()
                return
            }
            if key == .tab || key == .backTab {
                window.moveFocus(forward: key == .tab, within: focusScope)
                return
            }
            if unhandledKeyHandler?(key) == true { return }
            if key == .ctrl("l") { renderer.invalidateTerminal(); return } // the screen painted whole again, as in every curses program
            if key == .character("?") || key == .function(1) { showHelp() }
        case .paste(let text):
            window.keyTarget.sendPasteUpChain(text)
        case .mouse(let mouse):
            if mouseEnabled { handleMouse(mouse) }
        case .resize(let size):
            window.frame = Rect(origin: .zero, size: size)
            window.setNeedsLayout()
            window.setNeedsFullRedraw()
            // The terminal's cells are not known after a resize (some reflow them), nor after a
            // SIGCONT (the terminal sends it as a resize to the size it has): painted whole, also
            // when the size came back to what it was.
            renderer.invalidateTerminal()
        }
    }

    /// The help overlay, while it shows.
    public internal(set) var helpOverlay: HelpOverlayView?

    /// Where Tab cycles the focus: the topmost modal view (one that says so, or a presented
    /// controller's: a screen presented full-screen over a popup keeps Tab to itself), else the window.
    public var focusScope: View? {
        var presented: [ObjectIdentifier] = []
        func collect(_ controller: ViewController) {
            if let p = controller.presentedViewController { presented.append(ObjectIdentifier(p.view)); collect(p) }
            for child in controller.children { collect(child) }
        }
        if let root = window.rootViewController { collect(root) }
        return window.subviews.last { !$0.isHidden && ($0.isFocusScope || presented.contains(ObjectIdentifier($0))) }
    }

    private func handleMouse(_ mouse: MouseEvent) {
        guard let hit = window.hitTest(mouse.location) else { return }
        var view: View? = hit
        while let v = view {
            let local = v.convertFromWindow(mouse.location)
            switch mouse.kind {
            case .press:
                if v.canBecomeFirstResponder { window.makeFirstResponder(v) }
                if v.mouseDown(at: local) { return }
            case .scrollUp, .scrollDown:
                if v.scrollWheel(up: mouse.kind == .scrollUp, at: local) { return }
            }
            view = v.superview
        }
    }

    private func handle(_ signal: TerminalSignal) {
        if let signalInterceptor, signalInterceptor(signal) { return }
        switch signal {
        case .interrupt: interrupt()
        case .terminate, .hangUp:
            exitReason = .signal(signal)
            quitRequested = true
        case .suspend: suspend()
        }
    }

    private func interrupt() {
        if let interruptHandler { interruptHandler() } else { quitInterrupted() }
    }

    /// Quits as Ctrl-C does by default (the exit reason is the interrupt): for an
    /// `interruptHandler` that asks first where leaving would lose something.
    public func quitInterrupted() {
        exitReason = .signal(.interrupt)
        quitRequested = true
    }

    private func suspend() {
        terminal.suspend()
        renderer.invalidateTerminal()
        if terminal.size != window.frame.size { handle(.resize(terminal.size)) }
    }

    var tooSmallView: TooSmallView?

    /// Lays out and draws what changed, and sends it to the terminal.
    public func renderFrame() {
        if window.frame.size != terminal.size { window.frame = Rect(origin: .zero, size: terminal.size) }
        if isTooSmall {
            showTooSmall()
        } else if let tooSmall = tooSmallView {
            tooSmall.removeFromSuperview()
            tooSmallView = nil
            window.setNeedsFullRedraw()
        }
        window.prepareFrame()
        window.layoutIfRequested()
        // Again after layout: key commands that follow a view's size (text that now scrolls) are in this frame's hints.
        window.prepareFrame()
        guard let update = renderer.render(window) else { return }
        terminal.apply(update)
        frameCount += 1
        onFrame?(frameCount, terminal.clock.now)
    }
}
