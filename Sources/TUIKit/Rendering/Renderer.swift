#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Composes the window into a back buffer and works out what changed since
/// the last frame, so the terminal is only sent the cells that differ.
///
/// Only the window's dirty rectangles are drawn again; everything else in
/// the back buffer is still right from before.
@MainActor
public final class Renderer {
    /// What the terminal shows (after the last update).
    @exclusivity(unchecked) public private(set) var front: CellBuffer
    private let back: FrameTarget
    private var needsFullRedraw = true
    private var lastCursor: Point?

    /// A renderer for a screen of `size`; its first frame sends every cell.
    public init(size: Size) {
        front = CellBuffer(size: size)
        back = FrameTarget(buffer: CellBuffer(size: size))
    }

    /// Forgets what the terminal shows: the next frame sends every cell.
    public func invalidateTerminal() { needsFullRedraw = true }

    /// Composes what changed and returns the update for the terminal, or nil
    /// when nothing changed.
    public func render(_ window: Window) -> FrameUpdate? {
        let size = window.frame.size
        if size != back.buffer.size {
            back.buffer = CellBuffer(size: size)
            front = CellBuffer(size: size)
            needsFullRedraw = true
        }
        let full = needsFullRedraw
        var rects = window.takeDirtyRects()
        let moves = window.takePendingMoves()
        if full { rects = [window.bounds] }
        guard !rects.isEmpty || !moves.isEmpty else { return nil }
        // A move shifts the rows of both buffers (and, through the update's `moves`, the terminal's
        // copy): the rows that merely moved compare equal, and only what really differs after the
        // move is sent.
        for move in moves where !full {
            back.buffer.moveRows(in: move.rect, by: move.dy)
            front.moveRows(in: move.rect, by: move.dy)
        }

        let base = window.style.resolved
        for rect in rects {
            back.buffer.fill(rect, with: Cell(" ", style: base))
            let canvas = Canvas(target: back, origin: .zero, clip: rect, size: size, baseStyle: base)
            draw(window, in: canvas)
        }

        var changes: [CellChange] = []
        if full {
            changes.reserveCapacity(size.width * size.height)
            for y in 0..<size.height {
                for x in 0..<size.width { changes.append(CellChange(x: x, y: y, cell: back.buffer[x, y])) }
            }
            front = back.buffer
        } else {
            // Room for every cell looked at, at once: growing the array as it fills would copy it.
            var looked = 0
            for rect in rects { looked += (rect.width + 2) * rect.height }
            changes.reserveCapacity(min(looked, size.width * size.height))
            for rect in rects {
                // One column more on each side: a wide character cut at an edge changes its neighbour.
                let r = Rect(x: rect.minX - 1, y: rect.minY, width: rect.width + 2, height: rect.height).intersection(window.bounds)
                diff(r, into: &changes)
            }
        }
        needsFullRedraw = false
        let cursor = cursorLocation(in: window)
        defer { lastCursor = cursor }
        if !full && changes.isEmpty && cursor == lastCursor { return nil } // nothing the terminal would show differently
        var rowMoves: [RowMove] = []
        if !full {
            rowMoves.reserveCapacity(moves.count)
            for move in moves { rowMoves.append(RowMove(rect: move.rect, dy: move.dy)) }
        }
        return FrameUpdate(changes: changes, isFullRedraw: full, cursor: cursor, moves: rowMoves)
    }

    private func diff(_ r: Rect, into changes: inout [CellChange]) {
        guard !r.isEmpty else { return }
        Self.diff(r, new: back.buffer, old: &front, into: &changes)
    }

