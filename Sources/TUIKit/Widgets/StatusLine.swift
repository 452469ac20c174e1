/// One line of key hints for whatever has the focus, from the responder
/// chain's key commands (the ones marked `showsInStatusLine`), with `? Help`.
@MainActor
public final class StatusLine: View {
    public struct ViewConfig {
        public var background: Style
        public var key: Style
        public var text: Style
    }

    public let viewConfig: ViewConfig
    /// A message shown instead of the hints until the next key (errors, confirmations).
    public var message: String? { didSet { setNeedsDisplay() } }

    public init(viewConfig: ViewConfig = .defaultConfig) {
        self.viewConfig = viewConfig
        super.init(frame: .zero)
        style = viewConfig.background
    }

    public override func didMoveToWindow() {
        window?.redrawBeforeEveryFrame(self)
    }

    /// What was drawn last: the message, or the hints it was drawn from.
    private var shown: (message: String?, hints: [Hint])?
    /// The hints `refreshLiveContent` worked out this frame, for `draw` (one walk of the chain a frame).
    private var fresh: [Hint]?

    private struct Hint: Equatable {
        var key: String
        var title: String
    }

    /// Redraws only when the message or the hints (focus, bindings) changed.
    override func refreshLiveContent() {
        let now = currentHints()
        fresh = now
        if let shown, shown.message == message, shown.hints == now { return }
        setNeedsDisplay()
    }

    public override var intrinsicContentSize: Size? { Size(width: 0, height: 1) }

    /// The hints as drawn: "key title" pairs.
    public var hints: [(key: String, title: String)] { currentHints().map { ($0.key, $0.title) } }

    private func currentHints() -> [Hint] {
        guard let window else { return [] }
        var result: [Hint] = []
        for command in window.keyCommandsForTarget where command.showsInStatusLine {
            // A title shown once (a handful of hints: a look back is cheaper than a set).
            if !result.contains(where: { $0.title == command.title }) { result.append(Hint(key: command.keyLabel, title: command.title)) }
        }
        result.append(Hint(key: window.isTyping ? "F1" : "?", title: "Help")) // in a text field `?` types
        return result
    }

    public override func draw(in canvas: Canvas) {
        let drawn = fresh ?? currentHints()
        fresh = nil
        shown = (message, drawn)
        if let message {
            canvas.write(" " + TextLayout.truncate(message, toWidth: canvas.size.width - 1), at: .zero, style: viewConfig.text)
            return
        }
        // The help hint (last) always fits: the hints before it go from the end first.
        func width(_ hint: Hint) -> Int { DisplayWidth.of(hint.key) + 1 + DisplayWidth.of(hint.title) + 2 }
        let helpWidth = drawn.last.map(width) ?? 0
        var x = 1
        for (i, hint) in drawn.enumerated() {
            let isHelp = i == drawn.count - 1
            if !isHelp, x + width(hint) + helpWidth > canvas.size.width { continue }
            x = canvas.write(hint.key, at: Point(x: x, y: 0), style: viewConfig.key)
            x = canvas.write(" " + hint.title, at: Point(x: x, y: 0), style: viewConfig.text) + 2
        }
    }
}

@MainActor
extension StatusLine.ViewConfig {
    public static var defaultConfig: StatusLine.ViewConfig {
        let theme = Theme.current
        return StatusLine.ViewConfig(background: theme.statusLine, key: theme.key, text: .plain)
    }
}
