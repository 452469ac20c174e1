/// One line of editable text: cursor movement (←/→, Home/End, ^A/^E, word
/// jumps with ^←/^→), insert and delete (Backspace, Delete, ^W, ^U, ^K), a
/// placeholder, a maximum length, secure entry masked with `•`, paste in one
/// edit, and a validation message on the line below (when the field is two
/// rows high). Editing works on grapheme clusters: an emoji or a letter with
/// its accent is one character.
@MainActor
open class TextField: View {
    public struct ViewConfig {
        public var field: Style
        public var focusedField: Style
        public var placeholder: Style
        public var message: Style
    }

    public private(set) var characters: [Character] = []
    /// The cursor, as an index into `characters` (0 ... count).
    public private(set) var cursor = 0
    public var placeholder: String { didSet { setNeedsDisplay() } }
    /// At most this many characters (nil: no limit).
    public var maxLength: Int?
    /// Show `•` for every character (passwords).
    public var isSecureTextEntry = false { didSet { setNeedsDisplay() } }
    /// Shown under the field (needs a height of 2).
    public var validationMessage: String? { didSet { setNeedsDisplay() } }
    /// Called after every edit.
    public var onChange: ((String) -> Void)?
    /// Called on Enter.
    public var onSubmit: ((String) -> Void)?
    public let viewConfig: ViewConfig
    private var scroll = 0 // first visible character

    public init(text: String = "", placeholder: String = "", viewConfig: ViewConfig = .defaultConfig) {
        self.placeholder = placeholder
        self.viewConfig = viewConfig
        super.init(frame: .zero)
        self.text = text
    }

    /// The text; setting it moves the cursor to the end.
    public var text: String {
        get { String(characters) }
        set {
            var chars = Array(newValue.filter { !DisplayWidth.isControl($0) })
            if let maxLength, chars.count > maxLength { chars = Array(chars.prefix(maxLength)) }
            characters = chars
            cursor = chars.count
            setNeedsDisplay()
        }
    }

    open override var canBecomeFirstResponder: Bool { !isHidden }
    open override var intrinsicContentSize: Size? { Size(width: 20, height: 1) }

    // MARK: Editing

    /// Inserts text at the cursor (control characters dropped, newlines as spaces); false when nothing fit.
    @discardableResult
    public func insert(_ text: String) -> Bool {
        var incoming = text.map { $0 == "\n" || $0 == "\r\n" || $0 == "\t" ? " " : $0 }.filter { !DisplayWidth.isControl($0) }
        if let maxLength { incoming = Array(incoming.prefix(max(0, maxLength - characters.count))) }
        guard !incoming.isEmpty else { return false }
        characters.insert(contentsOf: incoming, at: cursor)
        cursor += incoming.count
        edited()
        return true
    }

    private func edited() {
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
            characters.remove(at: cursor - 1)
            cursor -= 1
            edited()
        case .delete, .ctrl("d"):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
            edited()
        case .left, .ctrl("b"): cursor = max(0, cursor - 1); setNeedsDisplay()
        case .right, .ctrl("f"): cursor = min(characters.count, cursor + 1); setNeedsDisplay()
        case .home, .ctrl("a"): cursor = 0; setNeedsDisplay()
        case .end, .ctrl("e"): cursor = characters.count; setNeedsDisplay()
        case .ctrlLeft: cursor = wordStart(before: cursor); setNeedsDisplay()
        case .ctrlRight: cursor = wordEnd(after: cursor); setNeedsDisplay()
        case .ctrl("w"):
            let start = wordStart(before: cursor)
            guard start < cursor else { return true }
            characters.removeSubrange(start..<cursor)
            cursor = start
            edited()
        case .ctrl("u"):
            guard cursor > 0 else { return true }
            characters.removeSubrange(0..<cursor)
            cursor = 0
            edited()
        case .ctrl("k"):
            guard cursor < characters.count else { return true }
            characters.removeSubrange(cursor...)
            edited()
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

    /// Keeps the cursor inside the visible columns.
    private func adjustScroll(width: Int) {
        guard width > 0 else { return }
        if cursor < scroll { scroll = cursor }
        func columns(_ from: Int, _ to: Int) -> Int { (from..<to).reduce(0) { $0 + DisplayWidth.of(displayed(characters[$1])) } }
        while scroll < cursor && columns(scroll, cursor) >= width { scroll += 1 }
        if scroll > characters.count { scroll = characters.count }
    }

    open override var cursorLocation: Point? {
        let width = bounds.width
        var column = 0
        for i in scroll..<min(cursor, characters.count) { column += DisplayWidth.of(displayed(characters[i])) }
        return column < width ? Point(x: column, y: 0) : nil
    }

    open override func draw(in canvas: Canvas) {
        let width = canvas.size.width
        adjustScroll(width: width)
        let focused = isFirstResponder
        let fieldStyle = focused ? viewConfig.focusedField : viewConfig.field
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: fieldStyle)
        if characters.isEmpty && !placeholder.isEmpty {
            canvas.write(TextLayout.truncate(placeholder, toWidth: width), at: .zero, style: fieldStyle.merged(over: .plain).adding(.dim))
        } else {
            let visible = String(characters[scroll...].map(displayed))
            canvas.write(visible, at: .zero, style: fieldStyle)
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
    public static var defaultConfig: TextField.ViewConfig {
        let theme = Theme.current
        return TextField.ViewConfig(field: theme.field, focusedField: theme.field.adding(.bold),
                                    placeholder: theme.secondary, message: theme.error)
    }
}
