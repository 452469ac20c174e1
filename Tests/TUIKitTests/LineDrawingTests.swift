import Testing
@testable import TUIKit

/// Which cells of a row go out as the terminal's own horizontal line, and the styles the blanks
/// beside such a line are sent with (see `LineDrawing`).
@Suite("long lines in the terminal's line-drawing set")
struct LineDrawingTests {
    static let border = Style(foreground: .indexed(111), background: .indexed(234))
    static let line = Style(foreground: .indexed(245), background: .indexed(234))

    /// The cells marked as the terminal's line, and the styles sent, for `parts`.
    static func mark(_ parts: [(String, Style)], keep: Int? = nil) -> (long: [Bool], styles: [Style], found: Bool) {
        let row = BlankStyleSharingTests.row(parts)
        var bits: [UInt32] = [], long: [Bool] = []
        row.withUnsafeBufferPointer { BlankStyleSharing.styles(for: $0, keep: keep, into: &bits) }
        let found = row.withUnsafeBufferPointer { cells in
            bits.withUnsafeMutableBufferPointer { LineDrawing.mark(cells, styles: $0, keep: keep, into: &long) }
        }
        return (found ? long : [Bool](repeating: false, count: row.count), bits.map { Cell.style(fromBits: $0) }, found)
    }

    @Test func aSeparatorIsALineAndTheBlanksBesideItGoWithTheBorders() {
        let separator = String(repeating: "─", count: 20)
        let result = Self.mark([("│", Self.border), (" ", Self.line), (separator, Self.line), (" ", Self.line), ("│", Self.border)])
        #expect(result.found)
        #expect(result.long == [false, false] + Array(repeating: true, count: 20) + [false, false])
        // Blank sharing gave the blanks the line's style; beside a line they take the borders'.
        #expect(result.styles[1] == Self.border && result.styles[22] == Self.border)
        #expect(result.styles[2...21].allSatisfy { $0 == Self.line })
    }

    @Test func aShortRunOrARunOfTwoStylesStaysAsItIs() {
        let short = Self.mark([("│", Self.border), (" ", Self.line), (String(repeating: "─", count: LineDrawing.shortestRun - 1), Self.line), ("│", Self.border)])
        #expect(!short.found)
        #expect(short.styles[1] == Self.line) // shared with the text beside it, as before
        let half = String(repeating: "─", count: 10)
        let twoStyles = Self.mark([(half, Self.line), (half, Self.border)])
        #expect(!twoStyles.found)
    }

    @Test func theCursorsCellAndABlankBesideReverseTextKeepTheirStyles() {
        let reverse = Style(foreground: .indexed(16), background: .indexed(234), attributes: .reverse)
        let separator = String(repeating: "─", count: 20)
        let parts: [(String, Style)] = [("x", reverse), (" ", Self.line), (separator, Self.line), (" ", Self.line), ("│", Self.border)]
        let result = Self.mark(parts, keep: 22)
        #expect(result.found)
        #expect(result.styles[1] == Self.line, "a reverse cell's style would show on the blank")
        #expect(result.styles[22] == Self.line, "the text cursor's cell keeps its own style")
    }
}
