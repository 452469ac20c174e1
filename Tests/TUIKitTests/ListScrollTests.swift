import Testing
@testable import TUIKit
import TUIKitTesting

@MainActor
@Suite("ListView scrolling by moving drawn rows", .serialized)
struct ListScrollTests {
    func expectRows(_ h: Harness, from first: Int, count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        for i in 0..<count {
            let expected = "Row \(first + i)"
            let line = h.lines[i]
            #expect(line.hasPrefix(expected + " ") || line.hasPrefix(expected + "▐"), "line \(i): \(line)", sourceLocation: sourceLocation)
        }
    }

    @Test func scrolledScreensMatchWhatAFullRedrawShows() {
        let list = ListView()
        list.configureRow = { row, i, sel in (row as! ListRowLabel).configure(text: "Row \(i)", selected: sel) }
        let board = WidgetTests.Board([(list, Rect(x: 0, y: 0, width: 30, height: 6))])
        let h = Harness(width: 40, height: 12, root: board)
        list.reloadData(numberOfRows: 100)
        h.wait(0)
        h.press("Down Down Down Down Down Down Down Down")   // selection 8, top 3
        #expect(list.topIndex == 3 && list.selectedIndex == 8, "top \(list.topIndex) sel \(String(describing: list.selectedIndex))")
        expectRows(h, from: 3, count: 6)
        h.press("Down Down Down Up Up Up Up Up Up Up Up Up")  // 11, then up to 2: scrolled back one row at a time
        #expect(list.topIndex == 2 && list.selectedIndex == 2)
        expectRows(h, from: 2, count: 6)
        // What the terminal shows equals a full redraw of the same state.
        let scrolled = h.lines
        h.app.renderer.invalidateTerminal()
        h.window.setNeedsFullRedraw()
        h.app.renderFrame()
        #expect(h.lines == scrolled)
        #expect(h.styleMask[0].hasPrefix("cccccc"))          // the selection is on row 0
    }

    @Test func aPopupOverTheListIsNotDragedAlong() {
        let list = ListView()
        list.configureRow = { row, i, sel in (row as! ListRowLabel).configure(text: "Row \(i)", selected: sel) }
        let board = WidgetTests.Board([(list, Rect(x: 0, y: 0, width: 40, height: 12))])
        let h = Harness(width: 40, height: 12, root: board)
        list.reloadData(numberOfRows: 100)
        h.press("End")
        let cover = Label("COVER")
        cover.style = Theme.dark.base
        h.window.addSubview(cover)
        cover.frame = Rect(x: 10, y: 5, width: 5, height: 1)
        list.select(90)
        h.wait(0)
        list.select(85)
        h.wait(0)
        #expect(h.lines[5].contains("COVER"))
        #expect(!h.lines[4].contains("COVER") && !h.lines[6].contains("COVER"))
        let shown = h.lines
        h.app.renderer.invalidateTerminal()
        h.window.setNeedsFullRedraw()
        h.app.renderFrame()
        #expect(h.lines == shown)
    }

    /// A row that counts how often it is drawn (clipped or not).
    final class CountingRow: ListRowLabel {
        nonisolated(unsafe) static var draws = 0
        /// Off while the harness's redraw check draws everything from scratch.
        nonisolated(unsafe) static var counting = true
        override func draw(in canvas: Canvas) {
            if Self.counting { Self.draws += 1 }
            super.draw(in: canvas)
        }
    }

    /// Scrolling by one row draws the row that comes into view and the two whose selection
    /// changed, not every row the scroll mark's column crosses; each frame still equals a full
    /// redraw (the harness checks), the mark included.
    @Test func aOneRowScrollDrawsTheNewRowsOnlyAndTheMarkFollows() {
        let list = ListView()
        list.rowHeight = 3
        list.makeRowView = { CountingRow() }
        list.configureRow = { row, i, sel in (row as! ListRowLabel).configure(text: "Row \(i)", selected: sel) }
        let board = WidgetTests.Board([(list, Rect(x: 0, y: 0, width: 30, height: 24))])
        let h = Harness(width: 40, height: 26, root: board)
        let check = h.app.onFrame
        h.app.onFrame = { n, t in CountingRow.counting = false; check?(n, t) } // count the incremental frame only
        list.reloadData(numberOfRows: 60)
        h.wait(0)
        h.press("Down Down Down Down Down Down Down") // the last row on screen: the next Down scrolls
        var marks: Set<Int> = []
        for _ in 0..<40 {
            CountingRow.draws = 0
            CountingRow.counting = true
            h.press("Down")
            // The new row, the one that lost the selection, and the rows under up to three cells of the mark.
            #expect(CountingRow.draws <= 5, "a scroll by one row drew \(CountingRow.draws) rows")
            marks.formUnion(h.lines.indices.filter { h.lines[$0].contains("▐") })
            #expect(h.lines.filter { $0.contains("▐") }.count == 1, "\(h.lines.joined(separator: "\n"))")
        }
        #expect(marks.count > 5) // the mark went down the column
        #expect(list.topIndex == 40)
    }

    /// A scroll by one row sends the terminal its move and the cells that differ once the rows
    /// moved: the row that came in and the two whose selection changed, not the rows that only
    /// moved (each of which differs in every letter from the row that was there before). The
    /// terminal's screen is still right (the harness checks each frame against a full redraw).
    @Test func aOneRowScrollSendsTheMoveAndOnlyTheCellsThatDifferAfterIt() {
        let list = ListView()
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        list.configureRow = { row, i, sel in
            (row as! ListRowLabel).configure(text: String(repeating: letters[i % letters.count], count: 20), selected: sel)
        }
        let board = WidgetTests.Board([(list, Rect(x: 0, y: 0, width: 30, height: 8))])
        let h = Harness(width: 40, height: 12, root: board)
        list.reloadData(numberOfRows: 60)
        h.wait(0)
        h.press("Down Down Down Down Down Down Down") // the last row on screen: the next Down scrolls
        for _ in 0..<10 {
            let frames = h.terminal.cellsPerFrame.count
            h.press("Down")
            #expect(h.terminal.cellsPerFrame.count == frames + 1)
            // The new row (20 letters), the row that lost the selection (its 30 cells' style), and
            // the scroll mark: below the 6 moved rows' 120 letters alone.
            let cells = h.terminal.cellsPerFrame.last ?? 0
            #expect(cells <= 30 + 30 + 4, "a scroll by one row sent \(cells) cells")
            #expect(h.terminal.rowsPerFrame.last == Array(0..<8), "the moved rows count as touched: \(h.terminal.rowsPerFrame.last ?? [])")
        }
        #expect(h.lines[7].hasPrefix(String(repeating: letters[(list.selectedIndex ?? 0) % letters.count], count: 20)))
    }
}
