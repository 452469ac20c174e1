/// Long horizontal lines go to the terminal in its own line-drawing set.
///
/// A `─` (U+2500) is three bytes of UTF-8. The DEC line-drawing set of xterm and its kin shows the
/// same line for the one byte `q`, and ncurses sends `ACS_HLINE` that way (as C curses programs
/// draw their lines), or U+2500 again where it knows the set is broken. Switching to the set and
/// back costs ncurses an attribute change each way (`sgr` resets the colours, so they go again,
/// about 30 bytes), so only a run of at least `shortestRun` cells of one style goes out that way,
/// and the blanks on either side of it take the style of the text beyond them where they can
/// (the colour change back is then the one the next text needed anyway): a list's separator costs
/// less than half its bytes, and a one-cell border stays as it was.
///
/// Like `BlankStyleSharing`, what is decided depends only on the row's cells, so a row that moved
/// goes out the same and ncurses' line hashing still recognises it.
enum LineDrawing {
    /// The character drawn with the terminal's line-drawing set.
    static let horizontal = Grapheme("\u{2500}")
    /// The fewest cells of one run that are worth the switch.
    static let shortestRun = 16

    /// Marks in `long` (resized to the row) the cells of `row` that go out as the terminal's
    /// horizontal line, and gives the blanks beside each such run the style of the text beyond
    /// them in `styles` (the row's styles from `BlankStyleSharing`) where the background allows.
    /// Returns whether the row has such a run. Column `keep` (the text cursor's) keeps its style.
    /// `columns`: only these (a window of `BlankStyleSharing.styles(for:columns:)`, whose edges
    /// no run of lines or of blanks crosses); the rest of `long` is not to be read.
    static func mark(_ row: UnsafeBufferPointer<Cell>, styles: UnsafeMutableBufferPointer<UInt32>, keep: Int? = nil,
                     columns: Range<Int>? = nil, into long: inout [Bool]) -> Bool {
        if long.count != row.count { long = [Bool](repeating: false, count: row.count) }
        return long.withUnsafeMutableBufferPointer { mark(row, styles: styles, keep: keep, columns: columns, into: $0) }
    }

    /// `mark(_:styles:keep:columns:into:)` into a buffer of the row's width (the writer's own).
    static func mark(_ row: UnsafeBufferPointer<Cell>, styles: UnsafeMutableBufferPointer<UInt32>, keep: Int? = nil,
                     columns: Range<Int>? = nil, into long: UnsafeMutableBufferPointer<Bool>) -> Bool {
        let lower = columns?.lowerBound ?? 0, width = columns?.upperBound ?? row.count
        var found = false
        var x = lower
        while x < width {
            guard row[x].grapheme == horizontal, row[x].width == 1 else { x += 1; continue }
            let style = styles[x]
            var end = x + 1
            while end < width, row[end].grapheme == horizontal, row[end].width == 1, styles[end] == style { end += 1 }
            if end - x >= shortestRun {
                if !found {
                    found = true
                    long.update(repeating: false)
                }
                for i in x..<end { long[i] = true }
                restyleBlanks(before: x, in: row, styles: styles, line: style, keep: keep ?? -1, lower: lower)
                restyleBlanks(after: end, in: row, styles: styles, line: style, keep: keep ?? -1, upper: width)
            }
            x = end
        }
        return found
    }

    /// The blanks that took the line's style just before column `x` take the style of the cell
    /// before them instead, when they may.
    private static func restyleBlanks(before x: Int, in row: UnsafeBufferPointer<Cell>, styles: UnsafeMutableBufferPointer<UInt32>,
                                      line: UInt32, keep: Int, lower: Int) {
        var start = x
        while start > lower, start - 1 != keep, styles[start - 1] == line, BlankStyleSharing.isBlank(row[start - 1]) { start -= 1 }
        guard start < x, start > lower else { return }
        let other = styles[start - 1]
        for i in start..<x where BlankStyleSharing.canShare(row[i].styleBits, other) { styles[i] = other }
    }

    /// The blanks that took the line's style from column `x` on take the style of the cell after
    /// them instead, when they may.
    private static func restyleBlanks(after x: Int, in row: UnsafeBufferPointer<Cell>, styles: UnsafeMutableBufferPointer<UInt32>,
                                      line: UInt32, keep: Int, upper: Int) {
        var end = x
        while end < upper, end != keep, styles[end] == line, BlankStyleSharing.isBlank(row[end]) { end += 1 }
        guard end > x, end < upper else { return }
        let other = styles[end]
        for i in x..<end where BlankStyleSharing.canShare(row[i].styleBits, other) { styles[i] = other }
    }
}
