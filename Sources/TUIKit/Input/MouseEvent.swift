/// A mouse event at a cell of the screen.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable {
        /// The left button pressed (a click).
        case press
        /// The wheel turned up (away from you).
        case scrollUp
        /// The wheel turned down (towards you).
        case scrollDown
    }

    /// The cell the event happened at, in screen coordinates.
    public var location: Point
    /// What the mouse did there.
    public var kind: Kind

    /// An event of `kind` (a click by default) at `location`.
    public init(location: Point, kind: Kind = .press) {
        self.location = location
        self.kind = kind
    }
}
