/// A piece of read-only text: one line truncated with `…`, or wrapped over
/// several lines; aligned leading, centred or trailing.
///
/// ```swift
/// let heading = Label("Contacts", style: Theme.live.emphasis, alignment: .center)
/// let note = Label("Press / to search.")
/// note.wrapsText = true
/// note.textStyle = Theme.live.secondary
/// ```
@MainActor
open class Label: View {
    /// The text shown; a newline starts another line.
    open var text: String { didSet { if text != oldValue { textDidChange() } } }
    /// The style of the text itself (over the view's `style`).
    public var textStyle: Style = .plain { didSet { setNeedsDisplay() } }
    /// Where each line sits in the label's width: leading, centred or trailing.
    public var alignment: TextAlignment = .leading { didSet { setNeedsDisplay() } }
    /// Wrap onto as many lines as the height allows (the last shown line ends in `…` if more is left).
    public var wrapsText = false { didSet { textDidChange() } }

    /// A label showing `text` in `style`, aligned as given.
    public init(_ text: String = "", style: Style = .plain, alignment: TextAlignment = .leading) {
        self.text = text
        self.textStyle = style
        self.alignment = alignment
        super.init(frame: .zero)
    }

    private func textDidChange() {
        setNeedsDisplay()
        // Only a label placed by constraints can need another size; one placed by its frame cannot.
        if !constraintRefs.isEmpty { superview?.setNeedsLayout() }
    }

    open override var intrinsicContentSize: Size? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return Size(width: lines.map { DisplayWidth.of(String($0)) }.max() ?? 0, height: lines.count)
    }

    open override func heightThatFits(width: Int) -> Int? {
        wrapsText ? max(1, TextLayout.wrap(text, toWidth: width).count) : intrinsicContentSize?.height
    }

    /// The lines as they will be drawn in the current size.
    public var displayedLines: [String] { measuredLines().map(\.text) }

    private struct MeasuredLine { let text: String; let width: Int }
    private struct CacheKey: Equatable { let text: String; let wraps: Bool; let size: Size }
    private var cache: (key: CacheKey, lines: [MeasuredLine])?

    /// The lines with their widths, worked out once per text and size.
    private func measuredLines() -> [MeasuredLine] {
        let key = CacheKey(text: text, wraps: wrapsText, size: bounds.size)
        if let cache, cache.key == key { return cache.lines }
        let width = bounds.width, height = bounds.height
        var lines: [String] = []
        if width > 0, height > 0 {
            if wrapsText {
                lines = TextLayout.wrap(text, toWidth: width)
            } else if text.utf8.contains(10) {
                lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            } else {
                lines = [text]
            }
            if lines.count > height {
                lines = Array(lines.prefix(height))
                let last = lines[height - 1]
                lines[height - 1] = DisplayWidth.of(last) < width ? last + "…" : TextLayout.truncate(last + "…", toWidth: width)
            }
        }
        let measured = lines.map { line -> MeasuredLine in
            let w = DisplayWidth.of(line)
            if w <= width { return MeasuredLine(text: line, width: w) }
            let cut = TextLayout.truncate(line, toWidth: width)
            return MeasuredLine(text: cut, width: DisplayWidth.of(cut))
        }
        cache = (key, measured)
        return measured
    }

    open override func draw(in canvas: Canvas) {
        // The common case — one leading-aligned line — is drawn and cut in one pass, unmeasured
        // (on a one-line label a newline ends the text there; a taller one shows its lines).
        if alignment == .leading, !wrapsText, canvas.size.height == 1 || (canvas.size.height > 1 && !text.utf8.contains(10)) {
            canvas.writeTruncating(text, at: .zero, style: textStyle)
            return
        }
        for (row, line) in measuredLines().enumerated() {
            let x = TextLayout.offset(forLineWidth: line.width, in: canvas.size.width, alignment: alignment)
            canvas.write(line.text, at: Point(x: x, y: row), style: textStyle)
        }
    }
}
