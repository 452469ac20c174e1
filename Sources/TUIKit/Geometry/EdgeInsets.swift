/// Distances from each edge of a rectangle, in cells.
public struct EdgeInsets: Hashable, Sendable {
    /// Cells taken off the top edge.
    public var top: Int
    /// Cells taken off the left edge.
    public var left: Int
    /// Cells taken off the bottom edge.
    public var bottom: Int
    /// Cells taken off the right edge.
    public var right: Int

    /// Insets of the given sizes; edges left out are 0.
    public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every edge.
    public init(all value: Int) { self.init(top: value, left: value, bottom: value, right: value) }

    /// No inset on any edge.
    public static let zero = EdgeInsets()
}
