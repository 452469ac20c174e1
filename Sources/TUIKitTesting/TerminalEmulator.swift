import TUIKit

/// A terminal in memory that reads what a program writes — the ECMA-48 / xterm sequences of
/// xterm, tmux, screen, the Linux console and the VT100 (or the VT52's own) — into a grid of
/// cells with their attributes and colours, so a test can compare it with what the program
/// meant to show. Cursor moves, erases, line inserts and deletes, scroll regions, the
/// line-drawing set (`ESC ( 0`, SO/SI), auto margins with or without the VT100's wait at the
/// edge, SGR with 8, 16 and 256 colours. A sequence it does not know is recorded in `unknown`
/// (a writer that sends one is wrong for the terminals it is checked on). Each spacing character
/// takes the columns `wcwidth` gives it, a zero-width one goes with the character just written
/// (one with none before it is a stray, `strays`); where `joinsEmojiSequences` (tmux), an emoji
/// after U+200D joins the emoji before it. The one emulator of the tests: the writer's bytes in
/// TUIKit's, the whole app's on a pty in the app's.
///
/// ```swift
/// let emulator = TerminalEmulator(columns: 80, rows: 24)
/// emulator.feed(Array("\u{1B}[2;3H\u{1B}[1mHi".utf8))
/// #expect(emulator.cells[1][2].text == "H" && emulator.cells[1][2].pen.attributes == .bold)
/// ```
public final class TerminalEmulator {
    /// One cell of the screen.
    public struct Cell: Equatable, Sendable {
        /// The characters shown (a spacing one and the zero-width ones after it); "" in a continuation.
        public var text = " "
        /// The right half of a wide character.
        public var isContinuation = false
        /// The attributes and colours it was written (or erased) with.
        public var pen = Pen()
    }

    /// The screen's width.
    public private(set) var columns: Int
    /// The screen's height.
    public private(set) var rows: Int
    /// The rows, top first.
    public private(set) var cells: [[Cell]]
    /// The cursor's column and row.
    public private(set) var cursor = (x: 0, y: 0)
    /// Whether the cursor is shown (`ESC [ ? 25 h/l`).
    public private(set) var cursorVisible = true
    /// Sequences it could not read, as text (a test expects none).
    public private(set) var unknown: [String] = []
    /// Zero-width characters that came with no character just before them (a joiner or accent a
    /// terminal would glue to whatever was there); each is also added to the cell left of the cursor.
    public private(set) var strays: [Unicode.Scalar] = []
    /// Whether an emoji after U+200D joins the emoji before it, as tmux shows a ZWJ sequence.
    public let joinsEmojiSequences: Bool
    /// Rows something was written to, erased or scrolled since `takeTouchedRows()`.
    private var touched: [Bool]

    /// The rows changed since the last call, top first (every row after a resize or `scribble`).
    public func takeTouchedRows() -> [Int] {
        defer { touched = [Bool](repeating: false, count: rows) }
        return touched.indices.filter { touched[$0] }
    }

    /// Whether a frame is being held back (DEC mode 2026 on).
    public private(set) var synchronizing = false

    /// The VT52's own escapes instead of ECMA-48's.
    private let vt52: Bool
    private let autoMargins: Bool, newlineGlitch: Bool, backColorErase: Bool
    private var wrapPending = false
    private var top = 0, bottom: Int
    private var pen = Pen()
    private var g0Graphics = false, g1Graphics = false, shifted = false, vt52Graphics = false
    private var sequence: [UInt8]?
    private var pendingUTF8: [UInt8] = []
    private var lastCell: (x: Int, y: Int)?
    private var savedCursor = (x: 0, y: 0)
    /// The last character written (`rep` repeats it).
    private var lastCharacter: Unicode.Scalar = " "

    /// What the DEC line-drawing set shows for `` ` `` through `~`.
    private static let lineDrawingSet = Array("◆▒␉␌␍␊°±␤␋┘┐┌└┼⎺⎻─⎼⎽├┤┴┬│≤≥π≠£·".unicodeScalars)

    /// A blank screen. `autoMargins`/`newlineGlitch`/`backColorErase` as the terminfo entry's
    /// `am`, `xenl`, `bce`; `vt52` reads the VT52's escapes.
    public init(columns: Int, rows: Int, autoMargins: Bool = true, newlineGlitch: Bool = true, backColorErase: Bool = true, vt52: Bool = false,
                joinsEmojiSequences: Bool = false) {
        self.joinsEmojiSequences = joinsEmojiSequences
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.autoMargins = autoMargins
        self.newlineGlitch = newlineGlitch
        self.backColorErase = backColorErase
        self.vt52 = vt52
        bottom = self.rows - 1
        cells = Array(repeating: Array(repeating: Cell(), count: self.columns), count: self.rows)
        touched = [Bool](repeating: true, count: self.rows)
    }

