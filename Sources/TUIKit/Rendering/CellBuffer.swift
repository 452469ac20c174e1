/// A grid of cells the size of the screen: what views draw into and what the
/// terminal is sent the difference of.
public struct CellBuffer: Sendable, Equatable {
    /// The grid's width and height in cells.
    public private(set) var size: Size
    /// The cells, row after row (`y * width + x`).
    public private(set) var cells: [Cell]

    /// A buffer of `size` (negative sides count as 0) with every cell set to `cell`.
    public init(size: Size, filling cell: Cell = .blank) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        self.cells = Array(repeating: cell, count: self.size.width * self.size.height)
    }

    /// The whole buffer as a rectangle at (0,0).
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// The cell at column `x`, row `y`; both must be inside the buffer. Setting it does not keep wide characters whole (see `set(_:x:y:)`).
    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * size.width + x] }
        set { cells[y * size.width + x] = newValue }
    }

    /// Sets one cell, keeping two-column characters whole: overwriting either
    /// half of a wide character blanks its other half.
    public mutating func set(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
        let index = y * size.width + x
        let old = cells[index]
        if old.isContinuation, x > 0, cells[index - 1].width == 2 {
            cells[index - 1] = Cell(" ", style: cells[index - 1].style)
        }
        if old.width == 2, x + 1 < size.width, cell.width != 2 {
            cells[index + 1] = Cell(" ", style: cells[index + 1].style)
        }
        cells[index] = cell
        if cell.width == 2 {
            if x + 1 < size.width {
                let nextIndex = index + 1
                if cells[nextIndex].width == 2, x + 2 < size.width {
                    cells[nextIndex + 1] = Cell(" ", style: cells[nextIndex + 1].style)
                }
                cells[nextIndex] = .continuation(style: cell.style)
            } else {
                cells[index] = Cell(" ", style: cell.style) // no room for the right half
            }
        }
    }

    /// Fills a rectangle (clipped to the buffer) with one cell.
    public mutating func fill(_ rect: Rect, with cell: Cell) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        // Keep wide characters cut by the rectangle's edges whole.
        for y in r.minY..<r.maxY {
            if r.minX > 0, self[r.minX, y].isContinuation { self[r.minX - 1, y] = Cell(" ", style: self[r.minX - 1, y].style) }
            if r.maxX < size.width, self[r.maxX, y].isContinuation { self[r.maxX, y] = Cell(" ", style: self[r.maxX, y].style) }
            let start = y * size.width + r.minX
            for i in start..<(start + r.width) { cells[i] = cell }
        }
    }

    /// Changes the style of every cell in a rectangle, keeping the characters.
    public mutating func restyle(_ rect: Rect, _ transform: (Style) -> Style) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.minY..<r.maxY {
            let start = y * size.width + r.minX
            for i in start..<(start + r.width) { cells[i].style = transform(cells[i].style) }
        }
    }

    /// Writes text starting at (`x`, `y`), clipped to `clip`, one grapheme
    /// cluster per cell. A two-column character that would cross the clip's
    /// right edge is not drawn (nothing is split); control characters are shown
    /// as `�` so they cannot move the terminal's cursor. Returns the column after
    /// the last one written to.
    @discardableResult
    public mutating func write(_ text: some StringProtocol, x: Int, y: Int, style: Style, clip: Rect) -> Int {
        write(String(text), x: x, y: y, style: style, clip: clip)
    }

    /// `write(_:x:y:style:clip:)` for a `String` (what views draw, and what a call from
    /// another module reaches without the generic one's indirection). Printable ASCII, a
    /// byte a cell, is written straight from the UTF-8 bytes with one cell made for the
    /// style; from the first byte that is not (or that may join the next), the rest
    /// goes cluster by cluster.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: Style, clip: Rect) -> Int {
        let clip = clip.intersection(bounds)
        guard y >= clip.minY, y < clip.maxY else { return x + DisplayWidth.of(text) }
        var column = x
        let rowStart = y * size.width
        var cell = Cell(grapheme: .space, width: 1, style: style)
        var rest = -1 // the byte where the cluster-by-cluster walk takes over
        var stopped = false
        var utf8 = text
        utf8.withUTF8 { bytes in
            let count = bytes.count
            var i = 0
            while i < count {
                let byte = bytes[i]
                // A printable ASCII byte followed by another ASCII byte (or the end) is a cluster on its own.
                guard byte >= 0x20, byte < 0x7F, i + 1 == count || bytes[i + 1] < 0x80 else { rest = i; return }
                if column >= clip.maxX { stopped = true; return }
                if column >= clip.minX {
                    cell.grapheme = Grapheme(ascii: byte)
                    if cells[rowStart + column].width == 1 { cells[rowStart + column] = cell } else { set(cell, x: column, y: y) }
                }
                column += 1
                i += 1
            }
        }
        guard !stopped, rest >= 0 else { return column }
        return writeClusters(text, fromByte: rest, column: column, y: y, style: style, clip: clip)
    }

    /// Writes `text` from its UTF-8 offset `byte` (a cluster's start) cluster by cluster, from
    /// `column` on row `y` (inside `clip`, already cut to the buffer).
    private mutating func writeClusters(_ text: String, fromByte byte: Int, column start: Int, y: Int, style: Style, clip: Rect) -> Int {
        var column = start
        let rowStart = y * size.width
        ClusterScanner.forEach(in: text, from: byte) { cluster in
            if column >= clip.maxX { return false }
            var grapheme = cluster.grapheme
            var width = cluster.width
            if width == 0 {
                if cluster.isControl { grapheme = Self.replacement; width = 1 } else { return true }
            }
            if column >= clip.minX {
                if column + width > clip.maxX { return false }
                let cell = Cell(grapheme: grapheme, width: UInt8(width), style: style)
                if width == 1, cells[rowStart + column].width == 1 { cells[rowStart + column] = cell } else { set(cell, x: column, y: y) }
            } else if column + width > clip.minX {
                // The left half is clipped away: show the visible half as a space.
                set(Cell(" ", style: style), x: clip.minX, y: y)
            }
            column += width
            return true
        }
        return column
    }

    private static let replacement = Grapheme("\u{FFFD}")
    private static let ellipsis = Grapheme("…")

    /// Like `write`, but cut to `width` columns the way `TextLayout.truncate`
    /// cuts — text that does not fit ends in `…` — measuring and drawing in one
    /// pass. Only what lies inside `clip` is drawn.
    @discardableResult
    public mutating func writeTruncating(_ text: String, x: Int, y: Int, width: Int, style: Style, clip: Rect) -> Int {
        let clip = clip.intersection(bounds)
        let limit = x + width
        guard width > 0, y >= clip.minY, y < clip.maxY else { return x }
        var column = x
        var fitEnd = x // where the text ends if it leaves a column for "…"
        var overflowed = false
        ClusterScanner.forEach(in: text) { cluster in
            var grapheme = cluster.grapheme
            var w = cluster.width
            if w == 0 {
                // One line: a newline ends it, as if more text followed ("…").
                if cluster.grapheme == Self.newline { overflowed = true; return false }
                if cluster.isControl { grapheme = Self.replacement; w = 1 } else { return true }
            }
            if column + w > limit { overflowed = true; return false }
            if column >= clip.minX, column + w <= clip.maxX {
                let cell = Cell(grapheme: grapheme, width: UInt8(w), style: style)
                let index = y * size.width + column
                if w == 1, cells[index].width == 1 { cells[index] = cell } else { set(cell, x: column, y: y) }
            } else if column < clip.minX, column + w > clip.minX {
                set(Cell(grapheme: .space, width: 1, style: style), x: clip.minX, y: y) // the visible half of a clipped wide character
            }
            column += w
            if column < limit { fitEnd = column }
            return true
        }
        guard overflowed else { return column }
        // Take back what "…" replaces, then put it right after the text that fits.
        for c in fitEnd..<column where c >= clip.minX && c < clip.maxX { set(Cell(grapheme: .space, width: 1, style: style), x: c, y: y) }
        if fitEnd >= clip.minX, fitEnd < clip.maxX { set(Cell(grapheme: Self.ellipsis, width: 1, style: style), x: fitEnd, y: y) }
        return fitEnd + 1
    }

    private static let newline = Grapheme("\n")

    /// Shifts the rows inside a rectangle by `dy` (negative: up); rows that
    /// nothing moved into keep what they had.
    mutating func moveRows(in rect: Rect, by dy: Int) {
        let size = size
        cells.withUnsafeMutableBufferPointer { Self.moveRows($0.baseAddress!, size: size, in: rect, by: dy) }
    }

    /// `moveRows(in:by:)` on cells laid out as a buffer of `size`'s (row after row): what a
    /// terminal's copy of the screen does with a frame's `moves`.
    static func moveRows(_ cells: UnsafeMutablePointer<Cell>, size: Size, in rect: Rect, by dy: Int) {
        let r = rect.intersection(Rect(origin: .zero, size: size))
        guard !r.isEmpty, dy != 0, abs(dy) < r.height else { return }
        let width = size.width, count = r.height - abs(dy)
        if r.width == width { // whole rows: one block (`update` copies overlapping memory the right way round)
            let to = (dy < 0 ? r.minY : r.minY + dy) * width
            (cells + to).update(from: cells + to - dy * width, count: count * width)
            return
        }
        for i in 0..<count {
            let y = dy < 0 ? r.minY + i : r.maxY - 1 - i
            let to = y * width + r.minX
            (cells + to).update(from: cells + to - dy * width, count: r.width)
        }
    }

    /// Direct access to the cells, row after row (for the renderer's diff).
    mutating func withUnsafeMutableCells<R>(_ body: (inout UnsafeMutableBufferPointer<Cell>) -> R) -> R {
        cells.withUnsafeMutableBufferPointer { body(&$0) }
    }

    /// Resizes, keeping what fits in the top-left corner.
    public mutating func resize(to newSize: Size, filling cell: Cell = .blank) {
        guard newSize != size else { return }
        var fresh = CellBuffer(size: newSize, filling: cell)
        let w = min(size.width, fresh.size.width), h = min(size.height, fresh.size.height)
        for y in 0..<h {
            for x in 0..<w { fresh[x, y] = self[x, y] }
            if w > 0, fresh[w - 1, y].width == 2, w == fresh.size.width { fresh[w - 1, y] = Cell(" ", style: fresh[w - 1, y].style) }
        }
        self = fresh
    }

    /// The plain text of one row: each cell's character, continuation halves left out.
    public func text(ofRow y: Int) -> String {
        var line = ""
        line.reserveCapacity(size.width)
        for x in 0..<size.width {
            let cell = self[x, y]
            if !cell.isContinuation { line.append(cell.character) }
        }
        return line
    }
}
