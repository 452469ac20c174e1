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
    private var shown: (message: String?, hints: [String])?

    /// Redraws only when the message or the hints (focus, bindings) changed.
    override func refreshLiveContent() {
        let now = (message, hints.flatMap { [$0.key, $0.title] })
        if let shown, shown.message == now.0, shown.hints == now.1 { return }
        setNeedsDisplay()
    }

    public override var intrinsicContentSize: Size? { Size(width: 0, height: 1) }

    /// The hints as drawn: "key title" pairs.
    public var hints: [(key: String, title: String)] {
        guard let window else { return [] }
        var seen = Set<String>()
        var result: [(String, String)] = []
        for command in window.keyCommandsForTarget where command.showsInStatusLine {
            if seen.insert(command.title).inserted { result.append((command.keyLabel, command.title)) }
        }
        result.append((window.isTyping ? "F1" : "?", "Help")) // in a text field `?` types
        return result
    }

    public override func draw(in canvas: Canvas) {
        let hints = self.hints
        shown = (message, hints.flatMap { [$0.key, $0.title] })
        if let message {
            canvas.write(" " + TextLayout.truncate(message, toWidth: canvas.size.width - 1), at: .zero, style: viewConfig.text)
            return
        }
        // The help hint (last) always fits: the hints before it go from the end first.
        let all = hints
        func width(_ hint: (key: String, title: String)) -> Int { DisplayWidth.of(hint.key) + 1 + DisplayWidth.of(hint.title) + 2 }
        let helpWidth = all.last.map(width) ?? 0
        var x = 1
        for (i, hint) in all.enumerated() {
            let isHelp = i == all.count - 1
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
