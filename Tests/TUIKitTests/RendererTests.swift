import Testing
@testable import TUIKit

/// A view that draws one line per row, from an array the test changes.
@MainActor
final class RowsView: View {
    var rows: [String] { didSet { setNeedsDisplay() } }
    init(rows: [String]) { self.rows = rows; super.init(frame: .zero) }
    override func draw(in canvas: Canvas) {
        for (y, row) in rows.enumerated() { canvas.write(row, at: Point(x: 0, y: y)) }
    }
    func setRow(_ index: Int, _ text: String) {
        rows[index] = text
    }
}

@MainActor
@Suite("Renderer and virtual terminal")
struct RendererTests {
    func makeApp(_ width: Int, _ height: Int) -> (Application, VirtualTerminal) {
        let terminal = VirtualTerminal(size: Size(width: width, height: height))
        let app = Application(terminal: terminal)
        app.minimumSize = Size(width: 1, height: 1)
        return (app, terminal)
    }

    @Test func textRenderingIsExactlyRowsByColumns() {
        let (app, terminal) = makeApp(12, 3)
        let view = RowsView(rows: ["hello", "世界!", "a\u{301}bc"])
        app.window.addSubview(view)
        view.pinEdges(to: app.window)
        app.renderFrame()
        #expect(terminal.lines == ["hello       ", "世界!       ", "a\u{301}bc         "])
        for line in terminal.lines { #expect(DisplayWidth.of(line) == 12) }
        #expect(terminal.text.split(separator: "\n", omittingEmptySubsequences: false).count == 3)
    }

    @Test func aViewWhollyUnderAnOpaqueOneIsNotDrawn() {
        /// Counts its draws.
        final class Counting: View {
            var draws = 0
            override func draw(in canvas: Canvas) {
                draws += 1
                for y in 0..<canvas.size.height { canvas.write(String(repeating: "u", count: canvas.size.width), at: Point(x: 0, y: y)) }
            }
        }
        let (app, terminal) = makeApp(30, 8)
        let under = Counting(frame: Rect(x: 0, y: 0, width: 30, height: 8))
        app.window.addSubview(under)
        // A panel with a style of its own (it fills itself) holding a changing line, over the middle.
        let panel = View(frame: Rect(x: 5, y: 2, width: 20, height: 4))
        panel.style = Style(background: .indexed(236))
        let line = RowsView(rows: ["first"])
        line.frame = Rect(x: 1, y: 1, width: 18, height: 1)
        panel.addSubview(line)
        app.window.addSubview(panel)
        app.renderFrame()
        #expect(under.draws == 1) // the first frame draws the whole screen: part of it shows
        line.setRow(0, "second")  // a change inside the panel: nothing of `under` shows there
        app.renderFrame()
        #expect(under.draws == 1)
        #expect(terminal.lines[3] == "uuuuu second             uuuuu")
        panel.frame = Rect(x: 6, y: 2, width: 20, height: 4) // uncovers a column of it: drawn there
        app.renderFrame()
        #expect(under.draws == 2)
        #expect(terminal.lines[3] == "uuuuuu second             uuuu")
    }

    @Test func aOneRowChangeSendsOnlyThatRowsChangedCells() {
        let (app, terminal) = makeApp(40, 10)
        let view = RowsView(rows: (0..<10).map { "row \($0) with some text" })
        app.window.addSubview(view)
        view.pinEdges(to: app.window)
        app.renderFrame()
        #expect(terminal.cellsPerFrame == [400]) // the first frame is everything
        view.setRow(4, "row 4 WITH some text")
        app.renderFrame()
        #expect(terminal.cellsPerFrame.last == 4)
        #expect(terminal.rowsPerFrame.last == [4])
        #expect(terminal.lines[4].hasPrefix("row 4 WITH some text"))
        app.renderFrame()
        #expect(terminal.cellsPerFrame.count == 2) // nothing changed: no frame sent
    }

    @Test func styleMaskShowsAttributes() {
        let (app, terminal) = makeApp(10, 2)
        let label = Label("Hi", style: .reverse)
        app.window.addSubview(label)
        label.frame = Rect(x: 1, y: 0, width: 4, height: 1)
        let bold = Label("B", style: .bold)
        app.window.addSubview(bold)
        bold.frame = Rect(x: 0, y: 1, width: 1, height: 1)
        app.renderFrame()
        #expect(terminal.styleMask == ".RR.......\nB.........")
    }

    @Test func hiddenViewsAreNotDrawnAndClipToTheirFrame() {
        let (app, terminal) = makeApp(10, 2)
        let label = Label("abcdefghijkl")
        label.frame = Rect(x: 2, y: 0, width: 4, height: 1)
        app.window.addSubview(label)
        app.renderFrame()
        #expect(terminal.lines[0] == "  abc…    ")
        label.isHidden = true
        app.renderFrame()
        #expect(terminal.lines[0] == "          ")
    }

    @Test func resizeRedrawsEverything() {
        let (app, terminal) = makeApp(20, 5)
        let label = Label("centre", alignment: .center)
        app.window.addSubview(label)
        label.pinEdges(to: app.window)
        app.renderFrame()
        terminal.enqueue(.resize(Size(width: 10, height: 3)))
        try? app.run()
        #expect(terminal.lines == ["  centre  ", "          ", "          "])
        #expect(terminal.cellsPerFrame.last == 30)
    }
}