    /// The cells of `r` in `new` that differ from `old`, copied into `old` and added to
    /// `changes`. Not isolated to the main actor: its closures are then plain ones, which the
    /// runtime does not check are on the main thread each time they run.
    private nonisolated static func diff(_ r: Rect, new: CellBuffer, old: inout CellBuffer, into changes: inout [CellChange]) {
        let width = new.size.width
        new.cells.withUnsafeBufferPointer { newCells in
            old.withUnsafeMutableCells { oldCells in
                for y in r.minY..<r.maxY {
                    let rowStart = y * width
                    // The same bytes: nothing there changed (cells that differ only in their padding
                    // are compared one by one).
                    if memcmp(newCells.baseAddress! + rowStart + r.minX, oldCells.baseAddress! + rowStart + r.minX,
                              r.width * MemoryLayout<Cell>.stride) == 0 { continue }
                    for x in r.minX..<r.maxX {
                        let i = rowStart + x
                        let cell = newCells[i]
                        if cell != oldCells[i] {
                            oldCells[i] = cell
                            changes.append(CellChange(x: x, y: y, cell: cell))
                        }
                    }
                }
            }
        }
    }

    /// Whether views wholly under an opaque one are left undrawn (the default). The
    /// redraw check in tests renders from scratch with it off: what the culled frames
    /// show must be what drawing everything shows.
    @exclusivity(unchecked) public var skipsHiddenViews = true

    /// Draws `view` and its subviews into `canvas`. `nothingHides`: the caller already found
    /// that no subview of `view` hides the area being drawn (it looked while asking whether
    /// `view` does), so the walk does not look again at every level.
    private func draw(_ view: View, in canvas: Canvas, nothingHides: Bool = false) {
        // The topmost subview that hides the whole area being drawn: the view itself and the
        // subviews under it would be drawn over (a popup's panel over the screen beneath).
        let hiding = skipsHiddenViews && !nothingHides
            ? Self.topmostHiding(view.subviews, canvas.clip.offsetBy(dx: -canvas.origin.x, dy: -canvas.origin.y)) : nil
        if hiding == nil {
            if view.fillsItself, !(view is Window) {
                canvas.fill(canvas.bounds)
            }
            view.draw(in: canvas)
        }
        let subviews = view.subviews
        for index in (hiding ?? 0)..<subviews.count {
            let sub = subviews[index]
            if sub.isHidden { continue }
            // Outside the area being drawn (most of a list's rows for one row's redraw): no canvas,
            // no style merged.
            let frame = sub.frame
            let placed = frame.offsetBy(dx: canvas.origin.x, dy: canvas.origin.y)
            guard placed.intersects(canvas.clip) else { continue }
            // The subviews above the one that hides (all, when none does) were found not to hide
            // this area: one holding all of it has no subview that hides it either.
            let known = index > (hiding ?? -1) && placed.contains(canvas.clip)
            // A subview of no style of its own inherits the canvas's, which is resolved already
            // (no theme role left in it): nothing to merge.
            let style = sub.style
            let base = style == .plain && canvas.baseStyle.role == nil ? canvas.baseStyle : style.merged(over: canvas.baseStyle)
            draw(sub, in: canvas.child(frame: frame, baseStyle: base), nothingHides: known)
        }
        view.drawOverlay(in: canvas)
        if view.dimsContent { canvas.restyle(canvas.bounds) { $0.adding(.dim) } }
    }

    /// Whether `view` draws over every cell of `area` (in its own coordinates): it is
    /// shown, `area` is inside it, and it fills itself (a style of its own, or opaque)
    /// or one of its subviews hides `area`.
    private static func hides(_ view: View, _ area: Rect) -> Bool {
        guard !view.isHidden, view.bounds.contains(area) else { return false }
        return view.fillsItself || topmostHiding(view.subviews, area) != nil
    }

    /// The index of the topmost of `subviews` that hides all of `area` (their superview's
    /// coordinates), if one does.
    private static func topmostHiding(_ subviews: [View], _ area: Rect) -> Int? {
        var i = subviews.count - 1
        while i >= 0 {
            let sub = subviews[i]
            if hides(sub, area.offsetBy(dx: -sub.frame.minX, dy: -sub.frame.minY)) { return i }
            i -= 1
        }
        return nil
    }

    private func cursorLocation(in window: Window) -> Point? {
        guard let responder = window.firstResponder, let local = responder.cursorLocation else { return nil }
        let p = responder.convertToWindow(local)
        return window.bounds.contains(p) && responder.frameInWindow.contains(p) ? p : nil
    }
}
