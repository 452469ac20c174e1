/// A mouse event at a cell of the screen.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The left button pressed (a click).
        case press
        case scrollUp
        case scrollDown
    }

    public var location: Point
    public var kind: Kind

    public init(location: Point, kind: Kind = .press) {
        self.location = location
        self.kind = kind
    }
}
