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
    /// Rows that moved since the frame before (a list that scrolled), in the order they moved. A
    /// terminal moves its copy of the screen first (each as `CellBuffer`'s row move: the rows that
    /// nothing moved into keep what they had), then puts `changes` on it: the changes are only
    /// the cells that differ after the moves (a scrolled list's rows that merely moved are not
    /// among them). It may scroll its screen itself for them, so that fewer cells are written.
    public var moves: [RowMove]

    /// An update of `changes`, a full redraw or not, with the cursor at `cursor` (nil: hidden).
    public init(changes: [CellChange], isFullRedraw: Bool, cursor: Point?, moves: [RowMove] = []) {
        self.changes = changes
        self.isFullRedraw = isFullRedraw
        self.cursor = cursor
        self.moves = moves
    }

}

/// Rows of a rectangle that shifted by whole rows between two frames (a scrolled list).
public struct RowMove: Hashable, Sendable {
    /// The area whose rows moved (window coordinates).
    public var rect: Rect
    /// How far: negative, up (the content scrolled forward).
    public var dy: Int

    /// The rows of `rect` moved by `dy`.
    public init(rect: Rect, dy: Int) {
        self.rect = rect
        self.dy = dy
    }
}
