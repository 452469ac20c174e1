/// The top row of a navigation stack: back or left item, the title, the right item.
@MainActor
public final class TitleBarView: View {
    /// The title bar's styles.
    public struct ViewConfig {
        /// The style of the whole bar and its title.
        public var bar: Style
        /// The style of the left and right buttons, over the bar's style.
        public var item: Style
    }

    var leftItem: BarButtonItem? { didSet { setNeedsDisplay() } }
    var rightItem: BarButtonItem? { didSet { setNeedsDisplay() } }
    var title: String = "" { didSet { setNeedsDisplay() } }
    private let viewConfig: ViewConfig
    private var leftRange = 0..<0
    private var rightRange = 0..<0

    init(viewConfig: ViewConfig = .defaultConfig) {
        self.viewConfig = viewConfig
        super.init(frame: .zero)
        style = viewConfig.bar
    }

    /// The items' texts: with their keys, or (`compact`) without them.
    private func itemTexts(compact: Bool) -> (left: String?, right: String?) {
        let glyphs = Glyphs.current
        return (leftItem.map { " \(glyphs.back) " + (compact ? $0.title : $0.label) + " " },
                rightItem.map { " " + (compact ? $0.title : $0.label) + " \(glyphs.disclosure) " })
    }

    public override func draw(in canvas: Canvas) {
        let width = canvas.size.width
        let titleWidth = DisplayWidth.of(title)
        // The title uses the room it has: centred on the bar when it fits there, else in the gap between the
        // items, whose key hints go first when even the gap is too small.
        var texts = itemTexts(compact: false)
        let gap = { (t: (left: String?, right: String?)) in
            width - (t.left.map(DisplayWidth.of) ?? 0) - (t.right.map(DisplayWidth.of) ?? 0) - 2 }
        if gap(texts) < titleWidth { texts = itemTexts(compact: true) }
        leftRange = 0..<0
        rightRange = 0..<0
        if let text = texts.left {
            let end = canvas.write(text, at: .zero, style: viewConfig.item)
            leftRange = 0..<end
        }
        if let text = texts.right {
            let x = max(leftRange.upperBound, width - DisplayWidth.of(text))
            let end = canvas.write(text, at: Point(x: x, y: 0), style: viewConfig.item)
            rightRange = x..<end
        }
        let rightStart = rightRange.isEmpty ? width : rightRange.lowerBound
        let centredRoom = max(0, width - 2 * max(leftRange.upperBound, width - rightStart) - 2)
        if titleWidth <= centredRoom {
            canvas.write(title, at: Point(x: TextLayout.offset(forLineWidth: titleWidth, in: width, alignment: .center), y: 0))
            return
        }
        let gapStart = leftRange.upperBound + 1, gapWidth = max(0, rightStart - leftRange.upperBound - 2)
        let shown = Self.truncate(title, toWidth: gapWidth)
        canvas.write(shown, at: Point(x: gapStart + (gapWidth - DisplayWidth.of(shown)) / 2, y: 0))
    }

    /// `title` cut to `width` with "…"; a count in parentheses at its end ("Contacts by first name
    /// (100,012)") is kept whole and the words before it are cut, as long as some of them fit.
    static func truncate(_ title: String, toWidth width: Int) -> String {
        guard DisplayWidth.of(title) > width else { return title }
        if title.hasSuffix(")"), let paren = title.lastIndex(of: "("), paren > title.startIndex,
           title[title.index(before: paren)] == " " {
            let space = title.index(before: paren)
            let tail = String(title[space...])
            let tailWidth = DisplayWidth.of(tail)
            if width - tailWidth >= 4 { return TextLayout.truncate(String(title[..<space]), toWidth: width - tailWidth) + tail }
            if tailWidth - 1 <= width { return String(tail.dropFirst()) } // only the count fits: the count
        }
        return TextLayout.truncate(title, toWidth: width)
    }

    public override func mouseDown(at point: Point) -> Bool {
        if leftRange.contains(point.x), let leftItem { leftItem.action(); return true }
        if rightRange.contains(point.x), let rightItem { rightItem.action(); return true }
        return false
    }
}

@MainActor
extension TitleBarView.ViewConfig {
    /// The theme's title bar style, with bold buttons.
    public static var defaultConfig: TitleBarView.ViewConfig {
        TitleBarView.ViewConfig(bar: Theme.live.titleBar, item: Style(attributes: .bold))
    }
}
