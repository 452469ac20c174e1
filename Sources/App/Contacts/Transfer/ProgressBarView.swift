import TUIKit

/// `████████░░░░░░░░  42%`: how far a long job is, one row.
@MainActor
final class ProgressBarView: View {
    /// From 0 to 1.
    var fraction: Double = 0 { didSet { if oldValue != fraction { setNeedsDisplay() } } }

    override func draw(in canvas: Canvas) {
        let width = max(0, bounds.size.width - 5)
        let clamped = min(1, max(0, fraction))
        let filled = Int((Double(width) * clamped).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let percent = String(Int((clamped * 100).rounded(.down)))
        let x = canvas.write(bar, at: .zero, style: Theme.live.key)
        canvas.write(String(repeating: " ", count: 5 - percent.count - 1) + percent + "%", at: Point(x: x, y: 0))
    }
}
