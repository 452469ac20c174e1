/// A framed panel: a border around its subviews, with an optional title in
/// the top edge. Content goes inside `contentInsets` (one cell by default).
@MainActor
open class BoxView: View {
    public var title: String? { didSet { setNeedsDisplay() } }
    public var border: BorderStyle = .rounded { didSet { setNeedsDisplay() } }
    public var borderStyle: Style = .plain { didSet { setNeedsDisplay() } }
    public var titleStyle: Style = .bold { didSet { setNeedsDisplay() } }

    /// Where content belongs: inside the border.
    public var contentInsets: EdgeInsets { EdgeInsets(all: 1) }

    public init(title: String? = nil, border: BorderStyle = .rounded) {
        self.title = title
        self.border = border
        super.init(frame: .zero)
    }

    open override func draw(in canvas: Canvas) {
        canvas.drawBox(canvas.bounds, style: borderStyle, border: border)
        if let title, canvas.size.width > 6 {
            let text = " " + TextLayout.truncate(title, toWidth: canvas.size.width - 6) + " "
            let x = TextLayout.offset(forLineWidth: DisplayWidth.of(text), in: canvas.size.width, alignment: .center)
            canvas.write(text, at: Point(x: x, y: 0), style: titleStyle)
        }
    }
}
