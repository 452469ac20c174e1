/// The top row of a navigation stack: back or left item, the title, the right item.
@MainActor
public final class TitleBarView: View {
    public struct ViewConfig {
        public var bar: Style
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

    public override func draw(in canvas: Canvas) {
        let width = canvas.size.width
        leftRange = 0..<0
        rightRange = 0..<0
        if let leftItem {
            let text = " ‹ " + leftItem.label + " "
            let end = canvas.write(text, at: .zero, style: viewConfig.item)
            leftRange = 0..<end
        }
        if let rightItem {
            let text = " " + rightItem.label + " › "
            let x = max(leftRange.upperBound, width - DisplayWidth.of(text))
            let end = canvas.write(text, at: Point(x: x, y: 0), style: viewConfig.item)
            rightRange = x..<end
        }
        let room = max(0, width - 2 * max(leftRange.upperBound, width - (rightRange.isEmpty ? width : rightRange.lowerBound)) - 2)
        let shown = TextLayout.truncate(title, toWidth: room)
        let x = TextLayout.offset(forLineWidth: DisplayWidth.of(shown), in: width, alignment: .center)
        canvas.write(shown, at: Point(x: x, y: 0))
    }

    public override func mouseDown(at point: Point) -> Bool {
        if leftRange.contains(point.x), let leftItem { leftItem.action(); return true }
        if rightRange.contains(point.x), let rightItem { rightItem.action(); return true }
        return false
    }
}

@MainActor
extension TitleBarView.ViewConfig {
    public static var defaultConfig: TitleBarView.ViewConfig {
        TitleBarView.ViewConfig(bar: Theme.current.titleBar, item: Style(attributes: .bold))
    }
}
