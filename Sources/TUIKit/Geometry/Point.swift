/// A position on the terminal grid, in cells: `x` is the column, `y` the row.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The column, counted from 0 at the left.
    public var x: Int
    /// The row, counted from 0 at the top.
    public var y: Int

    /// The point at column `x`, row `y`.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// The top-left corner, (0,0).
    public static let zero = Point(x: 0, y: 0)

    /// The point moved by `rhs`'s columns and rows.
    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    /// The offset from `rhs` to `lhs`.
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }

    /// The point as "(x,y)".
    public var description: String { "(\(x),\(y))" }
}
