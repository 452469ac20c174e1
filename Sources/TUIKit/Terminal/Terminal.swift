/// A screen the run loop draws on and reads input from: a real terminal
/// (`NcursesTerminal`) or an in-memory one (`VirtualTerminal`).
///
/// ```swift
/// let terminal: any Terminal = isTest ? VirtualTerminal(size: Size(width: 80, height: 24)) : NcursesTerminal()
/// let app = Application(terminal: terminal)
/// ```
@MainActor
public protocol Terminal: AnyObject {
    /// The size in cells.
    var size: Size { get }
    /// The clock timers run on.
    var clock: any TimeSource { get }
    /// How many colours can be shown: 0 (monochrome, or `NO_COLOR`), 8, 16 or 256.
    var colorCount: Int { get }

    /// Takes over the screen (alternate screen, raw keys); throws when it cannot.
    func start() throws(TerminalError)
    /// Gives the screen back as it was; safe to call twice.
    func stop()
    /// Shows the next frame: writes the changed cells and flushes once.
    func apply(_ update: FrameUpdate)
    /// Waits for the next event, or until `deadline` on `clock` (nil: no deadline).
    func nextEvent(until deadline: Duration?) -> TerminalEvent
    /// Stops the process for job control (Ctrl-Z), with the terminal restored
    /// meanwhile; returns once resumed.
    func suspend()
    /// Turns the reporting of clicks and the wheel on or off (off, the
    /// terminal's own text selection works again).
    func setMouseReporting(_ enabled: Bool)
    /// Ends a `nextEvent` wait from any thread (it returns `.timeout`), so the run loop takes the
    /// work another thread posted to its inbox; nil: the terminal's wait ends by itself (a virtual
    /// terminal's script), and the loop looks at its inbox each turn.
    var wakeUp: (@Sendable () -> Void)? { get }
    /// Descriptors the next `nextEvent` also waits on: one becoming readable ends the wait
    /// (`.timeout`), and the run loop calls its watch. A terminal that cannot wait on them
    /// ignores them (the loop still looks at each turn).
    func setWatchedDescriptors(_ descriptors: [Int32])
    /// Runs `body` with the terminal as the shell had it (another program — a mail client, a
    /// browser — uses it meanwhile), then takes the screen back (as ncurses' endwin, then refresh).
    func runOutside(_ body: () -> Void)
    /// Puts `text` on the clipboard through the terminal (OSC 52); false where the terminal is not
    /// known to take it (nothing is sent then).
    func copyToClipboard(_ text: String) -> Bool
    /// The symbols the terminal can show (`Glyphs.forTerminal`), and the attributes it shows
    /// (a placeholder is marked otherwise where it shows neither dim nor italic). Known once started.
    var glyphs: Glyphs { get }
    /// The text attributes the terminal shows (its terminfo entry's).
    var shownAttributes: TextAttributes { get }
}

extension Terminal {
    /// By default the terminal has no mouse reporting to switch.
    public func setMouseReporting(_ enabled: Bool) {}
    /// By default none: the run loop looks at its inbox each turn.
    public var wakeUp: (@Sendable () -> Void)? { nil }
    /// By default the descriptors are ignored.
    public func setWatchedDescriptors(_ descriptors: [Int32]) {}
    /// By default there is nothing to hand over.
    public func runOutside(_ body: () -> Void) { body() }
    /// By default there is no clipboard.
    public func copyToClipboard(_ text: String) -> Bool { false }
    /// By default every Unicode symbol.
    public var glyphs: Glyphs { .unicode }
    /// By default every attribute.
    public var shownAttributes: TextAttributes { [.bold, .dim, .italic, .underline, .reverse] }
}

/// What waiting on a terminal gave.
public enum TerminalEvent: Hashable, Sendable {
    /// A key, a click, a paste or a resize.
    case input(InputEvent)
    /// A signal the run loop acts on (Ctrl-C, Ctrl-Z, the terminal closing).
    case signal(TerminalSignal)
    /// The deadline came first.
    case timeout
    /// No input will ever come again (a finished script, a closed tty).
    case endOfInput
}

/// The signals the run loop acts on.
public enum TerminalSignal: Hashable, Sendable {
    /// SIGINT (Ctrl-C).
    case interrupt
    /// SIGTERM.
    case terminate
    /// SIGHUP (the terminal went away).
    case hangUp
    /// SIGTSTP (Ctrl-Z).
    case suspend

    /// The exit status of a process this signal ended (128 + its number: 130, 143, 129, 148), as shells report it.
    public var exitStatus: Int32 {
        switch self {
        case .interrupt: 128 + 2
        case .terminate: 128 + 15
        case .hangUp: 128 + 1
        case .suspend: 128 + 20
        }
    }
}
