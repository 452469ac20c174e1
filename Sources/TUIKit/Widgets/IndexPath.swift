/// A row in a section of a table.
public struct IndexPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The section, from 0.
    public var section: Int
    /// The row within the section, from 0.
    public var row: Int

    /// The path of `row` in `section`.
    public init(row: Int, section: Int) {
        self.row = row
        self.section = section
    }

    /// Section first, then row: the order rows are shown in.
    public static func < (a: IndexPath, b: IndexPath) -> Bool { (a.section, a.row) < (b.section, b.row) }
    /// The path as "[section, row]".
    public var description: String { "[\(section), \(row)]" }
}
