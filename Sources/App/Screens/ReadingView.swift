import TUIKit

/// Read-only text laid out for the width it is given, in rows of styled pieces, that scrolls
/// when it is taller than its frame: a line, a page, to either end (by keys its controller
/// offers, see `scrollCommands`) and by the mouse wheel; a mark on the right edge shows where.
/// The contact card and the import/export summary are made of it.
@MainActor
final class ReadingView: View {
    /// A piece of a row: text starting at a column, in a style.
    struct Piece: Equatable {
        var column: Int
        var text: String
        var style: Style
    }
    typealias Row = [Piece]

    /// Makes the rows for a width (called again when the width changes or after `reload()`).
    var rows: (_ width: Int) -> [Row] = { _ in [] } { didSet { reload() } }
    /// The first row in view.
    private(set) var offset = 0
    /// Told when whether the text is taller than the frame changes (the keys that scroll come and go).
    var onOverflowChange: (() -> Void)?

    private var cache: (width: Int, rows: [Row])?
    private var wasOverflowing = false

    /// Lays the text out again (its content changed).
    func reload() {
        cache = nil
        clampOffset()
        noteOverflow()
        setNeedsDisplay()
    }

    private var laidOut: [Row] {
        let width = bounds.width
        if let cache, cache.width == width { return cache.rows }
        let made = width > 0 ? rows(width) : []
        cache = (width, made)
        return made
    }

    /// The number of rows at the current width.
    var contentHeight: Int { laidOut.count }
    private var maxOffset: Int { max(0, contentHeight - bounds.height) }
    /// Whether there is more text than the frame shows.
    var isOverflowing: Bool { bounds.height > 0 && contentHeight > bounds.height }

    /// Every row as plain text (a test's view of the whole content).
    var allText: [String] {
        laidOut.map { row in
            var line = ""
            for piece in row {
                let pad = piece.column - DisplayWidth.of(line)
                if pad > 0 { line += String(repeating: " ", count: pad) }
                line += piece.text
            }
            return line
        }
    }

    override func layoutSubviews() {
        clampOffset()
        noteOverflow()
    }

    private func clampOffset() {
        offset = max(0, min(offset, maxOffset))
    }

    private func noteOverflow() {
        let now = isOverflowing
        guard now != wasOverflowing else { return }
        wasOverflowing = now
        onOverflowChange?()
    }

    /// Moves the text by `rows` (down for positive), within its ends.
    func scroll(by rows: Int) { setOffset(offset + rows) }
    /// To the first row.
    func scrollToTop() { setOffset(0) }
    /// So that the last row shows at the bottom.
    func scrollToEnd() { setOffset(maxOffset) }
    /// A page: the height less one row, so a row of the last page is still in view.
    var pageRows: Int { max(1, bounds.height - 1) }

    private func setOffset(_ value: Int) {
        let clamped = max(0, min(value, maxOffset))
        guard clamped != offset else { return }
        offset = clamped
        setNeedsDisplay()
    }

    override func scrollWheel(up: Bool, at point: Point) -> Bool {
        guard maxOffset > 0 else { return false }
        scroll(by: up ? -3 : 3)
        return true
    }

    override func draw(in canvas: Canvas) {
        let rows = laidOut
        let visible = rows.dropFirst(offset).prefix(canvas.size.height)
        for (y, row) in visible.enumerated() {
            for piece in row { canvas.write(piece.text, at: Point(x: piece.column, y: y), style: piece.style) }
        }
    }

    override func drawOverlay(in canvas: Canvas) {
        guard maxOffset > 0, canvas.size.height > 1 else { return }
        let y = Int((Double(offset) / Double(maxOffset) * Double(canvas.size.height - 1)).rounded())
        canvas.write(Glyphs.current.scrollMark, at: Point(x: canvas.size.width - 1, y: y), style: Theme.live.secondary)
    }

    /// The keys that scroll it, for its controller's `keyCommands`: ↓ and ↑ a row, PgDn and PgUp
    /// a page, Home and End to the ends. Only while the text is taller than the frame; ↓ and PgDn
    /// are named in the status line, all of them in `?` help. `homeAndEnd: false`
    /// leaves Home and End to a text field that has them.
    func scrollCommands(homeAndEnd: Bool = true) -> [KeyCommand] {
        guard isOverflowing else { return [] }
        var commands = [
            KeyCommand(.down, title: "Scroll down") { [weak self] in self?.scroll(by: 1) },
            KeyCommand(.up, title: "Scroll up", showsInStatusLine: false) { [weak self] in self?.scroll(by: -1) },
            KeyCommand(.pageDown, title: "Page down") { [weak self] in self?.scroll(by: self?.pageRows ?? 1) },
            KeyCommand(.pageUp, title: "Page up", showsInStatusLine: false) { [weak self] in self?.scroll(by: -(self?.pageRows ?? 1)) },
        ]
        if homeAndEnd {
            commands += [KeyCommand(.home, title: "Top", showsInStatusLine: false) { [weak self] in self?.scrollToTop() },
                         KeyCommand(.end, title: "Bottom", showsInStatusLine: false) { [weak self] in self?.scrollToEnd() }]
        }
        return commands
    }
}
