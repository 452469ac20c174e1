/// A cell a static table can make by type (seed 003's `StaticCell`): a name
/// to reuse it by and its height — `estimatedHeight` before the table's width
/// is known, and, for cells whose text wraps, the real height for a model at a width.
///
/// ```swift
/// final class StarCell: TableViewCell, StaticCell, TitledConfigurable {
///     static let height = 1
///     private var title = ""
///     func configure(by model: Titled) { title = model.title ?? ""; setNeedsDisplay() }
///     override func draw(in canvas: Canvas) { canvas.write("★ " + title, at: Point(x: 1, y: 0)) }
/// }
/// ```
@MainActor
public protocol StaticCell: TableViewCell {
    /// The cell's height in lines (for cells whose text wraps: the least height).
    static var height: Int { get }
    /// The height the table assumes before it knows its width; nil: `height`.
    static var estimatedHeight: Int? { get }
    /// The lines a model needs at `width` (the default is `height`).
    static func height(for model: Any, width: Int) -> Int
}

extension StaticCell {
    /// By default none: the table uses `height` until it knows its width.
    public static var estimatedHeight: Int? { nil }
    /// The reuse identifier: the cell type's name.
    public static var name: String { String(describing: self) }
    /// By default the fixed `height`.
    public static func height(for model: Any, width: Int) -> Int { height }
}
