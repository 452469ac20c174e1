/// Shows a taller `contentView` through its own frame. The part in view
/// follows the focus (a field that takes the focus is scrolled into view)
/// and the mouse wheel; a mark on the right edge shows where you are.
@MainActor
open class ScrollView: View {
    /// Put the content here, laid out for `contentHeight` rows.
    public let contentView = View()
    public var contentHeight: Int { didSet { setNeedsLayout() } }
    /// The first content row in view.
    public private(set) var contentOffset = 0

    public init(contentHeight: Int) {
        self.contentHeight = contentHeight
        super.init(frame: .zero)
        addSubview(contentView)
    }

    private var maxOffset: Int { max(0, contentHeight - bounds.height) }

    /// Scrolls so that content rows `rows` are in view (as far as they fit).
    public func scrollToVisible(rows: Range<Int>) {
        guard bounds.height > 0 else { return } // not laid out yet: nothing is in view, nothing to follow
        var offset = contentOffset
        if rows.upperBound > offset + bounds.height { offset = rows.upperBound - bounds.height }
        if rows.lowerBound < offset { offset = rows.lowerBound }
        setOffset(offset)
    }

    private func setOffset(_ offset: Int) {
        let clamped = max(0, min(maxOffset, offset))
        guard clamped != contentOffset else { return }
        contentOffset = clamped
        setNeedsLayout()
        setNeedsDisplay()
    }

    open override func layoutSubviews() {
        contentOffset = min(contentOffset, maxOffset)
        contentView.frame = Rect(x: 0, y: -contentOffset, width: bounds.width, height: contentHeight)
    }

    open override func scrollWheel(up: Bool, at point: Point) -> Bool {
        guard maxOffset > 0 else { return false }
        setOffset(contentOffset + (up ? -3 : 3))
        return true
    }

    open override func drawOverlay(in canvas: Canvas) {
        guard maxOffset > 0, canvas.size.height > 1 else { return }
        let y = Int((Double(contentOffset) / Double(maxOffset) * Double(canvas.size.height - 1)).rounded())
        canvas.write("▐", at: Point(x: canvas.size.width - 1, y: y), style: Theme.current.secondary)
    }

    /// Brings a view inside the content into view.
    func scrollToVisible(_ view: View) {
        guard view.isDescendant(of: contentView) else { return }
        layoutIfNeeded()
        let top = view.convertToWindow(.zero).y - contentView.convertToWindow(.zero).y
        scrollToVisible(rows: top..<(top + max(1, view.frame.height)))
    }
}

extension View {
    /// Scrolls every scroll view this view is inside so that it shows.
    func scrollIntoView() {
        var ancestor = superview
        while let current = ancestor {
            if let scroll = current as? ScrollView { scroll.scrollToVisible(self) }
            ancestor = current.superview
        }
    }
}
