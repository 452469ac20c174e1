/// Several lines of editable text: Enter starts a new line, ←/→ and Backspace/Delete cross line
/// ends, ↑/↓ move between lines (keeping the column where they can), Home/End and ^A/^E go to
/// the ends of the line, ^U and ^K delete to them; the view scrolls to keep the cursor in sight.
/// Line breaks are kept as they are typed or set (`\n`; a `\r\n` set becomes `\n`), tabs too
/// (shown as a space); other control characters are dropped. Editing works on grapheme clusters.
///
/// ```swift
/// let notes = TextArea(text: "first line\nsecond line")
/// notes.maxLength = 2000
/// notes.onChange = { text in save(text) }
/// ```
@MainActor
open class TextArea: View {
    /// The lines, each as grapheme clusters.
    public private(set) var lines: [[Character]] = [[]]
    /// The cursor: a line and a cluster in it (0 ... that line's count).
    public private(set) var cursor = (line: 0, column: 0)
    /// At most this many characters, line breaks counted (nil: no limit).
    public var maxLength: Int?
    /// Shown, dimmed, while the area is empty.
    public var placeholder: String { didSet { setNeedsDisplay() } }
    /// Called after every edit.
    public var onChange: ((String) -> Void)?
    /// The first line shown, and the first column shown on every line.
    private(set) var scroll = (line: 0, column: 0)

    /// An area holding `text`, showing `placeholder` while empty.
    public init(text: String = "", placeholder: String = "") {
        self.placeholder = placeholder
        super.init(frame: .zero)
        self.text = text
    }

    /// The text, lines joined by `\n`; setting it puts the cursor at its end.
    public var text: String {
        get { lines.map { String($0) }.joined(separator: "\n") }
        set {
            lines = Self.split(newValue)
            if let maxLength { while count > maxLength { trimLast() } }
            cursor = (lines.count - 1, lines[lines.count - 1].count)
            setNeedsDisplay()
        }
    }

    /// The characters held, each line break one.
    public var count: Int { lines.reduce(lines.count - 1) { $0 + $1.count } }

    private func trimLast() {
        if lines[lines.count - 1].isEmpty, lines.count > 1 { lines.removeLast() } else { lines[lines.count - 1].removeLast() }
    }

    /// `text` as lines: `\r\n` and `\r` are line breaks, tabs kept, other control characters dropped.
    static func split(_ text: String) -> [[Character]] {
        var lines: [[Character]] = [[]]
        for c in text {
            if c == "\n" || c == "\r\n" || c == "\r" { lines.append([]) }
            else if c == "\t" { lines[lines.count - 1].append(c) }
            else if !DisplayWidth.isControl(c) { lines[lines.count - 1].append(c) }
        }
        return lines
    }

    open override var canBecomeFirstResponder: Bool { !isHidden }
    open override var takesTypedCharacters: Bool { true }

    open override func usesKeyItself(_ key: Key) -> Bool {
        switch key {
        case .character, .backspace, .delete, .left, .right, .up, .down, .home, .end, .enter: true
        case .ctrl(let c): "dbfaeuk".contains(c)
        default: false
        }
    }
    open override var intrinsicContentSize: Size? { Size(width: 20, height: 3) }

    // MARK: Editing

    /// Inserts text at the cursor (line breaks kept); false when nothing fit.
    @discardableResult
    public func insert(_ text: String) -> Bool {
        var incoming = Self.split(text)
        if let maxLength {
            var room = maxLength - count
            var fitted: [[Character]] = [[]]
            for (i, line) in incoming.enumerated() {
                if i > 0 { guard room > 0 else { break }; room -= 1; fitted.append([]) }
                let taken = line.prefix(max(0, room))
                fitted[fitted.count - 1] += taken
                room -= taken.count
            }
            incoming = fitted
        }
        guard incoming.count > 1 || !incoming[0].isEmpty else { return false }
        let line = lines[cursor.line]
        let before = Array(line[..<cursor.column]), after = Array(line[cursor.column...])
        var replaced = incoming
        replaced[0] = before + replaced[0]
        let column = replaced[replaced.count - 1].count
        replaced[replaced.count - 1] += after
        lines.replaceSubrange(cursor.line...cursor.line, with: replaced)
        cursor = (cursor.line + incoming.count - 1, column)
        edited()
        return true
    }

    private func edited() {
        setNeedsDisplay()
        onChange?(text)
    }