    /// The window changed size: rows and columns cut or padded, the margins the whole screen.
    public func resize(columns newColumns: Int, rows newRows: Int) {
        let c = max(1, newColumns), r = max(1, newRows)
        cells = (0..<r).map { y in
            let row = y < cells.count ? cells[y] : []
            return Array((row + Array(repeating: Cell(), count: max(0, c - row.count))).prefix(c))
        }
        columns = c
        rows = r
        touched = [Bool](repeating: true, count: r)
        top = 0
        bottom = r - 1
        cursor = (min(cursor.x, c - 1), min(cursor.y, r - 1))
        wrapPending = false
        lastCell = nil
        // A right half whose left half was cut off, or a wide character cut at the new edge, is blank.
        for y in 0..<r {
            for x in 0..<c where cells[y][x].isContinuation && (x == 0 || cells[y][x - 1].isContinuation) { cells[y][x] = Cell(text: " ", pen: cells[y][x].pen) }
            if !cells[y][c - 1].isContinuation, DisplayWidth.of(cells[y][c - 1].text) == 2 { cells[y][c - 1] = Cell(text: " ", pen: cells[y][c - 1].pen) }
        }
    }

    /// Puts rubbish over the screen (another program used the terminal meanwhile).
    public func scribble() {
        let odd = vt52 ? Pen() : Pen(attributes: .reverse) // a VT52 has no attributes
        for y in 0..<rows { for x in 0..<columns { cells[y][x] = Cell(text: "#", isContinuation: false, pen: odd) } }
        if !vt52 { pen = Pen(attributes: .underline, foreground: 3, background: 4) }
        cursor = (columns / 2, rows / 2)
        touched = [Bool](repeating: true, count: rows)
        wrapPending = false
    }

    /// Row `y` as text (a wide character once).
    public func line(_ y: Int) -> String { cells[y].filter { !$0.isContinuation }.map(\.text).joined() }

    /// The screen, one line a row.
    public var text: String { (0..<rows).map(line).joined(separator: "\n") }

