/// A control that runs its action on Enter, Space or a click: `[ Title ]`.
///
/// ```swift
/// let save = Button(title: "Save") { [unowned self] in save() }
/// view.addSubview(save)
/// save.isEnabled = form.isValid
/// ```
@MainActor
open class Button: View {
    /// The button's styles.
    public struct ViewConfig {
        /// The style when the button does not have the focus.
        public var normal: Style
        /// The style when it has the focus.
        public var focused: Style
    }

    /// The text between the brackets.
    public var title: String { didSet { setNeedsDisplay(); superview?.setNeedsLayout() } }
    /// What pressing the button does.
    public var action: (() -> Void)?
    /// A disabled button is drawn dim, cannot take the focus and ignores presses.
    public var isEnabled = true { didSet { setNeedsDisplay() } }
    /// The styles it draws with: those given to `init`, else the current theme's, looked up when it draws
    /// (a change of `Theme.current` shows at the next full redraw, nothing rebuilt).
    public var viewConfig: ViewConfig { givenConfig ?? .defaultConfig }
    private let givenConfig: ViewConfig?

    /// A button titled `title` that runs `action` when pressed; pass `viewConfig` to fix its styles, else it follows the theme.
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
    /// The theme's styles: emphasis, and the selection in bold when focused.
    public static var defaultConfig: Button.ViewConfig {
        Button.ViewConfig(normal: Theme.live.emphasis, focused: Theme.live.selection.adding(.bold))
    }
}
