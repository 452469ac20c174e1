/// The line glyphs a box is drawn with.
public enum BorderStyle: Sendable {
    case rounded, square, double, ascii

    public struct Glyphs: Sendable {
        public let topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: Character
    }

    public var glyphs: Glyphs {
        switch self {
        case .rounded: Glyphs(topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│")
        case .square: Glyphs(topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│")
        case .double: Glyphs(topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", horizontal: "═", vertical: "║")
        case .ascii: Glyphs(topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|")
        }
    }
}
