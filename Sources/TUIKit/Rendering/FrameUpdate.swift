/// One changed cell of a frame, as sent to a terminal.
public struct CellChange: Hashable, Sendable {
    /// The cell's column.
    public var x: Int
    /// The cell's row.
    public var y: Int
    /// What the cell now shows.
    public var cell: Cell
}

/// What a terminal must do to show the next frame: the cells that changed
/// since the frame before, or everything after a resize or a lost screen.
public struct FrameUpdate: Sendable {
    /// The cells to send, row by row.
    public var changes: [CellChange]
    /// True when the terminal should forget what it shows and take every cell.
    public var isFullRedraw: Bool
    /// Where the text cursor should be shown (for a focused text field), if anywhere.
    public var cursor: Point?

    /// An update of `changes`, a full redraw or not, with the cursor at `cursor` (nil: hidden).
    public init(changes: [CellChange], isFullRedraw: Bool, cursor: Point?) {
        self.changes = changes
        self.isFullRedraw = isFullRedraw
        self.cursor = cursor
    }

}