    /// Reads bytes a program wrote.
    public func feed<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { take(byte) }
    }

    private func take(_ byte: UInt8) {
        if var seq = sequence {
            seq.append(byte)
            sequence = seq
            if let done = finished(seq) { sequence = nil; run(done) }
            else if seq.count > 64 { unknown.append(describe(seq)); sequence = nil }
            return
        }
        if !pendingUTF8.isEmpty || byte >= 0x80 {
            pendingUTF8.append(byte)
            if let s = String(validating: pendingUTF8, as: UTF8.self) {
                pendingUTF8 = []
                for scalar in s.unicodeScalars { put(scalar) }
            } else if pendingUTF8.count >= 4 {
                unknown.append("bad UTF-8 \(pendingUTF8)")
                pendingUTF8 = []
            }
            return
        }
        if byte < 0x20 || byte == 0x7F { lastCell = nil }
        switch byte {
        case 0x1B: sequence = [byte]
        case 0x0D: cursor.x = 0; wrapPending = false
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x08: if cursor.x > 0 { cursor.x -= 1 }; wrapPending = false
        case 0x09: cursor.x = min(columns - 1, (cursor.x / 8 + 1) * 8); wrapPending = false
        case 0x0E: shifted = true
        case 0x0F: shifted = false
        case 0x07, 0x00: break
        default:
            if byte < 0x20 || byte == 0x7F { unknown.append("control \(byte)"); return }
            let graphics = vt52 ? vt52Graphics : (shifted ? g1Graphics : g0Graphics)
            if graphics, byte >= 0x60, byte <= 0x7E, !vt52 { put(Self.lineDrawingSet[Int(byte - 0x60)]) }
            else { put(Unicode.Scalar(byte)) }
        }
    }

    private func finished(_ seq: [UInt8]) -> [UInt8]? {
        guard seq.count >= 2 else { return nil }
        if vt52 {
            if seq[1] == UInt8(ascii: "Y") { return seq.count >= 4 ? seq : nil }
            return seq
        }
        switch seq[1] {
        case UInt8(ascii: "["):
            guard seq.count >= 3, let last = seq.last, (0x40...0x7E).contains(last) else { return nil }
            return seq
        case UInt8(ascii: "]"), UInt8(ascii: "P"):
            if seq.last == 0x07 { return seq }
            if seq.count >= 4, seq[seq.count - 2] == 0x1B, seq.last == UInt8(ascii: "\\") { return seq }
            return nil
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "#"):
            return seq.count >= 3 ? seq : nil
        default:
            return seq
        }
    }

    private func describe(_ seq: [UInt8]) -> String {
        "ESC " + String(decoding: seq.dropFirst().map { $0 < 0x20 || $0 >= 0x7F ? UInt8(ascii: "?") : $0 }, as: UTF8.self)
    }

    private func run(_ seq: [UInt8]) {
        lastCell = nil
        if vt52 { runVT52(seq); return }
        switch seq[1] {
        case UInt8(ascii: "["): control(seq)
        case UInt8(ascii: "M"): reverseIndex()
        case UInt8(ascii: "D"): lineFeed()
        case UInt8(ascii: "E"): cursor.x = 0; lineFeed()
        case UInt8(ascii: "("): g0Graphics = seq[2] == UInt8(ascii: "0")
        case UInt8(ascii: ")"): g1Graphics = seq[2] == UInt8(ascii: "0")
        case UInt8(ascii: "="), UInt8(ascii: ">"): break // keypad modes
        case UInt8(ascii: "]"): break // OSC: titles, the clipboard
        case UInt8(ascii: "7"): savedCursor = cursor
        case UInt8(ascii: "8"): cursor = savedCursor; wrapPending = false
        case UInt8(ascii: "c"): // a full reset
            erase(); cursor = (0, 0); pen = Pen(); top = 0; bottom = rows - 1; g0Graphics = false; g1Graphics = false; shifted = false
        default: unknown.append(describe(seq))
        }
    }

    private func runVT52(_ seq: [UInt8]) {
        wrapPending = false
        switch seq[1] {
        case UInt8(ascii: "Y"):
            cursor = (clampColumn(Int(seq[3]) - 32), clampRow(Int(seq[2]) - 32))
        case UInt8(ascii: "A"): cursor.y = max(0, cursor.y - 1)
        case UInt8(ascii: "B"): cursor.y = min(rows - 1, cursor.y + 1)
        case UInt8(ascii: "C"): cursor.x = min(columns - 1, cursor.x + 1)
        case UInt8(ascii: "D"): cursor.x = max(0, cursor.x - 1)
        case UInt8(ascii: "H"): cursor = (0, 0)
        case UInt8(ascii: "I"): reverseIndex()
        case UInt8(ascii: "J"): clear(row: cursor.y, from: cursor.x, to: columns); for r in (cursor.y + 1)..<rows { clear(row: r, from: 0, to: columns) }
        case UInt8(ascii: "K"): clear(row: cursor.y, from: cursor.x, to: columns)
        case UInt8(ascii: "F"): vt52Graphics = true
        case UInt8(ascii: "G"): vt52Graphics = false
        case UInt8(ascii: "="), UInt8(ascii: ">"): break
        default: unknown.append(describe(seq))
        }
    }

    private func control(_ seq: [UInt8]) {
        let final = seq.last!
        var body = Array(seq[2..<(seq.count - 1)])
        wrapPending = false
        if body.first == UInt8(ascii: "?") {
            body.removeFirst()
            let modes = String(decoding: body, as: UTF8.self).split(separator: ";").compactMap { Int($0) }
            if final == UInt8(ascii: "c") { return } // the Linux console's cursor shape
            if final == UInt8(ascii: "p"), body.last == UInt8(ascii: "$") { return } // DECRQM: a question, not an answer's place
            guard final == UInt8(ascii: "h") || final == UInt8(ascii: "l") else { unknown.append(describe(seq)); return }
            for mode in modes {
                switch mode {
                case 25: cursorVisible = final == UInt8(ascii: "h")
                case 2026: synchronizing = final == UInt8(ascii: "h")
                case 1049: erase(); cursor = (0, 0)
                default: break // keypad, mouse, paste, meta…
                }
            }
            return
        }
        if let first = body.first, !(0x30...0x3B).contains(first) { return } // other private sequences (xterm's ESC [ > …)
        let params = String(decoding: body, as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func p(_ i: Int, _ d: Int) -> Int { i < params.count ? (params[i].flatMap { $0 == 0 ? nil : $0 } ?? d) : d }
        func raw(_ i: Int) -> Int { i < params.count ? (params[i] ?? 0) : 0 }
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"): cursor = (clampColumn(p(1, 1) - 1), clampRow(p(0, 1) - 1))
        case UInt8(ascii: "A"): cursor.y = max(cursor.y >= top ? top : 0, cursor.y - p(0, 1))
        case UInt8(ascii: "B"): cursor.y = min(cursor.y <= bottom ? bottom : rows - 1, cursor.y + p(0, 1))
        case UInt8(ascii: "C"): cursor.x = clampColumn(cursor.x + p(0, 1))
        case UInt8(ascii: "D"): cursor.x = max(0, cursor.x - p(0, 1))
        case UInt8(ascii: "G"), UInt8(ascii: "`"): cursor.x = clampColumn(p(0, 1) - 1)
        case UInt8(ascii: "d"): cursor.y = clampRow(p(0, 1) - 1)
        case UInt8(ascii: "K"):
            switch raw(0) {
            case 0: clear(row: cursor.y, from: cursor.x, to: columns)
            case 1: clear(row: cursor.y, from: 0, to: cursor.x + 1)
            default: clear(row: cursor.y, from: 0, to: columns)
            }
        case UInt8(ascii: "J"):
            switch raw(0) {
            case 0: clear(row: cursor.y, from: cursor.x, to: columns); for r in (cursor.y + 1)..<rows { clear(row: r, from: 0, to: columns) }
            case 1: for r in 0..<cursor.y { clear(row: r, from: 0, to: columns) }; clear(row: cursor.y, from: 0, to: cursor.x + 1)
            default: erase()
            }
        case UInt8(ascii: "X"): clear(row: cursor.y, from: cursor.x, to: min(columns, cursor.x + p(0, 1)))
        case UInt8(ascii: "@"), UInt8(ascii: "P"): // insert or delete characters: the rest of the row moves
            let n = min(p(0, 1), columns - cursor.x)
            touched[cursor.y] = true
            if final == UInt8(ascii: "@") {
                cells[cursor.y].insert(contentsOf: Array(repeating: erased, count: n), at: cursor.x)
                cells[cursor.y].removeLast(n)
            } else {
                cells[cursor.y].removeSubrange(cursor.x..<(cursor.x + n))
                cells[cursor.y].append(contentsOf: Array(repeating: erased, count: n))
            }
            for x in 0..<columns where cells[cursor.y][x].isContinuation && (x == 0 || cells[cursor.y][x - 1].isContinuation) { cells[cursor.y][x] = erased }
        case UInt8(ascii: "b"): for _ in 0..<p(0, 1) { put(lastCharacter) }
        case UInt8(ascii: "L"):
            if cursor.y >= top && cursor.y <= bottom { for _ in 0..<min(p(0, 1), bottom - cursor.y + 1) { scrollDown(from: cursor.y) } }
            cursor.x = 0
        case UInt8(ascii: "M"):
            if cursor.y >= top && cursor.y <= bottom { for _ in 0..<min(p(0, 1), bottom - cursor.y + 1) { scrollUp(from: cursor.y) } }
            cursor.x = 0
        case UInt8(ascii: "S"): for _ in 0..<p(0, 1) { scrollUp(from: top) }
        case UInt8(ascii: "T"): for _ in 0..<p(0, 1) { scrollDown(from: top) }
        case UInt8(ascii: "r"):
            let t = p(0, 1) - 1, b = p(1, rows) - 1
            if t < b, b < rows { top = t; bottom = b } else { unknown.append("bad region " + describe(seq)) }
            cursor = (0, 0)
        case UInt8(ascii: "m"): graphicRendition(params.map { $0 ?? 0 })
        case UInt8(ascii: "h"), UInt8(ascii: "l"): break // ANSI modes (tmux's cnorm: ESC [ 34 h)
        case UInt8(ascii: "t"), UInt8(ascii: "n"), UInt8(ascii: "c"), UInt8(ascii: "p"): break
        default: unknown.append(describe(seq))
        }
    }

    private func graphicRendition(_ codes: [Int]) {
        var i = 0
        let codes = codes.isEmpty ? [0] : codes
        while i < codes.count {
            let code = codes[i]
            switch code {
            case 0: pen = Pen()
            case 1: pen.attributes.insert(.bold)
            case 2: pen.attributes.insert(.dim)
            case 3: pen.attributes.insert(.italic)
            case 4: pen.attributes.insert(.underline)
            case 7: pen.attributes.insert(.reverse)
            case 10, 11: break // the Linux console's fonts
            case 22: pen.attributes.subtract([.bold, .dim])
            case 23: pen.attributes.remove(.italic)
            case 24: pen.attributes.remove(.underline)
            case 27: pen.attributes.remove(.reverse)
            case 30...37: pen.foreground = Int16(code - 30)
            case 39: pen.foreground = -1
            case 40...47: pen.background = Int16(code - 40)
            case 49: pen.background = -1
            case 90...97: pen.foreground = Int16(code - 90 + 8)
            case 100...107: pen.background = Int16(code - 100 + 8)
            case 38, 48:
                guard i + 2 < codes.count, codes[i + 1] == 5 else { unknown.append("SGR \(codes)"); return }
                if code == 38 { pen.foreground = Int16(codes[i + 2]) } else { pen.background = Int16(codes[i + 2]) }
                i += 2
            default: unknown.append("SGR \(code) in \(codes)")
            }
            i += 1
        }
    }

    private func put(_ scalar: Unicode.Scalar) {
        let width = DisplayWidth.terminalWidthOf(scalar)
        if width < 0 { unknown.append("unprintable U+\(String(scalar.value, radix: 16))"); return }
        if width == 0 || (joinsEmojiSequences && width == 2 && lastCellEndsWithJoiner) {
            if let (x, y) = lastCell { cells[y][x].text.unicodeScalars.append(scalar); touched[y] = true; return }
            strays.append(scalar)
            if cursor.x > 0 { cells[cursor.y][cursor.x - 1].text.unicodeScalars.append(scalar); touched[cursor.y] = true }
            return
        }
        if wrapPending {
            cursor.x = 0
            lineFeed()
        }
        if cursor.x + width > columns { // xterm wraps it to the next line (the writer never sends one there)
            unknown.append("a wide character at the last column, row \(cursor.y)")
            guard autoMargins else { return }
            cursor.x = 0
            lineFeed()
        }
        clearHalves(row: cursor.y, column: cursor.x)
        if width == 2 { clearHalves(row: cursor.y, column: cursor.x + 1) }
        touched[cursor.y] = true
        cells[cursor.y][cursor.x] = Cell(text: String(scalar), isContinuation: false, pen: pen)
        if width == 2 { cells[cursor.y][cursor.x + 1] = Cell(text: "", isContinuation: true, pen: pen) }
        lastCell = (cursor.x, cursor.y)
        lastCharacter = scalar
        cursor.x += width
        if cursor.x >= columns {
            if !autoMargins { cursor.x = columns - 1 }
            else if newlineGlitch { cursor.x = columns - 1; wrapPending = true }
            else { cursor.x = 0; lineFeed() }
        }
    }

    private var lastCellEndsWithJoiner: Bool {
        guard let (x, y) = lastCell else { return false }
        return cells[y][x].text.unicodeScalars.last == "\u{200D}"
    }

    /// Writing over either half of a wide character blanks the other half.
    private func clearHalves(row: Int, column: Int) {
        guard column < columns else { return }
        if cells[row][column].isContinuation, column > 0 { cells[row][column - 1] = Cell(text: " ", pen: cells[row][column - 1].pen) }
        if column + 1 < columns, cells[row][column + 1].isContinuation { cells[row][column + 1] = Cell(text: " ", pen: cells[row][column + 1].pen) }
    }

    private var erased: Cell { Cell(text: " ", isContinuation: false, pen: Pen(background: backColorErase ? pen.background : -1)) }

    private func clear(row: Int, from: Int, to: Int) {
        guard from < to else { return }
        touched[row] = true
        if from > 0, cells[row][from].isContinuation { cells[row][from - 1] = Cell(text: " ", pen: cells[row][from - 1].pen) }
        if to < columns, cells[row][to].isContinuation { cells[row][to] = Cell(text: " ", pen: cells[row][to].pen) }
        let blank = erased
        for c in from..<to { cells[row][c] = blank }
    }

    private func erase() { for r in 0..<rows { clear(row: r, from: 0, to: columns) } }

    private func lineFeed() {
        wrapPending = false
        if cursor.y == bottom { scrollUp(from: top) } else if cursor.y < rows - 1 { cursor.y += 1 }
    }

    private func reverseIndex() {
        wrapPending = false
        if cursor.y == top { scrollDown(from: top) } else if cursor.y > 0 { cursor.y -= 1 }
    }

    private func scrollUp(from row: Int) {
        for y in row...bottom { touched[y] = true }
        cells.remove(at: row)
        cells.insert(Array(repeating: erased, count: columns), at: bottom)
    }

    private func scrollDown(from row: Int) {
        for y in row...bottom { touched[y] = true }
        cells.remove(at: bottom)
        cells.insert(Array(repeating: erased, count: columns), at: row)
    }

    private func clampRow(_ r: Int) -> Int { max(0, min(rows - 1, r)) }
    private func clampColumn(_ c: Int) -> Int { max(0, min(columns - 1, c)) }
}
