/// A spinner that turns on the run loop's clock while animating (and holds
/// still while `Animator.animationsEnabled` is off).
///
/// ```swift
/// let spinner = ActivityIndicator(text: "Loading…")
/// view.addSubview(spinner)
/// spinner.startAnimating()
/// // when the contacts are read:
/// spinner.stopAnimating()
/// ```
@MainActor
public final class ActivityIndicator: View {
    /// The spinner's glyphs, shown in turn.
    public static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// How long each glyph shows.
    public static let interval: Duration = .milliseconds(80)

    /// Whether the spinner is turning.
    public private(set) var isAnimating = false
    /// Which of `frames` shows now.
    public private(set) var frameIndex = 0
    /// Text after the spinner ("Loading…").
    public var text: String { didSet { setNeedsDisplay(); superview?.setNeedsLayout() } }
    /// Whether the indicator draws nothing while stopped (the default).
    public var hidesWhenStopped = true { didSet { setNeedsDisplay() } }
    /// The spinner glyph's style (the theme's key colour unless set).
    public var spinnerStyle: Style = .plain
    private var timer: Timer?

    /// A stopped indicator with `text` after the spinner; call `startAnimating()` to show it turning.
    public init(text: String = "") {
        self.text = text
        super.init(frame: .zero)
        spinnerStyle = Theme.live.key
    }

    public override var intrinsicContentSize: Size? {
        Size(width: 1 + (text.isEmpty ? 0 : 1 + DisplayWidth.of(text)), height: 1)
    }

    /// Starts turning the spinner (and shows it, if it hides when stopped).
    public func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        scheduleTimer()
        setNeedsDisplay()
    }

    /// Stops the spinner (and hides it, if it hides when stopped).
    public func stopAnimating() {
        isAnimating = false
        timer?.cancel()
        timer = nil
        setNeedsDisplay()
    }

    public override func didMoveToWindow() {
        timer?.cancel()
        timer = nil
        if isAnimating { scheduleTimer() }
    }

    private func scheduleTimer() {
        guard timer == nil, let scheduler = window?.scheduler else { return }
        timer = scheduler.every(Self.interval) { [weak self] _ in
            guard let self, Animator.animationsEnabled else { return }
            self.frameIndex = (self.frameIndex + 1) % Self.frames.count
            self.setNeedsDisplay()
        }
    }

    public override func draw(in canvas: Canvas) {
        guard isAnimating || !hidesWhenStopped else { return }
        let x = canvas.write(String(Self.frames[frameIndex]), at: .zero, style: spinnerStyle)
        if !text.isEmpty { canvas.write(" " + text, at: Point(x: x, y: 0)) }
    }
}
