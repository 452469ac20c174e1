import Testing
@testable import TUIKit

/// Which style each cell goes to the terminal with: blanks share a neighbour's
/// style when nothing visible changes (see `BlankStyleSharing`).
@Suite("blank cells share their neighbours' style")
struct BlankStyleSharingTests {
    static let blue = Color.indexed(117), grey = Color.indexed(234), white = Color.indexed(254)
    static let avatar = Style(foreground: .indexed(16), background: blue, attributes: .bold)
    static let name = Style(foreground: white, background: grey, attributes: .bold)
    static let plain = Style(foreground: white, background: grey)

    /// `text` with one style per character, as `Cell`s.
    static func row(_ parts: [(String, Style)]) -> [Cell] {
        parts.flatMap { text, style in text.map { Cell($0, style: style) } }
    }

    static func styles(_ row: [Cell], keep: Int? = nil) -> [Style] {
        var bits: [UInt32] = []
        row.withUnsafeBufferPointer { BlankStyleSharing.styles(for: $0, keep: keep, into: &bits) }
        return bits.map { Cell.style(fromBits: $0) }
    }

    /// What a person sees of a cell drawn with `style`: the same character and background;
    /// the rest only where the cell is not a blank.
    static func looksTheSame(_ cell: Cell, drawnWith style: Style) -> Bool {
        if BlankStyleSharing.isBlank(cell) {
            return style.background == cell.style.background && !style.attributes.contains(.reverse) && !style.attributes.contains(.underline)
        }
        return style == cell.style
    }

    @Test func aFriendRowIsOneBoldRunAfterItsFirstBlank() {
        // " AA  Ada Allen   ": blank, avatar (bold on Self.blue), blank, name (bold), blanks.
        let cells = Self.row([(" ", Self.plain), (" AA ", Self.avatar), (" ", Self.plain), ("Ada Allen", Self.name), ("   ", Self.plain)])
        let sent = Self.styles(cells)
        for (cell, style) in zip(cells, sent) { #expect(Self.looksTheSame(cell, drawnWith: style)) }
        // The blanks take the avatar's or the name's style: three runs, not six.
        var runs = 1
        for i in 1..<sent.count where sent[i] != sent[i - 1] { runs += 1 }
        #expect(runs == 3, "\(sent)")
        #expect(sent[5] == Self.name)       // the blank between avatar and name
        #expect(sent.last == Self.name)     // the blanks after the name
        #expect(sent[1] == Self.avatar)     // the avatar's own blanks
    }

    @Test func anIndentGoesWithTheLongerTextBesideIt() {
        // "│      Analytical Engines Ltd   │": the border, an indent, a subtitle, blanks, the border.
        let border = Style(foreground: .indexed(111), background: Self.grey)
        let subtitle = Style(foreground: .indexed(245), background: Self.grey)
        let cells = Self.row([("│", border), ("      ", Self.plain), ("Analytical Engines Ltd", subtitle), ("   ", Self.plain), ("│", border)])
        let sent = Self.styles(cells)
        for (cell, style) in zip(cells, sent) { #expect(Self.looksTheSame(cell, drawnWith: style)) }
        // So a changed subtitle, sent from its indent on, is one colour change and not two.
        #expect(sent[1...6].allSatisfy { $0 == subtitle }, "\(sent)")
        #expect(sent[sent.count - 2] == subtitle)
        // Beside two runs as long as each other, the left one's.
        let even = Self.styles(Self.row([("ab", Self.name), ("  ", Self.plain), ("cd", subtitle)]))
        #expect(even[2] == Self.name && even[3] == Self.name)
    }

    @Test func underlinedReversedAndKeptCellsKeepTheirStyle() {
        let underlined = Style(foreground: Self.white, background: Self.grey, attributes: .underline)
        let reversed = Style(foreground: Self.white, background: Self.grey, attributes: .reverse)
        let cells = Self.row([("ab", Self.name), (" ", underlined), (" ", reversed), (" ", Self.plain), (" ", Self.plain), ("x", Self.plain)])
        let sent = Self.styles(cells, keep: 4)
        #expect(sent[2] == underlined)
        #expect(sent[3] == reversed)
        #expect(sent[4] == Self.plain) // the cursor's cell
        for (cell, style) in zip(cells, sent) { #expect(Self.looksTheSame(cell, drawnWith: style)) }
    }

    @Test func aBlankNeverTakesAnotherBackground() {
        let cells = Self.row([("a", Self.avatar), (" ", Self.plain), ("b", Self.name), (" ", Style(background: Self.blue)), (" ", Style())])
        let sent = Self.styles(cells)
        for (cell, style) in zip(cells, sent) { #expect(Self.looksTheSame(cell, drawnWith: style), "\(cell) sent as \(style)") }
        #expect(sent[3] == Style(background: Self.blue)) // nothing on either side has its background
    }

    @Test func wideCharactersLendTheirStyleToTheBlankAfterThem() {
        var cells = Self.row([("名", Self.name)])
        cells[0].width = 2
        cells.append(.continuation(style: Self.name))
        cells += Self.row([("  ", Self.plain)])
        let sent = Self.styles(cells)
        #expect(sent[2] == Self.name && sent[3] == Self.name)
    }
}
