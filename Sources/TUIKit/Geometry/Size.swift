/// A size on the terminal grid, in cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The width in columns.
    public var width: Int
    /// The height in rows.
    public var height: Int

    /// A size of `width` columns by `height` rows.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// No columns and no rows.
    public static let zero = Size(width: 0, height: 0)

    /// `COLSxROWS`, the form the command line uses.
    public var description: String { "\(width)x\(height)" }

    /// The largest side `init(parsing:)` takes; a bigger screen is taken for a typing mistake.
    public static let largestParsedSide = 1000

    /// Parses `COLSxROWS` (for example `80x24`); nil when malformed, not positive, or a side above `largestParsedSide`.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              w > 0, h > 0, w <= Self.largestParsedSide, h <= Self.largestParsedSide else { return nil }
        self.init(width: w, height: h)
    }
}
