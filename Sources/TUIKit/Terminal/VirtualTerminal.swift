#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An in-memory terminal: a grid of cells, a queue of scripted input and a
/// virtual clock. It renders what it shows as text, for snapshot tests and
/// the headless mode (the shape of ratatui's `TestBackend`).
///
/// ```swift
/// let terminal = VirtualTerminal(size: Size(width: 60, height: 16))
/// let app = Application(terminal: terminal)
/// app.window.rootViewController = MyController()
/// try terminal.enqueue(script: "Down Enter wait:400ms")
/// try app.run()                       // to the end of the script
/// #expect(terminal.text.contains("Opened"))
/// ```
@MainActor
public final class VirtualTerminal: Terminal {
    /// The screen's size in cells; a scripted resize event changes it.
    public private(set) var size: Size
    /// The virtual clock: it moves only when a script waits or a test advances it.
    public let virtualClock: VirtualClock
    /// The virtual clock, as the run loop sees it.
    public var clock: any TimeSource { virtualClock }
    /// The colours the terminal claims to show (256 by default; 0 for monochrome).
    public var colorCount: Int
    /// The symbols the screen is said to show (`.unicode`; `.console` to test a Linux console),
    /// taken by an `Application` made after it is set.
    public var glyphs: Glyphs = .unicode
    /// The attributes the screen is said to show (all by default; a VT100 shows neither dim nor italic).
    public var shownAttributes: TextAttributes = [.bold, .dim, .italic, .underline, .reverse]

    /// What the screen shows now.
    public private(set) var grid: CellBuffer
    /// Where the cursor is shown, if it is.
    public private(set) var cursor: Point?
    /// How many cells each frame sent (its changed cells; not the rows it moved), oldest
    /// first — the last `frameHistoryLimit` frames (a headless kiosk runs for ever).
    public private(set) var cellsPerFrame: [Int] = []
    /// The rows each frame touched (changed or moved), oldest first (the last `frameHistoryLimit` frames).
    public private(set) var rowsPerFrame: [[Int]] = []
    /// How many frames' statistics are kept.
    public static let frameHistoryLimit = 512
    /// Called after every frame is shown (tests that look at a frame between two keys).
    public var onFrame: ((VirtualTerminal) -> Void)?
    /// A writer that also turns every frame into a real terminal's bytes, handed to `onBytes`
    /// (a test decodes them with a terminal emulator and compares its screen with `grid`).
    public var writer: TerminalWriter?
    /// Called with the writer's bytes of each frame, and of each hand-over (suspend, another program).
    public var onBytes: (([UInt8]) -> Void)?
    /// Whether `start()` was called and `stop()` not since.
    public private(set) var isStarted = false
    /// How many times the app asked to suspend (Ctrl-Z); nothing is stopped.
    public private(set) var suspendCount = 0

    private var queue: [ScriptStep] = []
    private var queueHead = 0
    /// What is left of a wait step that a timer deadline cut short.
    private var pendingWait: Duration?

    /// A blank screen of `size`; set `colorCount` to 0 to test monochrome, and pass a clock to share one.
    public init(size: Size, colorCount: Int = 256, clock: VirtualClock = VirtualClock()) {
        self.size = size
        self.colorCount = colorCount
        self.virtualClock = clock
        self.grid = CellBuffer(size: size)
    }

    // MARK: Input

    /// Adds steps to the input queue.
    public func enqueue(_ steps: [ScriptStep]) { queue.append(contentsOf: steps) }
    /// Adds one input event to the queue.
    public func enqueue(_ event: InputEvent) { queue.append(.input(event)) }
    /// Adds key presses to the queue.
    public func enqueue(keys: Key...) { for k in keys { queue.append(.input(.key(k))) } }
    /// Adds a KEYS script to the queue.
    public func enqueue(script: String) throws(KeyScriptError) { enqueue(try KeyScript.parse(script)) }

    /// What the app also waits on (`Scheduler.watch`).
    private var watched: [Int32] = []

    /// Sets the descriptors a scripted wait also ends on when one is readable.
    public func setWatchedDescriptors(_ descriptors: [Int32]) { watched = descriptors }

    private func watchedDescriptorIsReadable() -> Bool {
        guard !watched.isEmpty else { return false }
        var fds = watched.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        return poll(&fds, nfds_t(fds.count), 0) > 0
    }

    /// Whether scripted input is still waiting.
    public var hasPendingInput: Bool { queueHead < queue.count || pendingWait != nil }