    open override func handleKey(_ key: Key) -> Bool {
        let line = lines[cursor.line]
        switch key {
        case .character(let c): insert(String(c))
        case .enter: insert("\n")
        case .backspace:
            if cursor.column > 0 {
                lines[cursor.line].remove(at: cursor.column - 1)
                cursor.column -= 1
            } else if cursor.line > 0 {
                let column = lines[cursor.line - 1].count
                lines[cursor.line - 1] += line
                lines.remove(at: cursor.line)
                cursor = (cursor.line - 1, column)
            } else { return true }
            edited()
        case .delete, .ctrl("d"):
            if cursor.column < line.count {
                lines[cursor.line].remove(at: cursor.column)
            } else if cursor.line + 1 < lines.count {
                lines[cursor.line] += lines.remove(at: cursor.line + 1)
            } else { return true }
            edited()
        case .left, .ctrl("b"):
            if cursor.column > 0 { cursor.column -= 1 } else if cursor.line > 0 { cursor = (cursor.line - 1, lines[cursor.line - 1].count) }
            setNeedsDisplay()
        case .right, .ctrl("f"):
            if cursor.column < line.count { cursor.column += 1 } else if cursor.line + 1 < lines.count { cursor = (cursor.line + 1, 0) }
            setNeedsDisplay()
        case .up:
            // On the first line ↑ is not the area's: the focus may move.
            guard cursor.line > 0 else { return false }
            cursor = (cursor.line - 1, min(cursor.column, lines[cursor.line - 1].count))
            setNeedsDisplay()
        case .down:
            guard cursor.line + 1 < lines.count else { return false }
            cursor = (cursor.line + 1, min(cursor.column, lines[cursor.line + 1].count))
            setNeedsDisplay()
        case .home, .ctrl("a"): cursor.column = 0; setNeedsDisplay()
        case .end, .ctrl("e"): cursor.column = line.count; setNeedsDisplay()
        case .ctrl("u"):
            guard cursor.column > 0 else { return true }
            lines[cursor.line].removeFirst(cursor.column)
            cursor.column = 0
            edited()
        case .ctrl("k"):
            guard cursor.column < line.count else { return true }
            lines[cursor.line].removeLast(line.count - cursor.column)
            edited()
        default:
            return false
        }
        return true
    }

    open override func handlePaste(_ text: String) -> Bool {
        insert(text)
        return true
    }

    // MARK: Drawing

    /// Columns from the start of `line` to cluster `column`.
    private func width(of line: [Character], upTo column: Int) -> Int {
        line[..<column].reduce(0) { $0 + Self.columns($1) }
    }

    /// Columns a cluster takes: a tab shows as one space.
    static func columns(_ c: Character) -> Int { c == "\t" ? 1 : DisplayWidth.of(c) }

    /// Keeps the cursor in sight: its line among the shown rows, its column among the shown columns.
    private func adjustScroll(size: Size) {
        let rows = max(1, size.height), columns = max(1, size.width)
        if cursor.line < scroll.line { scroll.line = cursor.line }
        if cursor.line >= scroll.line + rows { scroll.line = cursor.line - rows + 1 }
        let x = width(of: lines[cursor.line], upTo: cursor.column)
        if x < scroll.column { scroll.column = x }
        if x >= scroll.column + columns { scroll.column = x - columns + 1 }
    }

    open override var cursorLocation: Point? {
        let x = width(of: lines[cursor.line], upTo: cursor.column) - scroll.column, y = cursor.line - scroll.line
        return x >= 0 && x < bounds.width && y >= 0 && y < bounds.height ? Point(x: x, y: y) : nil
    }

    open override func draw(in canvas: Canvas) {
        adjustScroll(size: canvas.size)
        let theme = Theme.live
        let focused = isFirstResponder
        let style = focused ? theme.field.adding(.bold) : theme.field
        canvas.fill(Rect(x: 0, y: 0, width: canvas.size.width, height: canvas.size.height), style: style)
        if count == 0 && !placeholder.isEmpty {
            canvas.write(TextLayout.truncate(placeholder, toWidth: canvas.size.width), at: .zero, style: style.merged(over: .plain).adding(.dim))
        }
        for row in 0..<canvas.size.height {
            let index = scroll.line + row
            guard index < lines.count else { break }
            // The shown columns of the line: clusters wholly right of the scrolled-off ones.
            var skipped = 0, start = 0
            let line = lines[index]
            while start < line.count, skipped < scroll.column { skipped += Self.columns(line[start]); start += 1 }
            let shown = String(line[start...].map { $0 == "\t" ? " " : $0 })
            canvas.write(TextLayout.truncate(shown, toWidth: canvas.size.width), at: Point(x: skipped - scroll.column, y: row), style: style)
        }
        if focused, let c = cursorLocation {
            canvas.restyle(Rect(x: c.x, y: c.y, width: 1, height: 1)) { $0.adding(.reverse) }
        }
    }
}
