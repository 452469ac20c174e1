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
    /// What the tour's hint says: a key takes over, and how to leave.
    public static let tourHint = "any key: try it · " + leaveHint

    /// The bar's text: the message, and the hint on the right.
    public var text: (message: String, hint: String) {
        switch content {
        case .touring(let step, let count, let name, let caption):
            ("\(Glyphs.current.playing) \(step)/\(count) \(name) · \(caption)", Self.tourHint)
        case .paused(let seconds):
            ("\(Glyphs.current.paused) Your turn · demo data, nothing is saved · the tour resumes after \(seconds) s idle", Self.leaveHint)
        case .notice(let text):
            (text, Self.leaveHint)
        }
    }

    /// The shorter messages to fall back on where the whole one does not fit
    /// beside the hint ("▶ 3/9 Friends", "▶ 3/9"), longest first.
    private var shortMessages: [String] {
        guard case .touring(let step, let count, let name, _) = content else { return [] }
        return ["\(Glyphs.current.playing) \(step)/\(count) \(name)", "\(Glyphs.current.playing) \(step)/\(count)"]
    }

    /// What fits in `width` columns: the hint whole (the tour's, else at least
    /// how to leave), and as much of the message as fits beside it — cut with
    /// an ellipsis where a good part of it fits, else a shorter form of it.
    func fitted(toWidth width: Int) -> (message: String, hint: String) {
        let (message, fullHint) = text
        // 1 column at each edge and 2 between the two.
        func room(for hint: String) -> Int { width - DisplayWidth.of(hint) - 4 }
        let hint = [fullHint, Self.leaveHint].first { room(for: $0) >= min(DisplayWidth.of(message), 5) } ?? Self.leaveHint
        let room = room(for: hint)
        if DisplayWidth.of(message) <= room { return (message, hint) }
        if room >= 24 { return (TextLayout.truncate(message, toWidth: room), hint) }
        let short = shortMessages.first { DisplayWidth.of($0) <= room }
        return (short ?? TextLayout.truncate(message, toWidth: max(0, room)), hint)
    }

    public override func draw(in canvas: Canvas) {
        let style = Theme.live.titleBar
        let width = canvas.size.width
        canvas.write(String(repeating: " ", count: width), at: .zero, style: style)
        let (message, hint) = fitted(toWidth: width)
        let hintWidth = DisplayWidth.of(hint) + 1
        canvas.write(message, at: Point(x: 1, y: 0), style: style)
        if width >= hintWidth + 10 {
            canvas.write(hint, at: Point(x: width - hintWidth, y: 0), style: style.adding(.bold))
        }
    }
}
