/// A spinner that turns on the run loop's clock while animating (and holds
/// still while `Animator.animationsEnabled` is off).
@MainActor
public final class ActivityIndicator: View {
    public static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    public static let interval: Duration = .milliseconds(80)

    public private(set) var isAnimating = false
    public private(set) var frameIndex = 0
    /// Text after the spinner ("Loading…").
    public var text: String { didSet { setNeedsDisplay(); superview?.setNeedsLayout() } }
    public var hidesWhenStopped = true { didSet { setNeedsDisplay() } }
    public var spinnerStyle: Style = .plain
    private var timer: Timer?

    public init(text: String = "") {
        self.text = text
        super.init(frame: .zero)
        spinnerStyle = Theme.live.key
    }

    public override var intrinsicContentSize: Size? {
        Size(width: 1 + (text.isEmpty ? 0 : 1 + DisplayWidth.of(text)), height: 1)
    }

    public func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        scheduleTimer()
        setNeedsDisplay()
    }

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
