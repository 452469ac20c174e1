/// One line of editable text: cursor movement (←/→, Home/End, ^A/^E, word
/// jumps with ^←/^→), insert and delete (Backspace, Delete, ^W, ^U, ^K), a
/// placeholder, a maximum length, secure entry masked with `•`, paste in one
/// edit, and a validation message on the line below (when the field is two
/// rows high). Editing works on grapheme clusters: an emoji or a letter with
/// its accent is one character.
///
/// ```swift
/// let name = TextField(placeholder: "your name")
/// name.maxLength = 40
/// name.onSubmit = { text in greeting.text = "Hello, \(text)!" }   // Enter
/// ```
@MainActor
open class TextField: View {
    /// The field's styles.
    public struct ViewConfig {
        /// The editable area without the focus.
        public var field: Style
        /// The editable area with the focus.
        public var focusedField: Style
        /// The placeholder text.
        public var placeholder: Style
        /// The validation message under the field.
        public var message: Style
    }

    /// The text as grapheme clusters, worked out again from the whole text
    /// after every edit (a combining mark or a joiner typed on its own joins
    /// the cluster before it).
    public private(set) var characters: [Character] = []
    /// The cursor, as a count of grapheme clusters (0 ... `characters.count`);
    /// always on a cluster boundary.
    public private(set) var cursor = 0 {
        didSet { if scroll > cursor { scroll = cursor } }
    }
    /// Shown, in the placeholder style, while the field is empty.
    public var placeholder: String { didSet { setNeedsDisplay() } }
    /// At most this many characters (nil: no limit).
    public var maxLength: Int?
    /// Show `•` for every character (passwords).
    public var isSecureTextEntry = false { didSet { setNeedsDisplay() } }
    /// Shown under the field (needs a height of 2); cleared by the next edit, which is the fix it asked for.
    public var validationMessage: String? { didSet { setNeedsDisplay() } }
    /// Called after every edit.
    public var onChange: ((String) -> Void)?
    /// Called on Enter.
    public var onSubmit: ((String) -> Void)? { didSet { if (onSubmit == nil) != (oldValue == nil) { setNeedsKeyCommandsUpdate() } } }
    /// The styles it draws with: those given to `init`, else the current theme's, looked up when it draws
    /// (a change of `Theme.current` shows at the next full redraw, nothing rebuilt).
    public var viewConfig: ViewConfig { givenConfig ?? .defaultConfig }
    private let givenConfig: ViewConfig?
    /// The text exactly as typed: edits splice Unicode scalars, nothing is normalised.
    private var storage = "" {
        // A field with text to clear may offer other keys than an empty one ("Clear search").
        didSet { if storage.isEmpty != oldValue.isEmpty { setNeedsKeyCommandsUpdate() } }
    }
    /// The first visible cluster; never after the cursor.
    private(set) var scroll = 0

    /// A field holding `text`, showing `placeholder` while empty; pass `viewConfig` to fix its styles, else it follows the theme.
    public init(text: String = "", placeholder: String = "", viewConfig: ViewConfig? = nil) {
        self.placeholder = placeholder
        self.givenConfig = viewConfig
        super.init(frame: .zero)
        self.text = text
    }

    /// The text; setting it moves the cursor to the end.
    public var text: String {
        get { storage }
        set {
            var kept = String(newValue.filter { !DisplayWidth.isControl($0) })
            if let maxLength {
                var count = maxLength
                while kept.count > maxLength, count > 0 { kept = String(kept.prefix(count)); count -= 1 }
            }
            storage = kept
            characters = Array(kept)
            cursor = characters.count
            if scroll > characters.count { scroll = characters.count }
            setNeedsDisplay()
        }
    }

    open override var canBecomeFirstResponder: Bool { !isHidden }
    open override var takesTypedCharacters: Bool { true }

    /// Typing, the editing keys `handleKey` takes, and Enter when something listens for it.
    open override func usesKeyItself(_ key: Key) -> Bool {
        switch key {
        case .character, .backspace, .delete, .left, .right, .home, .end, .ctrlLeft, .ctrlRight: true
        case .ctrl(let c): "dbfaewuk".contains(c)
        case .enter: onSubmit != nil
        default: false
        }
    }
    open override var intrinsicContentSize: Size? { Size(width: 20, height: 1) }

