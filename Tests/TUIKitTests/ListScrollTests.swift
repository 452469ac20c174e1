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
}