    /// Takes the next scripted step: a wait advances the virtual clock (stopping at `deadline`), an input or a signal is returned; `.endOfInput` when the script is done.
    public func nextEvent(until deadline: Duration?) -> TerminalEvent {
        while true {
            if let deadline, deadline <= clock.now { return .timeout }
            if let wait = pendingWait {
                // A watched descriptor already readable ends the wait at once, as on a real terminal.
                if watchedDescriptorIsReadable() { return .timeout }
                let end = virtualClock.now + wait
                if let deadline, deadline < end {
                    pendingWait = end - deadline
                    virtualClock.advance(to: deadline)
                    return .timeout
                }
                virtualClock.advance(to: end)
                pendingWait = nil
                continue
            }
            guard queueHead < queue.count else { return .endOfInput }
            let step = queue[queueHead]
            queueHead += 1
            if queueHead > 1024 && queueHead * 2 > queue.count { queue.removeFirst(queueHead); queueHead = 0 }
            switch step {
            case .wait(let ms):
                pendingWait = .milliseconds(ms)
            case .input(let event):
                if case .resize(let newSize) = event { size = newSize }
                return .input(event)
            case .signal(let signal):
                return .signal(signal)
            }
        }
    }

    // MARK: Output

    /// Marks the terminal started; never throws.
    public func start() throws(TerminalError) { isStarted = true }
    /// Marks the terminal stopped.
    public func stop() { isStarted = false }
    /// Counts the request in `suspendCount`.
    public func suspend() {
        suspendCount += 1
        releaseWriter()
    }

    private func releaseWriter() {
        guard let writer else { return }
        writer.release()
        onBytes?(writer.output)
    }

    /// What was handed over to other programs (`runOutside`), how many times.
    public private(set) var handOverCount = 0
    public func runOutside(_ body: () -> Void) {
        handOverCount += 1
        releaseWriter()
        body()
    }

    /// Whether the clipboard is taken (as a terminal that knows OSC 52); what was put on it last.
    public var allowsClipboard = true
    public private(set) var clipboard: String?
    public func copyToClipboard(_ text: String) -> Bool {
        guard allowsClipboard else { return false }
        clipboard = text
        return true
    }

    /// Moves the grid's rows as the update says, puts the changed cells on it and records the
    /// frame's statistics (the rows moved count as touched), then calls `onFrame`.
    public func apply(_ update: FrameUpdate) {
        let fresh = update.isFullRedraw || grid.size != size
        if fresh { grid = CellBuffer(size: size) }
        let width = size.width, height = size.height
        var touched = [Bool](repeating: false, count: height)
        for move in update.moves where !fresh {
            grid.moveRows(in: move.rect, by: move.dy)
            let r = move.rect.intersection(grid.bounds)
            for y in r.minY..<max(r.minY, r.maxY) { touched[y] = true }
        }
        grid.withUnsafeMutableCells { cells in
            for change in update.changes where change.x < width && change.y < height {
                cells[change.y * width + change.x] = change.cell
                touched[change.y] = true
            }
        }
        cursor = update.cursor
        if let writer {
            writer.frame(update, size: size)
            onBytes?(writer.output)
        }
        if cellsPerFrame.count >= 2 * Self.frameHistoryLimit {
            cellsPerFrame.removeFirst(Self.frameHistoryLimit)
            rowsPerFrame.removeFirst(Self.frameHistoryLimit)
        }
        cellsPerFrame.append(update.changes.count)
        rowsPerFrame.append(touched.indices.filter { touched[$0] })
        onFrame?(self)
    }

    // MARK: Reading the screen

    /// The screen as text: exactly `size.height` lines, each `size.width` display columns.
    public var text: String { lines.joined(separator: "\n") }

    /// The screen's rows as text, each `size.width` display columns.
    public var lines: [String] { (0..<grid.size.height).map { grid.text(ofRow: $0) } }

    /// The screen with styles marked, one character per column: `.` plain,
    /// `R` reverse, `B` bold, `D` dim, `U` underline, `I` italic (the first that
    /// applies, in that order), `c` text in a colour or on a coloured background.
    public var styleMask: String {
        (0..<grid.size.height).map { y in
            String((0..<grid.size.width).map { x -> Character in
                let s = grid[x, y].style
                if s.attributes.contains(.reverse) { return "R" }
                if s.attributes.contains(.bold) { return "B" }
                if s.attributes.contains(.dim) { return "D" }
                if s.attributes.contains(.underline) { return "U" }
                if s.attributes.contains(.italic) { return "I" }
                if s.foreground != nil || s.background != nil { return "c" }
                return "."
            })
        }.joined(separator: "\n")
    }

    /// The cell at a column and row.
    public func cell(x: Int, y: Int) -> Cell { grid[x, y] }
}