    // MARK: Editing

    /// Inserts text at the cursor (control characters dropped, newlines as spaces); false when nothing fit.
    @discardableResult
    public func insert(_ text: String) -> Bool {
        var incoming: [Character] = []
        for c in text {
            if c == "\n" || c == "\r\n" || c == "\t" { incoming.append(" ") }
            else if !DisplayWidth.isControl(c) { incoming.append(c) }
        }
        guard !incoming.isEmpty else { return false }
        if let maxLength {
            // A mark that joins the last character still fits at the limit.
            var take = min(incoming.count, max(0, maxLength - characters.count) + 1)
            while take > 0, spliced(cursor..<cursor, with: String(incoming.prefix(take))).count > maxLength { take -= 1 }
            guard take > 0 else { return false }
            incoming = Array(incoming.prefix(take))
        }
        replace(cursor..<cursor, with: String(incoming))
        return true
    }

    /// The UTF-8 offset in `storage` where cluster `index` starts.
    private func offset(ofCluster index: Int) -> Int {
        var total = 0
        for i in 0..<index { total += characters[i].utf8.count }
        return total
    }

    private func stringIndex(ofCluster index: Int) -> String.Index {
        storage.utf8.index(storage.utf8.startIndex, offsetBy: offset(ofCluster: index))
    }

    /// The text with clusters `range` replaced by `replacement`.
    private func spliced(_ range: Range<Int>, with replacement: String) -> String {
        String(storage[..<stringIndex(ofCluster: range.lowerBound)]) + replacement + String(storage[stringIndex(ofCluster: range.upperBound)...])
    }

    /// Replaces clusters `range` with `replacement` and puts the cursor after
    /// it, on the first cluster boundary of the new text at or after its end
    /// (what was inserted may have joined the cluster after it, or the ones
    /// on either side of a deletion may have joined).
    private func replace(_ range: Range<Int>, with replacement: String) {
        let end = offset(ofCluster: range.lowerBound) + replacement.utf8.count
        storage = spliced(range, with: replacement)
        characters = Array(storage)
        var index = 0, passed = 0
        while passed < end, index < characters.count { passed += characters[index].utf8.count; index += 1 }
        cursor = index
        if scroll > characters.count { scroll = characters.count }
        edited()
    }

    private func edited() {
        validationMessage = nil
        setNeedsDisplay()
        onChange?(text)
    }

    private func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    private func wordStart(before index: Int) -> Int {
        var i = index
        while i > 0 && !isWordCharacter(characters[i - 1]) { i -= 1 }
        while i > 0 && isWordCharacter(characters[i - 1]) { i -= 1 }
        return i
    }

    private func wordEnd(after index: Int) -> Int {
        var i = index
        while i < characters.count && !isWordCharacter(characters[i]) { i += 1 }
        while i < characters.count && isWordCharacter(characters[i]) { i += 1 }
        return i
    }

