/// A control that runs its action on Enter, Space or a click: `[ Title ]`.
@MainActor
open class Button: View {
    public struct ViewConfig {
        public var normal: Style
        public var focused: Style
    }

    public var title: String { didSet { setNeedsDisplay(); superview?.setNeedsLayout() } }
    public var action: (() -> Void)?
    public var isEnabled = true { didSet { setNeedsDisplay() } }
    /// The styles it draws with: those given to `init`, else the current theme's, looked up when it draws
    /// (a change of `Theme.current` shows at the next full redraw, nothing rebuilt).
    public var viewConfig: ViewConfig { givenConfig ?? .defaultConfig }
    private let givenConfig: ViewConfig?

    public init(title: String, viewConfig: ViewConfig? = nil, action: (() -> Void)? = nil) {
        self.title = title
        self.action = action
        self.givenConfig = viewConfig
        super.init(frame: .zero)
    }

    open override var canBecomeFirstResponder: Bool { isEnabled && !isHidden }
    open override var intrinsicContentSize: Size? { Size(width: DisplayWidth.of(title) + 4, height: 1) }

    open override func handleKey(_ key: Key) -> Bool {
        guard key == .enter || key == .character(" ") else { return false }
        press()
        return true
    }

    open override func mouseDown(at point: Point) -> Bool {
        press()
        return true
    }

    /// Runs the action, as a key or click would.
    public func press() {
        guard isEnabled else { return }
        action?()
    }

    open override func draw(in canvas: Canvas) {
        let style = isFirstResponder ? viewConfig.focused : viewConfig.normal
        let text = TextLayout.truncate("[ \(title) ]", toWidth: canvas.size.width)
        let x = TextLayout.offset(forLineWidth: DisplayWidth.of(text), in: canvas.size.width, alignment: .center)
        canvas.write(text, at: Point(x: x, y: 0), style: isEnabled ? style : style.adding(.dim))
    }
}

@MainActor
extension Button.ViewConfig {
    public static var defaultConfig: Button.ViewConfig {
        Button.ViewConfig(normal: Theme.live.emphasis, focused: Theme.live.selection.adding(.bold))
    }
}
