/// One line of key hints for whatever has the focus, from the responder
/// chain's key commands (the ones marked `showsInStatusLine`), with `? Help`.
///
/// ```swift
/// let status = StatusLine()
/// view.addSubview(status)          // one row high, at the bottom
/// status.message = "Saved."        // shown instead of the hints until the next key
/// ```
@MainActor
public final class StatusLine: View {
    /// The status line's styles.
    public struct ViewConfig {
        /// The whole line's background and text.
        public var background: Style
        /// The keys named in hints.
        public var key: Style
        /// The words after each key.
        public var text: Style
    }

    /// The styles the line was made with.
    public let viewConfig: ViewConfig
    /// A message shown instead of the hints until the next key (errors, confirmations).
    public var message: String? { didSet { setNeedsDisplay() } }

    /// An empty status line; its hints appear once it is in a window with a focused view.
    public init(viewConfig: ViewConfig = .defaultConfig) {
        self.viewConfig = viewConfig
        super.init(frame: .zero)
        style = viewConfig.background
    }

    public override func didMoveToWindow() {
        hintsRevision = nil // another window, another chain
        window?.redrawBeforeEveryFrame(self)
    }

    /// The hints drawn, and the `Responder.keyCommandsRevision` they were worked out at (nil: not yet).
    private var drawnHints: [Hint] = []
    private var hintsRevision: Int?
    /// The window's `statusTextRevision` drawn.
    private var drawnStatusRevision = 0

    private struct Hint: Equatable {
        var key: String
        var title: String
        /// Left out first where not every hint fits (`KeyCommand.dropsFirstInStatusLine`).
        var dropsFirst = false
    }

    /// Walks the responder chain again only when some responder's key commands
    /// may have changed (focus, the view tree, a responder's own state), and
    /// redraws only when the hints it finds differ from those drawn.
    override func refreshLiveContent() {
        if let window, window.statusTextRevision != drawnStatusRevision {
            drawnStatusRevision = window.statusTextRevision
            setNeedsDisplay()
        }
        guard hintsRevision != Responder.keyCommandsRevision else { return }
        hintsRevision = Responder.keyCommandsRevision
        let now = currentHints()
        guard now != drawnHints else { return }
        drawnHints = now
        if message == nil { setNeedsDisplay() }
    }

    /// Whether the hints drawn are the ones a walk of the chain finds now: a
    /// responder whose commands changed without `setNeedsKeyCommandsUpdate()`
    /// leaves them stale (the redraw check in tests asks after every frame).
    public var showsCurrentHints: Bool { hintsRevision == nil || drawnHints == currentHints() }

    public override var intrinsicContentSize: Size? { Size(width: 0, height: 1) }

    /// The hints a walk of the responder chain finds now ("key title" pairs): what the line shows
    /// unless a responder's commands changed without `setNeedsKeyCommandsUpdate()`.
    public var hints: [(key: String, title: String)] { currentHints().map { ($0.key, $0.title) } }

    private func currentHints() -> [Hint] {
        guard let window else { return [] }
        var result: [Hint] = []
        for command in window.keyCommandsForTarget where command.showsInStatusLine {
            // A title shown once (a handful of hints: a look back is cheaper than a set).
            if !result.contains(where: { $0.title == command.title }) {
                result.append(Hint(key: command.keyLabel, title: command.title, dropsFirst: command.dropsFirstInStatusLine))
            }
        }
        result.append(Hint(key: window.isTyping ? "F1" : "?", title: "Help")) // in a text field `?` types
        return result
    }

    public override func draw(in canvas: Canvas) {
        if hintsRevision == nil { // drawn before any frame was prepared
            hintsRevision = Responder.keyCommandsRevision
            drawnHints = currentHints()
        }
        var drawn = drawnHints
        // The window's status text at the right end, at most half the line; the rest is the line's own.
        var available = canvas.size.width
        if let status = window?.statusText, !status.isEmpty, canvas.size.width >= 20 {
            let shown = TextLayout.truncate(status, toWidth: canvas.size.width / 2)
            let width = DisplayWidth.of(shown)
            canvas.write(shown, at: Point(x: canvas.size.width - width - 1, y: 0), style: viewConfig.text)
            available = canvas.size.width - width - 2
        }
        if let message {
            canvas.write(" " + TextLayout.truncate(message, toWidth: available - 1), at: .zero, style: viewConfig.text)
            return
        }
        // The help hint (last) always fits: the hints that drop first go first (from the end), then
        // the others from the end.
        func width(_ hint: Hint) -> Int { DisplayWidth.of(hint.key) + 1 + DisplayWidth.of(hint.title) + 2 }
        let helpWidth = drawn.last.map(width) ?? 0
        var needed = 1 + drawn.reduce(0) { $0 + width($1) }
        while needed > available, let i = drawn.dropLast().lastIndex(where: \.dropsFirst) {
            needed -= width(drawn[i])
            drawn.remove(at: i)
        }
        var x = 1
        for (i, hint) in drawn.enumerated() {
            let isHelp = i == drawn.count - 1
            if !isHelp, x + width(hint) + helpWidth > available { continue }
            if isHelp, x + width(hint) > available + 2 { break }
            x = canvas.write(hint.key, at: Point(x: x, y: 0), style: viewConfig.key)
            x = canvas.write(" " + hint.title, at: Point(x: x, y: 0), style: viewConfig.text) + 2
        }
    }
}

@MainActor
extension StatusLine.ViewConfig {
    /// The theme's status line colours, with keys in the theme's key style.
    public static var defaultConfig: StatusLine.ViewConfig {
        let theme = Theme.live
        return StatusLine.ViewConfig(background: theme.statusLine, key: theme.key, text: .plain)
    }
}
