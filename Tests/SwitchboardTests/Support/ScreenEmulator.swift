@testable import TUIKit

/// A small terminal, enough of xterm's control sequences for what ncurses
/// writes with TERM=xterm-256color or tmux-256color: cursor moves, erases,
/// inserts and deletes, scroll regions, repeats; colours and modes are read
/// and ignored. Each spacing character takes the columns `wcwidth` gives it
/// (as a real terminal does), a zero-width one goes with the cell before
/// it; where `joinsEmojiSequences` (tmux), an emoji after U+200D joins the
/// emoji before it. The test compares this screen with the cell buffer's.
final class ScreenEmulator {
    struct Cell: Equatable {
        var text = " "
        /// The right half of a wide character.
        var isContinuation = false
    }

    private(set) var columns: Int, rows: Int
    let joinsEmojiSequences: Bool
    private(set) var cells: [[Cell]]
    private var x = 0, y = 0
    private var wrapPending = false
    private var top = 0, bottom: Int
    private var saved = (0, 0)
    private var last: Character = " "
    private var lastCell: (Int, Int)?
    /// Whether the cursor is still where the last character left it.
    private var justPut = false
    /// Zero-width characters that came with no character before them (a
    /// joiner or accent the terminal would glue to whatever comes next).
    private(set) var strays: [Unicode.Scalar] = []
    /// Whether G0 is the DEC line-drawing set (`ESC ( 0`) rather than ASCII (`ESC ( B`).
    private var lineDrawing = false
    /// What the DEC line-drawing set shows for `` ` `` through `~`.
    private static let lineDrawingSet = Array("◆▒␉␌␍␊°±␤␋┘┐┌└┼⎺⎻─⎼⎽├┤┴┬│≤≥π≠£·".unicodeScalars)
    private var pendingBytes: [UInt8] = []
    private var sequence: [UInt8]?

    init(columns: Int, rows: Int, joinsEmojiSequences: Bool) {
        self.columns = columns
        self.rows = rows
        self.joinsEmojiSequences = joinsEmojiSequences
        bottom = rows - 1
        cells = Array(repeating: Array(repeating: Cell(), count: columns), count: rows)
    }

    /// The terminal window changed size: rows and columns cut or padded, as xterm does.
    func resize(columns: Int, rows: Int) {
        cells = (0..<rows).map { r in
            let row = r < cells.count ? cells[r] : []
            return Array((row + Array(repeating: Cell(), count: max(0, columns - row.count))).prefix(columns))
        }
        self.columns = columns
        self.rows = rows
        top = 0
        bottom = rows - 1
        x = min(x, columns - 1)
        y = min(y, rows - 1)
        wrapPending = false
        lastCell = nil
        fixHalves()
    }

    /// The screen, one line a row (a wide character once, its right half left out).
    var text: String { (0..<rows).map(line).joined(separator: "\n") }

    func line(_ row: Int) -> String { cells[row].filter { !$0.isContinuation }.map(\.text).joined() }

