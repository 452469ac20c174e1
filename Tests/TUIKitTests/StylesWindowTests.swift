import Testing
@testable import TUIKit

/// `writeRow` works out a row's styles (`BlankStyleSharing`, then `LineDrawing`) only between two
/// places where blanks meet text: there they must come out as the whole row's. Random rows of
/// blanks on two backgrounds, text, reverse and underlined cells, wide characters and runs of `─`,
/// every window between two edges compared with the whole row's styles and lines.
@Suite("styles worked out in a window of a row")
struct StylesWindowTests {
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let styles: [Style] = [
        Style(foreground: .indexed(254), background: .indexed(234)),
        Style(foreground: .indexed(245), background: .indexed(234), attributes: .dim),
        Style(foreground: .indexed(16), background: .indexed(117), attributes: .bold),
        Style(foreground: .indexed(111), background: .indexed(234)),
        Style(foreground: .indexed(254), background: .indexed(234), attributes: .reverse),
        Style(foreground: .indexed(254), background: .indexed(234), attributes: .underline),
        .plain,
    ]

    /// A row of `width` cells in runs: blanks, letters, `─`, a wide character.
    static func row(_ width: Int, _ random: inout Random) -> [Cell] {
        var cells: [Cell] = []
        while cells.count < width {
            let style = styles[Int(random.next() % UInt64(styles.count))]
            let length = 1 + Int(random.next() % 20)
            switch random.next() % 4 {
            case 0: cells += Array(repeating: Cell(" ", style: style), count: length)
            case 1: cells += (0..<length).map { _ in Cell(Character(Unicode.Scalar(UInt8(97 + random.next() % 3))), style: style) }
            case 2: cells += Array(repeating: Cell("─", style: style), count: length)
            default:
                cells.append(Cell("語", width: 2, style: style))
                cells.append(.continuation(style: style))
            }
        }
        cells.removeLast(cells.count - width)
        if cells.last?.width == 2 { cells[width - 1] = Cell(" ", style: cells[width - 1].style) }
        return cells
    }

    @Test(arguments: 0..<4) func everyWindowBetweenTwoEdgesGivesTheWholeRowsStyles(seed: UInt64) {
        var random = Random(state: seed &* 7919 &+ 1)
        for _ in 0..<150 {
            let width = 8 + Int(random.next() % 80)
            let cells = Self.row(width, &random)
            cells.withUnsafeBufferPointer { row in
                var whole: [UInt32] = [], wholeLines: [Bool] = []
                BlankStyleSharing.styles(for: row, into: &whole)
                let wholeFound = whole.withUnsafeMutableBufferPointer { LineDrawing.mark(row, styles: $0, into: &wholeLines) }
                let starts = (0...width).filter { BlankStyleSharing.isWindowStart(row, $0) }
                let ends = (0...width).filter { BlankStyleSharing.isWindowEnd(row, $0) }
                for lower in starts {
                    for upper in ends where upper > lower {
                        // Garbage outside the window: it must not be read.
                        var window = [UInt32](repeating: 0xDEAD, count: width), lines = [Bool](repeating: true, count: width)
                        BlankStyleSharing.styles(for: row, columns: lower..<upper, into: &window)
                        let found = window.withUnsafeMutableBufferPointer { LineDrawing.mark(row, styles: $0, columns: lower..<upper, into: &lines) }
                        #expect(Array(window[lower..<upper]) == Array(whole[lower..<upper]), "styles of [\(lower), \(upper)) of a row of \(width)")
                        if found {
                            #expect(wholeFound)
                            #expect(Array(lines[lower..<upper]) == Array(wholeLines[lower..<upper]), "lines of [\(lower), \(upper))")
                        } else if wholeFound {
                            #expect(!wholeLines[lower..<upper].contains(true), "a run of lines in [\(lower), \(upper)) not found")
                        }
                    }
                }
            }
        }
    }

    /// `writeRow` asks `LineDrawing.mark` for a window only where the styles said it holds a `─`:
    /// what they say is whether it does, so no run of lines goes out as `─`s for want of the look.
    @Test(arguments: 0..<2) func theStylesSayWhetherAWindowHoldsALineCell(seed: UInt64) {
        var random = Random(state: seed &* 104_729 &+ 3)
        var withLines = 0, without = 0
        for _ in 0..<150 {
            let width = 8 + Int(random.next() % 80)
            let cells = Self.row(width, &random)
            cells.withUnsafeBufferPointer { row in
                let starts = (0...width).filter { BlankStyleSharing.isWindowStart(row, $0) }
                let ends = (0...width).filter { BlankStyleSharing.isWindowEnd(row, $0) }
                for lower in starts {
                    for upper in ends where upper > lower {
                        var window = [UInt32](repeating: 0, count: width), lines = [Bool](repeating: false, count: width)
                        let keep = random.next() % 4 == 0 ? lower + Int(random.next() % UInt64(upper - lower)) : nil
                        let sawLine = window.withUnsafeMutableBufferPointer { BlankStyleSharing.styles(for: row, keep: keep, columns: lower..<upper, into: $0) }
                        let holdsLine = row[lower..<upper].contains { $0.grapheme == LineDrawing.horizontal && !$0.isContinuation }
                        #expect(sawLine == holdsLine, "[\(lower), \(upper)) of a row of \(width)")
                        let found = window.withUnsafeMutableBufferPointer { styles in
                            lines.withUnsafeMutableBufferPointer { LineDrawing.mark(row, styles: styles, keep: keep, columns: lower..<upper, into: $0) }
                        }
                        if found { #expect(sawLine) }
                        if holdsLine { withLines += 1 } else { without += 1 }
                    }
                }
            }
        }
        #expect(withLines > 100 && without > 100) // both kinds of window were looked at
    }
}
