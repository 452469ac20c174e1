/// A rectangle on the terminal grid: an origin and a size, in cells.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// The rectangle at `origin` with `size`.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// The rectangle whose top-left corner is column `x`, row `y`.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at (0,0).
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The leftmost column inside the rectangle.
    public var minX: Int { origin.x }
    /// The top row inside the rectangle.
    public var minY: Int { origin.y }
    /// The first column to the right of the rectangle (`minX + width`).
    public var maxX: Int { origin.x + size.width }
    /// The first row below the rectangle (`minY + height`).
    public var maxY: Int { origin.y + size.height }
    /// The width in columns.
    public var width: Int { size.width }
    /// The height in rows.
    public var height: Int { size.height }
    /// Whether the rectangle covers no cell (a width or height of 0 or less).
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// Whether `point` is one of the rectangle's cells.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The overlap of two rectangles; `.zero`-sized when they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return Rect(x: x0, y: y0, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether the two rectangles share at least one cell.
    public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }

    /// Whether all of `other` lies inside this rectangle (an empty one: never).
    public func contains(_ other: Rect) -> Bool {
        !other.isEmpty && other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The smallest rectangle holding both (an empty one counts for nothing).
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX), y1 = max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The same-sized rectangle moved `dx` columns right and `dy` rows down.
    public func offsetBy(dx: Int, dy: Int) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The rectangle shrunk by the insets (never below zero size).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX + insets.left, y: minY + insets.top,
             width: max(0, width - insets.left - insets.right),
             height: max(0, height - insets.top - insets.bottom))
    }

    /// The rectangle as "(x,y WxH)".
    public var description: String { "(\(minX),\(minY) \(width)x\(height))" }
}
