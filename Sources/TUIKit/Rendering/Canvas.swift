/// What a view draws with: the cell buffer seen through the view's own
/// coordinates (its top-left is (0, 0)) and clipped to what the view may touch.
///
/// ```swift
/// final class Meter: View {
///     var percent = 0 { didSet { setNeedsDisplay() } }
///
///     override func draw(in canvas: Canvas) {
///         canvas.drawBox(canvas.bounds, style: Theme.live.border)
///         let filled = (canvas.size.width - 2) * percent / 100
///         canvas.fill(Rect(x: 1, y: 1, width: filled, height: 1), with: "█", style: Theme.live.emphasis)
///         canvas.write("\(percent)%", at: Point(x: 2, y: 0), style: .bold)
///     }
/// }
/// ```
@MainActor
public struct Canvas {
    /// The renderer's back buffer. A canvas lives for one draw pass and the renderer keeps the
    /// target for its own life, so a canvas holds it without counting (the draw walk copies a
    /// canvas for every view).
    unowned(unsafe) let target: FrameTarget
    /// Where the view's (0, 0) lies in the buffer.
    public let origin: Point
    /// What may be touched, in buffer coordinates.
    public let clip: Rect
    /// The view's size.
    public let size: Size
    /// The style text inherits where it leaves colours open (the view's background).
    public let baseStyle: Style

    init(target: FrameTarget, origin: Point, clip: Rect, size: Size, baseStyle: Style) {
        self.target = target
        self.origin = origin
        self.clip = clip
        self.size = size
        self.baseStyle = baseStyle
    }

    /// The view's whole area in its own coordinates: (0,0) and its size.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// Whether any cell of `rect` (view coordinates) is being drawn: a view drawn for a
    /// small damaged area (a list's scroll mark) can skip the text it would not show.
    public func shows(_ rect: Rect) -> Bool { rect.offsetBy(dx: origin.x, dy: origin.y).intersects(clip) }

    /// Writes text at a point in view coordinates; returns the column after it.
    @discardableResult
    public func write(_ text: some StringProtocol, at point: Point, style: Style = .plain) -> Int {
        let end = target.buffer.write(text, x: origin.x + point.x, y: origin.y + point.y,
                                      style: style.merged(over: baseStyle), clip: clip)
        return end - origin.x
    }

    /// Writes a `String` at a point in view coordinates; returns the column after it (the
    /// generic `write` without its indirection, for views in other modules).
    @discardableResult
    public func write(_ text: String, at point: Point, style: Style = .plain) -> Int {
        let end = target.buffer.write(text, x: origin.x + point.x, y: origin.y + point.y,
                                      style: style.merged(over: baseStyle), clip: clip)
        return end - origin.x
    }

    /// Writes one line cut to the canvas's width, ending in `…` when it does not fit (one pass).
    @discardableResult
    public func writeTruncating(_ text: String, at point: Point, style: Style = .plain) -> Int {
        let end = target.buffer.writeTruncating(text, x: origin.x + point.x, y: origin.y + point.y,
                                                width: size.width - point.x, style: style.merged(over: baseStyle), clip: clip)
        return end - origin.x
    }

    /// Fills a rectangle (view coordinates) with a character.
    public func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
        let r = rect.offsetBy(dx: origin.x, dy: origin.y).intersection(clip)
        guard !r.isEmpty else { return } // clipped away (a box's edges far from a row being redrawn): no cell made
        target.buffer.fill(r, with: Cell(character, style: style.merged(over: baseStyle)))
    }

    /// Changes the style of what is already drawn in a rectangle (view coordinates).
    public func restyle(_ rect: Rect, _ transform: (Style) -> Style) {
        let r = rect.offsetBy(dx: origin.x, dy: origin.y).intersection(clip)
        target.buffer.restyle(r) { transform($0).resolved }
    }

    /// Draws a box outline along the rectangle's edges (view coordinates).
    /// Box glyphs are one column each, so edges are filled cell by cell,
    /// without building or scanning text.
    /// The border is the terminal's (`Glyphs.current.border`: round corners, or square or ASCII
    /// ones where the font has no others) unless one is given.
    public func drawBox(_ rect: Rect, style: Style = .plain, border: BorderStyle? = nil) {
        guard rect.width >= 2, rect.height >= 2, shows(rect) else { return }
        let g = (border ?? Glyphs.current.border).glyphs
        let top = rect.minY, bottom = rect.maxY - 1, left = rect.minX, right = rect.maxX - 1
        fill(Rect(x: left + 1, y: top, width: rect.width - 2, height: 1), with: g.horizontal, style: style)
        fill(Rect(x: left + 1, y: bottom, width: rect.width - 2, height: 1), with: g.horizontal, style: style)
        fill(Rect(x: left, y: top + 1, width: 1, height: rect.height - 2), with: g.vertical, style: style)
        fill(Rect(x: right, y: top + 1, width: 1, height: rect.height - 2), with: g.vertical, style: style)
        fill(Rect(x: left, y: top, width: 1, height: 1), with: g.topLeft, style: style)
        fill(Rect(x: right, y: top, width: 1, height: 1), with: g.topRight, style: style)
        fill(Rect(x: left, y: bottom, width: 1, height: 1), with: g.bottomLeft, style: style)
        fill(Rect(x: right, y: bottom, width: 1, height: 1), with: g.bottomRight, style: style)
    }

    /// A canvas for a child area: same buffer, origin moved, clip narrowed.
    func child(frame: Rect, baseStyle: Style) -> Canvas {
        let absolute = frame.offsetBy(dx: origin.x, dy: origin.y)
        return Canvas(target: target, origin: absolute.origin, clip: clip.intersection(absolute),
                      size: frame.size, baseStyle: baseStyle)
    }
}

/// The buffer a frame is composed into, shared by every canvas of that frame.
@MainActor
final class FrameTarget {
    @exclusivity(unchecked) var buffer: CellBuffer
    init(buffer: CellBuffer) { self.buffer = buffer }
}
