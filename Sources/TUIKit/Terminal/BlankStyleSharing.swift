/// Which style each cell of a row goes to the terminal with, so that runs
/// share attributes and the terminal is told fewer style changes.
///
/// A blank (a space without underline or reverse) shows nothing but its
/// background: bold, dim, italic and the foreground colour make no visible
/// difference. So a run of blanks takes the style of a neighbour with the same
/// background: of the longer of the two runs of text beside it (the left one
/// when they are as long), else its own. "` AA ` bold, space plain, `Ada` bold"
/// goes out as one bold run instead of three attribute changes (each of which
/// costs ncurses `sgr0` and both colours again, about 30 bytes); the indent
/// before a subtitle goes with the subtitle, not with the border before it, so
/// a changed subtitle is one colour change, not two.
///
/// The choice depends only on the row's cells, so the same row content is
/// always sent with the same styles: ncurses' line hashing (its scrolling
/// optimisation) still recognises a row that moved.
enum BlankStyleSharing {
    private static let underlineOrReverse = UInt32(TextAttributes.underline.union(.reverse).rawValue) << 18

    /// Whether `cell` shows only its background.
    static func isBlank(_ cell: Cell) -> Bool {
        cell.grapheme == .space && cell.width == 1 && cell.styleBits & underlineOrReverse == 0
    }

    /// Whether `styles(for:columns:)` may start or end a window at column `x` of `row`: the row's
    /// edge, or text just after a blank (start) / a blank just after text (end). Nothing on one side
    /// of such an edge changes a style on the other.
    static func isWindowStart(_ row: UnsafeBufferPointer<Cell>, _ x: Int) -> Bool {
        x <= 0 || x >= row.count || (isBlank(row[x - 1]) && !isBlank(row[x]) && !row[x].isContinuation)
    }

    static func isWindowEnd(_ row: UnsafeBufferPointer<Cell>, _ x: Int) -> Bool {
        x <= 0 || x >= row.count || (!isBlank(row[x - 1]) && isBlank(row[x]))
    }

    private static func background(_ bits: UInt32) -> UInt32 { (bits >> 9) & 0x1FF }

    /// Whether a blank with style `blank` may be drawn with style `other`.
    static func canShare(_ blank: UInt32, _ other: UInt32) -> Bool {
        other & underlineOrReverse == 0 && background(other) == background(blank)
    }

    /// The style bits each cell of `row` is sent with (`styles` is resized to the row's width).
    /// `keep` is a column that keeps its own style (the text cursor's: some terminals draw the
    /// cursor in the cell's foreground colour).
    ///
    /// `columns`: work out only these (the rest of `styles` is left as it was). Each edge must be
    /// the row's, or lie where a blank meets text (`isWindowEdge`): a run of blanks takes its style
    /// from the text beside it, so the columns between two such edges come out as the whole row's.
    static func styles(for row: UnsafeBufferPointer<Cell>, keep: Int? = nil, columns: Range<Int>? = nil, into styles: inout [UInt32]) {
        if styles.count != row.count { styles = [UInt32](repeating: 0, count: row.count) }
        _ = styles.withUnsafeMutableBufferPointer { Self.styles(for: row, keep: keep, columns: columns, into: $0) }
    }

    /// `styles(for:keep:columns:into:)` into a buffer of the row's width (the writer's own).
    /// Returns whether a cell of `columns` is `LineDrawing.horizontal` (else `LineDrawing.mark`
    /// has nothing to look for there).
    @discardableResult
    static func styles(for row: UnsafeBufferPointer<Cell>, keep: Int? = nil, columns: Range<Int>? = nil, into out: UnsafeMutableBufferPointer<UInt32>) -> Bool {
        let count = row.count
        guard count > 0 else { return false }
        let horizontal = LineDrawing.horizontal, space = Grapheme.space
        var sawLine = false
        let keep = keep ?? -1
        let lower = columns?.lowerBound ?? 0, width = columns?.upperBound ?? count
        do {
            var x = lower
            while x < width {
                let cell = row[x]
                if cell.isContinuation { // the right half of a wide character goes with its left half
                    out[x] = x > lower ? out[x - 1] : cell.styleBits
                    x += 1
                    continue
                }
                let own = cell.styleBits
                guard x != keep, isBlank(cell) else {
                    if cell.grapheme == horizontal { sawLine = true }
                    out[x] = own
                    x += 1
                    continue
                }
                // The run of blanks on this background, [x, end): a space of one column whose
                // style bits have no underline or reverse and the background `own` has.
                var end = x + 1
                let blankBits = own & (0x1FF << 9), blankMask = underlineOrReverse | 0x1FF << 9
                let stop = keep > x ? min(width, keep) : width
                while end < stop, row[end].grapheme == space, row[end].width == 1, row[end].styleBits & blankMask == blankBits { end += 1 }
                var chosen = own
                let left = x > lower && canShare(own, out[x - 1]) ? out[x - 1] : nil
                let right = end < width && canShare(own, row[end].styleBits) ? row[end].styleBits : nil
                if let left, let right {
                    // The longer run of text beside the blanks, counted up to the length of the other.
                    var leftLength = 0, k = x - 1
                    while k >= lower, out[k] == left, !isBlank(row[k]) { leftLength += 1; k -= 1 }
                    var rightLength = 0
                    k = end
                    while k < width, rightLength <= leftLength, row[k].styleBits == right, !isBlank(row[k]) || k == keep { rightLength += 1; k += 1 }
                    chosen = rightLength > leftLength ? right : left
                } else if let shared = left ?? right {
                    chosen = shared
                }
                for i in x..<end { out[i] = chosen }
                x = end
            }
        }
        return sawLine
    }
}
