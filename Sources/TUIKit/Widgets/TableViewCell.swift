/// A row of a `TableView`. Subclasses add subviews or draw; `isSelected` says
/// whether the table's selection is on this row.
///
/// ```swift
/// final class NameCell: TableViewCell {
///     var name = "" { didSet { setNeedsDisplay() } }
///     override func draw(in canvas: Canvas) {
///         canvas.writeTruncating(name, at: Point(x: 1, y: 0), style: isSelected ? Theme.live.selection : .plain)
///     }
///     override func selectionDidChange() { setNeedsDisplay() }
/// }
/// ```
@MainActor
open class TableViewCell: View {
    /// The identifier the table reuses this cell by.
    public let reuseIdentifier: String
    /// Whether the table's selection is on this row; the table sets it, and `selectionDidChange()` follows.
    public var isSelected = false { didSet { if isSelected != oldValue { selectionDidChange() } } }
    /// Whether the selection can rest on this row (a spacer cannot).
    open var isSelectable: Bool { true }

    /// A cell the table reuses by `reuseIdentifier`; tables make cells of registered types with this initializer.
    public required init(reuseIdentifier: String) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
    }

    /// Called when `isSelected` changed; the default restyles the row.
    open func selectionDidChange() {
        style = isSelected ? Theme.live.selection : .plain
    }
}
