/// The `?` / F1 overlay: every key the current screen answers to, collected
/// from the responder chain (nothing is written per screen).
@MainActor
public final class HelpOverlayView: View {
    /// The commands listed, in the order shown.
    public let commands: [KeyCommand]

    /// Whether one of the listed commands answers `key`.
    public func lists(_ key: Key) -> Bool { commands.contains { $0.key == key || $0.alternatives.contains(key) } }

    /// The last rows, after the keys: how to leave (`Application.helpClosingRows`).
    let closingRows: [(keys: String, title: String)]

    /// Whether the help was asked for from a text field (where `?` types): it then names F1 alone.
    let typing: Bool

    init(commands: [KeyCommand], closingRows: [(keys: String, title: String)] = [("^C", "Quit")], typing: Bool = false) {
        self.commands = commands
        self.closingRows = closingRows
        self.typing = typing
        super.init(frame: .zero)
    }

    public override var isFocusScope: Bool { true }

    /// The first row shown, where the rows do not all fit.
    public private(set) var firstRow = 0 { didSet { setNeedsDisplay() } }
    /// How many rows fit, as last drawn.
    private var visibleRows = Int.max

    /// ↑/↓, PgUp/PgDn, Home/End scroll the rows when they do not all fit; true when the key was such a one.
    public func scroll(with key: Key) -> Bool {
        let last = max(0, rows.count - visibleRows)
        guard last > 0 else { return false }
        switch key {
        case .down, .character("j"): firstRow = min(last, firstRow + 1)
        case .up, .character("k"): firstRow = max(0, firstRow - 1)
        case .pageDown, .character(" "): firstRow = min(last, firstRow + max(1, visibleRows - 1))
        case .pageUp: firstRow = max(0, firstRow - max(1, visibleRows - 1))
        case .home: firstRow = 0
        case .end: firstRow = last
        default: return false
        }
        return true
    }

    /// The rows shown: key label and what it does, then the global keys.
    public var rows: [(keys: String, title: String)] {
        var rows = commands.map { ($0.keyLabel, $0.title) }
        rows.append(("Tab / S-Tab", "Next / previous field"))
        rows.append((typing ? "F1" : "? / F1", "This help"))
        rows += closingRows
        return rows
    }

    public override func draw(in canvas: Canvas) {
        canvas.restyle(canvas.bounds) { $0.adding(.dim) }
        let theme = Theme.live
        let keyWidth = min(18, rows.map { DisplayWidth.of($0.keys) }.max() ?? 4)
        let width = min(canvas.size.width - 2, max(36, keyWidth + 6 + (rows.map { DisplayWidth.of($0.title) }.max() ?? 10)))
        let height = min(canvas.size.height - 2, rows.count + 4)
        let box = Rect(x: (canvas.size.width - width) / 2, y: (canvas.size.height - height) / 2, width: width, height: height)
        canvas.fill(box, style: theme.base)
        canvas.drawBox(box, style: theme.border)
        canvas.write(" Keys ", at: Point(x: box.minX + 2, y: box.minY), style: theme.emphasis)
        visibleRows = max(1, height - 4)
        let all = rows
        let clamped = min(firstRow, max(0, all.count - visibleRows))
        if clamped != firstRow { firstRow = clamped }
        for (i, row) in all.dropFirst(firstRow).prefix(visibleRows).enumerated() {
            let y = box.minY + 1 + i
            canvas.write(TextLayout.truncate(row.keys, toWidth: keyWidth), at: Point(x: box.minX + 2, y: y), style: theme.key)
            canvas.write(TextLayout.truncate(row.title, toWidth: width - keyWidth - 5), at: Point(x: box.minX + 3 + keyWidth, y: y), style: theme.base)
        }
        let scrolls = all.count > visibleRows
        let footer = !scrolls ? "Esc closes"
            : "\(firstRow + 1)–\(min(all.count, firstRow + visibleRows))/\(all.count) ↑↓ scroll · Esc"
        canvas.write(footer, at: Point(x: box.maxX - 2 - DisplayWidth.of(footer), y: box.maxY - 2), style: theme.secondary)
    }
}
