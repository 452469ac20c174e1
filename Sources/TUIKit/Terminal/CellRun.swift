import CNcurses

/// Consecutive cells of one row on their way to ncurses: `NcursesTerminal.apply` gathers the
/// changed cells here and hands them over in one `mvwadd_wchnstr` call. The cells are filled in
/// place from the current style's template (its attributes and colour pair worked out once a
/// style), in a buffer made once for the screen's width: a scrolling frame sends ~1,500 cells.
final class CellRun {
    private let cells: UnsafeMutableBufferPointer<cchar_t>
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var start = 0
    /// The current style's cell, without a character.
    @exclusivity(unchecked) private var template = cchar_t()
    /// The current style's cell of the terminal's horizontal line, made when first needed.
    private var lineTemplate: cchar_t? = nil
    /// The current style's attributes and colour pair (for cells of several characters).
    private var attributes = attr_t(0), pair: Int32 = 0
    /// The columns of the rows it was made for.
    let width: Int

    /// A run for rows of `width` columns (a column's cluster may take a few cells of ncurses').
    init(width: Int) {
        self.width = width
        cells = .allocate(capacity: 2 * max(1, width) + 8)
        cells.initialize(repeating: cchar_t())
    }

    deinit { cells.deallocate() }

    /// The attributes and colour pair of the cells appended from now on.
    func setStyle(attributes: attr_t, pair: Int32) {
        self.attributes = attributes
        self.pair = pair
        template = cchar_t()
        sb_fill_cchar(&template, 0, attributes, pair)
        lineTemplate = nil
    }

    /// A cell of a long horizontal line (`LineDrawing`), as the terminal's own line-drawing
    /// character in the current style, at column `x` when the run is empty.
    func appendHorizontalLine(at x: Int) {
        if count == 0 { start = x }
        guard count < cells.count else { return }
        if lineTemplate == nil {
            var line = cchar_t()
            sb_fill_hline(&line, attributes, pair)
            lineTemplate = line
        }
        cells[count] = lineTemplate!
        count += 1
    }

    /// One character in one cell (two columns for a wide one), at column `x` when the run is empty.
    func append(_ character: wchar_t, at x: Int) {
        if count == 0 { start = x }
        guard count < cells.count else { return }
        cells[count] = template
        cells[count].chars.0 = character
        count += 1
    }

    /// A cell of several characters (a spacing one and the zero-width ones after it), or U+FFFD
    /// and spaces over the columns of its first where ncurses cannot take it.
    func append(glyph: [Unicode.Scalar], at x: Int) {
        if count == 0 { start = x }
        var characters = [wchar_t](repeating: 0, count: ClusterEncoding.maxScalars + 1)
        for (i, scalar) in glyph.prefix(ClusterEncoding.maxScalars).enumerated() { characters[i] = wchar_t(bitPattern: scalar.value) }
        var cell = cchar_t()
        if sb_fill_glyph(&cell, characters, Int32(glyph.count), attributes, pair) == OK {
            if count < cells.count { cells[count] = cell; count += 1 }
            return
        }
        for column in 0..<max(1, DisplayWidth.terminalWidth(glyph[0])) where count < cells.count {
            cells[count] = template
            cells[count].chars.0 = column == 0 ? 0xFFFD : 0x20
            count += 1
        }
    }

    /// Hands the gathered cells to ncurses at row `y`; the run is empty again.
    func flush(row y: Int) {
        guard count > 0 else { return }
        _ = sb_put_cells(Int32(y), Int32(start), UnsafePointer(cells.baseAddress), Int32(count))
        count = 0
    }
}
