/// The line glyphs a box is drawn with.
public enum BorderStyle: Sendable {
    /// Thin lines with round corners (╭─╮), thin lines with square corners (┌─┐),
    /// double lines (╔═╗), or plain ASCII for terminals without line glyphs (+-+).
    case rounded, square, double, ascii

    /// The six characters a box is drawn with: four corners and the two lines.
    public struct Glyphs: Sendable {
        /// The corners, the horizontal line and the vertical line.
        public let topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: Character
    }

    /// The characters this border style draws with.
    public var glyphs: Glyphs {
        switch self {
        case .rounded: Glyphs(topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│")
        case .square: Glyphs(topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│")
        case .double: Glyphs(topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", horizontal: "═", vertical: "║")
        case .ascii: Glyphs(topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|")
        }
    }
}
