import TUIKit

/// After every frame, draws the whole window again from scratch into a
/// fresh renderer (every view, hidden under others or not) and compares it
/// with what the incremental frames left on screen: damage tracking, moved
/// rows, views left undrawn under opaque ones and partial layout must add up
/// to the same picture; and the frame's layout pass must have found no issue
/// (conflicting or ambiguous constraints). Either is recorded as an issue of
/// the running test, naming the frame and the rows or the issues.
@MainActor
public enum RedrawCheck {
    /// Checks every frame `app` renders from now on (keeping any `onFrame` it had).
    public static func install(on app: Application) {
        let previous = app.onFrame
        app.onFrame = { [weak app] number, time in
            previous?(number, time)
            guard let app else { return }
            if let difference = mismatch(in: app) { HarnessFailure.record("frame \(number): \(difference)") }
            if let issues = layoutIssues(in: app) { HarnessFailure.record("frame \(number): \(issues)") }
            if let stale = staleHints(in: app) { HarnessFailure.record("frame \(number): \(stale)") }
        }
    }

    /// Whether a status line shows hints that a walk of the responder chain no
    /// longer finds (a responder's commands changed and it did not call
    /// `setNeedsKeyCommandsUpdate()`): a description when so, else nil.
    public static func staleHints(in app: Application) -> String? {
        func staleLine(in view: View) -> StatusLine? {
            if let line = view as? StatusLine, !line.isHidden, !line.showsCurrentHints { return line }
            return view.subviews.lazy.compactMap(staleLine).first
        }
        guard let line = staleLine(in: app.window) else { return nil }
        let now = line.hints.map { "\($0.key) \($0.title)" }.joined(separator: "  ")
        return "the status line's hints are stale (a responder's key commands changed without setNeedsKeyCommandsUpdate()); a walk of the chain finds: \(now)"
    }

    /// The issues the last layout pass found, as text; nil when it found none.
    public static func layoutIssues(in app: Application) -> String? {
        let issues = app.window.layoutIssues
        guard !issues.isEmpty else { return nil }
        return "the layout found \(issues.count) issue(s):\n" + issues.map { "  \($0)" }.joined(separator: "\n")
    }

    /// Compares the incremental screen with a from-scratch render now: nil
    /// when they agree, else the rows that differ. Call it right after a
    /// frame: the fresh render takes the window's pending dirty rectangles.
    public static func mismatch(in app: Application) -> String? {
        let window = app.window
        let fresh = Renderer(size: window.frame.size)
        fresh.skipsHiddenViews = false // every view drawn: what culling left out must not have shown
        _ = fresh.render(window)
        let incremental = app.renderer.front
        guard fresh.front != incremental else { return nil }
        var rows: [String] = []
        for y in 0..<incremental.size.height where (0..<incremental.size.width).contains(where: { incremental[$0, y] != fresh.front[$0, y] }) {
            rows.append("row \(y):\n  incremental: \(incremental.text(ofRow: y))\n  from scratch: \(fresh.front.text(ofRow: y))")
        }
        return "the incremental screen differs from a from-scratch render\n" + rows.joined(separator: "\n")
    }
}
