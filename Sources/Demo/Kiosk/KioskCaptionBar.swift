import TUIKit

/// The kiosk's bottom row: what the tour shows now, or that the visitor has
/// the app, and always how to leave.
@MainActor
public final class KioskCaptionBar: View {
    /// What the bar says.
    public enum Content: Equatable, Sendable {
        case touring(step: Int, of: Int, name: String, caption: String)
        case paused(idleSeconds: Int)
        /// A word on leaving (after ^C, ^Z or q), until the next key.
        case notice(String)
    }

    public var content: Content = .notice("") { didSet { if content != oldValue { setNeedsDisplay() } } }

    public init() { super.init(frame: .zero) }

    public static let leaveHint = "^] q: leave"

    /// The bar's text: the message, and the hint on the right.
    public var text: (message: String, hint: String) {
        switch content {
        case .touring(let step, let count, let name, let caption):
            ("▶ \(step)/\(count) \(name) · \(caption)", "any key: try it · " + Self.leaveHint)
        case .paused(let seconds):
            ("❚❚ Your turn · demo data, nothing is saved · the tour resumes after \(seconds) s idle", Self.leaveHint)
        case .notice(let text):
            (text, Self.leaveHint)
        }
    }

    public override func draw(in canvas: Canvas) {
        let style = Theme.current.titleBar
        let width = canvas.size.width
        canvas.write(String(repeating: " ", count: width), at: .zero, style: style)
        let (message, fullHint) = text
        // The message comes first; the hint as much as fits after it (always at least how to leave).
        let messageWidth = DisplayWidth.of(message)
        let hint = [fullHint, Self.leaveHint].first { messageWidth + DisplayWidth.of($0) + 4 <= width } ?? Self.leaveHint
        let hintWidth = DisplayWidth.of(hint) + 1
        canvas.write(TextLayout.truncate(message, toWidth: max(0, width - hintWidth - 3)), at: Point(x: 1, y: 0), style: style)
        if width >= hintWidth + 10 {
            canvas.write(hint, at: Point(x: width - hintWidth, y: 0), style: style.adding(.bold))
        }
    }
}
