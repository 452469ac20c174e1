/// Shows a taller `contentView` through its own frame. The part in view
/// follows the focus (a field that takes the focus is scrolled into view)
/// and the mouse wheel; a mark on the right edge shows where you are.
///
/// ```swift
/// let scroll = ScrollView(contentHeight: 40)
/// view.addSubview(scroll)
/// scroll.pinEdges(to: view)
/// scroll.contentView.addSubview(form)   // laid out in 40 rows; the focus scrolls it
/// form.pinEdges(to: scroll.contentView)
/// ```
@MainActor
open class ScrollView: View {
    /// Put the content here, laid out for `contentHeight` rows.
    public let contentView = View()
    /// The content's height in rows; the content view is this tall and as wide as the scroll view.
    public var contentHeight: Int { didSet { setNeedsLayout() } }
    /// The first content row in view.
    public private(set) var contentOffset = 0

    /// A scroll view whose content is `contentHeight` rows tall, scrolled to the top.
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

    /// The height of the last layout: when it changes (the first layout, a resize), the focus is followed again.
    private var laidOutHeight = 0

    open override func layoutSubviews() {
        contentOffset = min(contentOffset, maxOffset)
        contentView.frame = Rect(x: 0, y: -contentOffset, width: bounds.width, height: contentHeight)
        guard bounds.height != laidOutHeight else { return }
        laidOutHeight = bounds.height
        // A field focused before there was room to show it (the screen's first field), or before a resize, comes into view.
        guard bounds.height > 0, let focus = window?.firstResponder, focus.isDescendant(of: contentView) else { return }
        contentView.layoutIfNeeded()
        follow(focus)
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
        canvas.write(Glyphs.current.scrollMark, at: Point(x: canvas.size.width - 1, y: y), style: Theme.live.secondary)
    }

    /// Views that come into view with another (a field's caption above it), by the other's identity.
    private var companions: [ObjectIdentifier: Companion] = [:]
    private struct Companion { weak var view: View? }

    /// When `view` is scrolled into view, `companion` (its caption) comes too, as far as both fit; `view` first.
    public func reveal(_ companion: View, with view: View) {
        companions[ObjectIdentifier(view)] = Companion(view: companion)
    }

    /// Brings a view inside the content into view (with its companion where both fit).
    func scrollToVisible(_ view: View) {
        guard view.isDescendant(of: contentView) else { return }
        // Never laid out with a height yet (a screen's first focus, before its first frame): the
        // first layout follows the focus itself, so laying the content out now would be done twice.
        guard laidOutHeight > 0 else { return }
        layoutIfNeeded()
        follow(view)
    }

    /// Scrolls to a view of the laid-out content and its companion.
    private func follow(_ view: View) {
        let rows = self.rows(of: view)
        if let companion = companions[ObjectIdentifier(view)]?.view, companion.isDescendant(of: contentView) {
            let other = self.rows(of: companion)
            scrollToVisible(rows: min(rows.lowerBound, other.lowerBound)..<max(rows.upperBound, other.upperBound))
        }
        scrollToVisible(rows: rows)
    }

    private func rows(of view: View) -> Range<Int> {
        let top = view.convertToWindow(.zero).y - contentView.convertToWindow(.zero).y
        return top..<(top + max(1, view.frame.height))
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
