/// A cell a static table can make by type (seed 003's `StaticCell`): a name
/// to reuse it by and its height — `estimatedHeight` before the table's width
/// is known, and, for cells whose text wraps, the real height for a model at a width.
@MainActor
public protocol StaticCell: TableViewCell {
    static var height: Int { get }
    static var estimatedHeight: Int? { get }
    /// The lines a model needs at `width` (the default is `height`).
    static func height(for model: Any, width: Int) -> Int
}

extension StaticCell {
    public static var estimatedHeight: Int? { nil }
    public static var name: String { String(describing: self) }
    public static func height(for model: Any, width: Int) -> Int { height }
}
