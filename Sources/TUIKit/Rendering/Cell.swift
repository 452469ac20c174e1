/// One cell of the terminal grid: one grapheme cluster, its display width and its style.
///
/// A two-column character occupies its cell (`width == 2`) and the cell to its
/// right, which holds a `continuation` marker (`width == 0`) that is never drawn
/// on its own.
public struct Cell: Hashable, Sendable {
    public var character: Character
    public var width: UInt8
    public var style: Style

    public init(_ character: Character, width: UInt8 = 1, style: Style = .plain) {
        self.character = character
        self.width = width
        self.style = style
    }

    /// A space in the terminal's default colours.
    public static let blank = Cell(" ")

    /// The right half of a two-column character.
    public static func continuation(style: Style) -> Cell { Cell(" ", width: 0, style: style) }

    public var isContinuation: Bool { width == 0 }
}
