/// Covers the whole screen when the terminal is below the app's minimum size.
@MainActor
final class TooSmallView: View {
    var message = "" { didSet { setNeedsDisplay() } }

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        style = Theme.live.base
    }

    override func draw(in canvas: Canvas) {
        canvas.fill(canvas.bounds)
        let lines = TextLayout.wrap(message, toWidth: max(1, canvas.size.width))
        let top = max(0, (canvas.size.height - lines.count) / 2)
        for (i, line) in lines.enumerated() {
            let x = TextLayout.offset(forLineWidth: DisplayWidth.of(line), in: canvas.size.width, alignment: .center)
            canvas.write(line, at: Point(x: x, y: top + i), style: Theme.live.error)
        }
    }
}