    func feed<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        for byte in bytes { take(byte) }
    }

    private func take(_ byte: UInt8) {
        if var seq = sequence {
            seq.append(byte)
            sequence = seq
            if let done = finishedSequence(seq) { sequence = nil; run(done) }
            return
        }
        if !pendingBytes.isEmpty || byte >= 0x80 {
            pendingBytes.append(byte)
            if let s = String(validating: pendingBytes, as: UTF8.self) {
                pendingBytes = []
                for scalar in s.unicodeScalars { put(scalar) }
            } else if pendingBytes.count >= 4 {
                pendingBytes = []
                put("\u{FFFD}")
            }
            return
        }
        if byte < 0x20 || byte == 0x7F { justPut = false }
        switch byte {
        case 0x1B: sequence = [byte]
        case 0x0D: x = 0; wrapPending = false
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x08: if x > 0 { x -= 1 }; wrapPending = false
        case 0x09: x = min(columns - 1, (x / 8 + 1) * 8); wrapPending = false
        case 0x07, 0x00, 0x0E, 0x0F: break
        default:
            if lineDrawing, byte >= 0x60, byte <= 0x7E { put(Self.lineDrawingSet[Int(byte - 0x60)]) }
            else if byte >= 0x20 { put(Unicode.Scalar(byte)) }
        }
    }

    /// The whole sequence once its last byte is there.
    private func finishedSequence(_ seq: [UInt8]) -> [UInt8]? {
        guard seq.count >= 2 else { return nil }
        switch seq[1] {
        case UInt8(ascii: "["):
            guard seq.count >= 3, let last = seq.last, (0x40...0x7E).contains(last) else { return nil }
            return seq
        case UInt8(ascii: "]"), UInt8(ascii: "P"):
            // OSC / DCS: up to BEL or ESC \
            if seq.last == 0x07 { return seq }
            if seq.count >= 4, seq[seq.count - 2] == 0x1B, seq.last == UInt8(ascii: "\\") { return seq }
            return nil
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "#"):
            return seq.count >= 3 ? seq : nil
        default:
            return seq
        }
    }

    private func run(_ seq: [UInt8]) {
        justPut = false
        switch seq[1] {
        case UInt8(ascii: "["): control(seq)
        case UInt8(ascii: "7"): saved = (x, y)
        case UInt8(ascii: "8"): (x, y) = saved; wrapPending = false
        case UInt8(ascii: "D"): lineFeed()
        case UInt8(ascii: "E"): x = 0; lineFeed()
        case UInt8(ascii: "M"): reverseIndex()
        case UInt8(ascii: "("): lineDrawing = seq[2] == UInt8(ascii: "0")
        case UInt8(ascii: "c"): cells = Array(repeating: Array(repeating: Cell(), count: columns), count: rows); x = 0; y = 0; lineDrawing = false
        default: break
        }
    }

    private func control(_ seq: [UInt8]) {
        let final = seq.last!
        let body = seq[2..<(seq.count - 1)]
        if body.first.map({ (0x3C...0x3F).contains($0) }) == true { // private modes: ?1049h and the like
            if final == UInt8(ascii: "h") || final == UInt8(ascii: "l"), String(decoding: body, as: UTF8.self) == "?1049" { erase(all: true) }
            return
        }
        let params = String(decoding: body, as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func p(_ i: Int, _ d: Int) -> Int { i < params.count ? (params[i].flatMap { $0 == 0 ? nil : $0 } ?? d) : d }
        func raw(_ i: Int) -> Int { i < params.count ? (params[i] ?? 0) : 0 }
        wrapPending = false
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"): y = clampRow(p(0, 1) - 1); x = clampColumn(p(1, 1) - 1)
        case UInt8(ascii: "A"): y = max(top <= y ? top : 0, y - p(0, 1))
        case UInt8(ascii: "B"): y = min(y <= bottom ? bottom : rows - 1, y + p(0, 1))
        case UInt8(ascii: "C"): x = clampColumn(x + p(0, 1))
        case UInt8(ascii: "D"): x = max(0, x - p(0, 1))
        case UInt8(ascii: "G"), UInt8(ascii: "`"): x = clampColumn(p(0, 1) - 1)
        case UInt8(ascii: "d"): y = clampRow(p(0, 1) - 1)
        case UInt8(ascii: "K"):
            switch raw(0) {
            case 0: clear(row: y, from: x, to: columns)
            case 1: clear(row: y, from: 0, to: x + 1)
            default: clear(row: y, from: 0, to: columns)
            }
        case UInt8(ascii: "J"):
            switch raw(0) {
            case 0: clear(row: y, from: x, to: columns); for r in (y + 1)..<rows { clear(row: r, from: 0, to: columns) }
            case 1: for r in 0..<y { clear(row: r, from: 0, to: columns) }; clear(row: y, from: 0, to: x + 1)
            default: erase(all: false)
            }
        case UInt8(ascii: "X"): clear(row: y, from: x, to: min(columns, x + p(0, 1)))
        case UInt8(ascii: "@"):
            let n = min(p(0, 1), columns - x)
            cells[y].insert(contentsOf: Array(repeating: Cell(), count: n), at: x)
            cells[y].removeLast(n)
            fixHalves(rows: y...y)
        case UInt8(ascii: "P"):
            let n = min(p(0, 1), columns - x)
            cells[y].removeSubrange(x..<(x + n))
            cells[y].append(contentsOf: Array(repeating: Cell(), count: n))
            fixHalves(rows: y...y)
        case UInt8(ascii: "L"): if (top...bottom).contains(y) { for _ in 0..<p(0, 1) { scrollDown(from: y) } }; x = 0
        case UInt8(ascii: "M"): if (top...bottom).contains(y) { for _ in 0..<p(0, 1) { scrollUp(from: y) } }; x = 0
        case UInt8(ascii: "S"): for _ in 0..<p(0, 1) { scrollUp(from: top) }
        case UInt8(ascii: "T"): for _ in 0..<p(0, 1) { scrollDown(from: top) }
        case UInt8(ascii: "r"):
            top = clampRow(p(0, 1) - 1)
            bottom = clampRow(p(1, rows) - 1)
            x = 0; y = 0
        case UInt8(ascii: "b"): for _ in 0..<p(0, 1) { for s in String(last).unicodeScalars { put(s) } }
        default: break // m (colours), h/l (modes), n, t, ...
        }
    }

    private func put(_ scalar: Unicode.Scalar) {
        let width = DisplayWidth.terminalWidth(scalar)
        if width == 0 || (joinsEmojiSequences && width == 2 && lastCellEndsWithJoiner) {
            guard justPut, let (r, c) = lastCell else {
                strays.append(scalar)
                if x > 0 { cells[y][x - 1].text.unicodeScalars.append(scalar) }
                return
            }
            cells[r][c].text.unicodeScalars.append(scalar)
            last = cells[r][c].text.last ?? " "
            return
        }
        if wrapPending || x + width > columns {
            x = 0
            lineFeed()
        }
        clearHalves(row: y, column: x)
        if width == 2 { clearHalves(row: y, column: x + 1) }
        cells[y][x] = Cell(text: String(scalar))
        if width == 2 { cells[y][x + 1] = Cell(text: "", isContinuation: true) }
        lastCell = (y, x)
        last = Character(scalar)
        x += width
        if x >= columns { x = columns - 1; wrapPending = true }
        justPut = true
    }

    private var lastCellEndsWithJoiner: Bool {
        guard let (r, c) = lastCell else { return false }
        return cells[r][c].text.unicodeScalars.last == "\u{200D}"
    }

    /// Writing over either half of a wide character blanks the other half, as terminals do.
    private func clearHalves(row: Int, column: Int) {
        guard column < columns else { return }
        if cells[row][column].isContinuation, column > 0 { cells[row][column - 1] = Cell() }
        if column + 1 < columns, cells[row][column + 1].isContinuation { cells[row][column + 1] = Cell() }
    }

    /// A right half with no wide character before it is blank.
    private func fixHalves(rows range: ClosedRange<Int>? = nil) {
        for row in range ?? 0...(rows - 1) {
            for c in 0..<columns where cells[row][c].isContinuation && (c == 0 || cells[row][c - 1].isContinuation) { cells[row][c] = Cell() }
            if let lastCell = cells[row].last, !lastCell.isContinuation, DisplayWidth.of(lastCell.text) == 2 { cells[row][columns - 1] = Cell() }
        }
    }

    private func clear(row: Int, from: Int, to: Int) {
        guard from < to else { return }
        if from > 0, cells[row][from].isContinuation { cells[row][from - 1] = Cell() }
        if to < columns, cells[row][to].isContinuation { cells[row][to] = Cell() }
        for c in from..<to { cells[row][c] = Cell() }
        lastCell = nil
    }

    private func erase(all: Bool) {
        for r in 0..<rows { clear(row: r, from: 0, to: columns) }
    }

    private func lineFeed() {
        wrapPending = false
        if y == bottom { scrollUp(from: top) } else if y < rows - 1 { y += 1 }
    }

    private func reverseIndex() {
        if y == top { scrollDown(from: top) } else if y > 0 { y -= 1 }
    }

    private func scrollUp(from row: Int) {
        cells.remove(at: row)
        cells.insert(Array(repeating: Cell(), count: columns), at: bottom)
        lastCell = nil
    }

    private func scrollDown(from row: Int) {
        cells.remove(at: bottom)
        cells.insert(Array(repeating: Cell(), count: columns), at: row)
        lastCell = nil
    }

    private func clampRow(_ r: Int) -> Int { max(0, min(rows - 1, r)) }
    private func clampColumn(_ c: Int) -> Int { max(0, min(columns - 1, c)) }
}
