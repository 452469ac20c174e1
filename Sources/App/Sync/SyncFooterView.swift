import TUIKit

/// The Sync screen's bottom line: the progress bar from a pass's first request ("listing…" until
/// the first cards are read), else a message (what happened, what went wrong).
@MainActor
final class SyncFooterView: View {
    private let bar = ProgressBarView()
    private let label = Label("")

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        for v in [bar, label] {
            addSubview(v)
            v.pinEdges(to: self)
        }
        bar.isHidden = true
        label.wrapsText = false
    }

    /// Shows the bar at `fraction`, `caption` in place of its percentage (nil: the message instead).
    func show(fraction: Double?, caption: String? = nil, message: String, isError: Bool) {
        bar.isHidden = fraction == nil
        label.isHidden = fraction != nil
        if let fraction { bar.fraction = fraction }
        bar.caption = caption
        label.textStyle = isError ? Theme.live.error : Theme.live.secondary
        label.text = message
    }

    var text: String { label.text }
    /// What the bar says after itself (tests).
    var barCaption: String? { bar.isHidden ? nil : bar.caption }
}