    open override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .character(let c):
            insert(String(c))
        case .backspace:
            guard cursor > 0 else { return true }
            replace(cursor - 1..<cursor, with: "")
        case .delete, .ctrl("d"):
            guard cursor < characters.count else { return true }
            replace(cursor..<cursor + 1, with: "")
        case .left, .ctrl("b"): cursor = max(0, cursor - 1); setNeedsDisplay()
        case .right, .ctrl("f"): cursor = min(characters.count, cursor + 1); setNeedsDisplay()
        case .home, .ctrl("a"): cursor = 0; setNeedsDisplay()
        case .end, .ctrl("e"): cursor = characters.count; setNeedsDisplay()
        case .ctrlLeft: cursor = wordStart(before: cursor); setNeedsDisplay()
        case .ctrlRight: cursor = wordEnd(after: cursor); setNeedsDisplay()
        case .ctrl("w"):
            let start = wordStart(before: cursor)
            guard start < cursor else { return true }
            replace(start..<cursor, with: "")
        case .ctrl("u"):
            guard cursor > 0 else { return true }
            replace(0..<cursor, with: "")
        case .ctrl("k"):
            guard cursor < characters.count else { return true }
            replace(cursor..<characters.count, with: "")
        case .enter:
            guard let onSubmit else { return false }
            onSubmit(text)
        default:
            return false
        }
        return true
    }

    open override func handlePaste(_ text: String) -> Bool {
        insert(text)
        return true
    }

    open override func mouseDown(at point: Point) -> Bool {
        // Put the cursor under the click.
        var column = 0
        var i = scroll
        while i < characters.count {
            let w = DisplayWidth.of(displayed(characters[i]))
            if column + w > point.x { break }
            column += w
            i += 1
        }
        cursor = i
        setNeedsDisplay()
        return true
    }

    // MARK: Drawing

    private func displayed(_ c: Character) -> Character { isSecureTextEntry ? "•" : c }

    /// Keeps the cursor inside the visible columns: at width 0 the first
    /// visible cluster is the cursor's, never one after it.
    private func adjustScroll(width: Int) {
        if scroll > cursor { scroll = cursor }
        var columns = 0
        for i in scroll..<cursor { columns += DisplayWidth.of(displayed(characters[i])) }
        while scroll < cursor && columns >= width {
            columns -= DisplayWidth.of(displayed(characters[scroll]))
            scroll += 1
        }
    }

    open override var cursorLocation: Point? {
        let width = bounds.width
        var column = 0
        for i in min(scroll, cursor)..<min(cursor, characters.count) { column += DisplayWidth.of(displayed(characters[i])) }
        return column < width ? Point(x: column, y: 0) : nil
    }

    open override func draw(in canvas: Canvas) {
        let width = canvas.size.width
        adjustScroll(width: width)
        let focused = isFirstResponder
        let fieldStyle = focused ? viewConfig.focusedField : viewConfig.field
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: fieldStyle)
        if characters.isEmpty && !placeholder.isEmpty {
            // An example, never to be taken for typed text: dim and italic, without the focused
            // field's bold (bold and dim together read as neither on many terminals), and marked
            // "e.g." where the terminal shows neither dim nor italic (a VT100).
            var example = fieldStyle.merged(over: .plain)
            example.attributes.remove(.bold)
            canvas.write(TextLayout.truncate(Glyphs.current.examplePrefix + placeholder, toWidth: width), at: .zero,
                         style: example.adding([.dim, .italic]))
        } else if !focused {
            // Out of focus the value reads from its start, cut with "…" where it does not fit.
            let whole = String(characters.map(displayed))
            canvas.write(TextLayout.truncate(whole, toWidth: width), at: .zero, style: fieldStyle)
        } else {
            let visible = String(characters[scroll...].map(displayed))
            canvas.write(visible, at: .zero, style: fieldStyle)
            // Where the value goes on past either edge, "…" there says so (not over the cursor).
            let cursorColumn = cursorLocation?.x
            if scroll > 0, width > 1, cursorColumn != 0 { canvas.write("…", at: .zero, style: fieldStyle) }
            var shown = 0
            for c in characters[scroll...] { shown += DisplayWidth.of(displayed(c)) }
            if shown > width, width > 1, cursorColumn != width - 1 { canvas.write("…", at: Point(x: width - 1, y: 0), style: fieldStyle) }
        }
        if focused, let c = cursorLocation {
            canvas.restyle(Rect(x: c.x, y: 0, width: 1, height: 1)) { $0.adding(.reverse) }
        }
        if canvas.size.height >= 2, let validationMessage, !validationMessage.isEmpty {
            canvas.write(TextLayout.truncate(validationMessage, toWidth: width), at: Point(x: 0, y: 1), style: viewConfig.message)
        }
    }
}

@MainActor
extension TextField.ViewConfig {
    /// The theme's field style (bold when focused), secondary placeholder, error-styled message.
    public static var defaultConfig: TextField.ViewConfig {
        let theme = Theme.live
        return TextField.ViewConfig(field: theme.field, focusedField: theme.field.adding(.bold),
                                    placeholder: theme.secondary, message: theme.error)
    }
}
