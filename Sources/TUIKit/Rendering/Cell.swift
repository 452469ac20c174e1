/// One cell of the terminal grid: one grapheme cluster, its display width and its style.
///
/// A two-column character occupies its cell (`width == 2`) and the cell to its
/// right, which holds a `continuation` marker (`width == 0`) that is never drawn
/// on its own. Cells are plain values of a few bytes with no references, so
/// buffers fill, copy and compare quickly.
public struct Cell: Hashable, Sendable {
    public var grapheme: Grapheme
    public var width: UInt8
    public var style: Style

    public init(_ character: Character, width: UInt8 = 1, style: Style = .plain) {
        self.grapheme = Grapheme(character)
        self.width = width
        self.style = style
    }

    init(grapheme: Grapheme, width: UInt8, style: Style) {
        self.grapheme = grapheme
        self.width = width
        self.style = style
    }

    /// The grapheme cluster the cell shows.
    public var character: Character {
        get { grapheme.character }
        set { grapheme = Grapheme(newValue) }
    }

    /// A space in the terminal's default colours.
    public static let blank = Cell(grapheme: .space, width: 1, style: .plain)

    /// The right half of a two-column character.
    public static func continuation(style: Style) -> Cell { Cell(grapheme: .space, width: 0, style: style) }

    public var isContinuation: Bool { width == 0 }
}
