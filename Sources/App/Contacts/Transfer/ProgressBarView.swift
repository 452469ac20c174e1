import TUIKit

/// `████████░░░░░░░░  42%`: how far a long job is, one row; before there is a fraction to show,
/// a word in place of the percentage (`░░░░░░░░░░ listing…`).
@MainActor
final class ProgressBarView: View {
    /// From 0 to 1.
    var fraction: Double = 0 { didSet { if oldValue != fraction { setNeedsDisplay() } } }
    /// Said after the bar instead of the percentage (nil: the percentage).
    var caption: String? { didSet { if oldValue != caption { setNeedsDisplay() } } }

    override func draw(in canvas: Canvas) {
        let clamped = min(1, max(0, fraction))
        let after = caption.map { " " + $0 } ?? "\(Int((clamped * 100).rounded(.down)))%"
        let room = max(5, DisplayWidth.of(after) + 1)
        let width = max(0, bounds.size.width - room)
        let filled = Int((Double(width) * clamped).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let x = canvas.write(bar, at: .zero, style: Theme.live.key)
        canvas.write(String(repeating: " ", count: max(0, room - DisplayWidth.of(after))) + after, at: Point(x: x, y: 0))
    }
}
