/// Which style each cell of a row goes to the terminal with, so that runs
/// share attributes and the terminal is told fewer style changes.
///
/// A blank (a space without underline or reverse) shows nothing but its
/// background: bold, dim, italic and the foreground colour make no visible
/// difference. So a blank takes the style of its left neighbour when that
/// has the same background (else of its right neighbour, else its own), and
/// "` AA ` bold, space plain, `Ada` bold" goes out as one bold run instead of
/// three attribute changes (each of which costs ncurses `sgr0` and both
/// colours again, about 30 bytes).
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

    private static func background(_ bits: UInt32) -> UInt32 { (bits >> 9) & 0x1FF }

    /// Whether a blank with style `blank` may be drawn with style `other`.
    private static func canShare(_ blank: UInt32, _ other: UInt32) -> Bool {
        other & underlineOrReverse == 0 && background(other) == background(blank)
    }

    /// The style bits each cell of `row` is sent with (`styles` is resized to the row's width).
    /// `keep` is a column that keeps its own style (the text cursor's: some terminals draw the
    /// cursor in the cell's foreground colour).
    static func styles(for row: UnsafeBufferPointer<Cell>, keep: Int? = nil, into styles: inout [UInt32]) {
        let width = row.count
        if styles.count != width { styles = [UInt32](repeating: 0, count: width) }
        guard width > 0 else { return }
        // Left to right: a blank takes its left neighbour's style; the blanks that cannot are
        // marked with the top bit (style bits use 26) to look right in the second pass.
        let unresolved: UInt32 = 1 << 31
        for x in 0..<width {
            let cell = row[x]
            let own = cell.styleBits
            if cell.isContinuation {
                styles[x] = x > 0 ? styles[x - 1] & ~unresolved : own
            } else if x == keep || !isBlank(cell) {
                styles[x] = own
            } else if x > 0, styles[x - 1] & unresolved == 0, canShare(own, styles[x - 1]) {
                styles[x] = styles[x - 1]
            } else {
                styles[x] = own | unresolved
            }
        }
        // Right to left: a blank with nothing to share on its left takes its right neighbour's style.
        var x = width - 1
        while x >= 0 {
            if styles[x] & unresolved != 0 {
                let own = styles[x] & ~unresolved
                if x + 1 < width, canShare(own, styles[x + 1]) { styles[x] = styles[x + 1] } else { styles[x] = own }
            }
            x -= 1
        }
    }
}
