/// The `?` help overlay: the keys of the current screen, from the same key
/// commands the keys run.
extension Application {
    /// Closes the help overlay, if it shows.
    public func dismissHelp() {
        helpOverlay?.removeFromSuperview()
        helpOverlay = nil
    }

    /// Shows the keys of the current screen, collected from the responder chain.
    public func showHelp() {
        guard helpOverlay == nil else { return }
        // The screen's own actions (those the hint bar offers) first, then the rest: a list's movement keys, q, F2.
        let commands = window.keyCommandsForTarget
        let ordered = commands.filter(\.showsInStatusLine) + commands.filter { !$0.showsInStatusLine }
        let overlay = HelpOverlayView(commands: ordered, closingRows: helpClosingRows, typing: window.isTyping)
        window.addSubview(overlay)
        overlay.pinEdges(to: window)
        helpOverlay = overlay
    }
}
