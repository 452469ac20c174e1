extension Application {
    /// Covers the window with what to do when the terminal is smaller than `minimumSize`.
    func showTooSmall() {
        let view = tooSmallView ?? TooSmallView()
        view.message = "Terminal too small\nneed \(minimumSize.width)x\(minimumSize.height), have \(terminal.size.width)x\(terminal.size.height)\nMake the window larger."
        if tooSmallView == nil {
            window.addSubview(view)
            view.pinEdges(to: window)
            tooSmallView = view
        } else {
            window.bringSubviewToFront(view)
        }
    }
}
