import Testing
@testable import TUIKit
import TUIKitTesting

/// Layout follows the change: only marked paths are laid out again.
@MainActor
@Suite("Incremental layout")
struct IncrementalLayoutTests {
    final class Board: ViewController {
        let items: [(View, Rect)]
        init(_ items: [(View, Rect)]) { self.items = items; super.init() }
        override func viewDidLoad() { for (v, r) in items { view.addSubview(v); v.frame = r } }
    }

    final class CountingView: View {
        var layouts = 0
        override func layoutSubviews() { layouts += 1 }
    }

    final class CountingList: ListView {
        var layouts = 0
        override func layoutSubviews() { layouts += 1; super.layoutSubviews() }
    }

    func makeList() -> CountingList {
        let list = CountingList()
        list.configureRow = { row, i, sel in (row as! ListRowLabel).configure(text: "Row \(i)", selected: sel) }
        list.reloadData(numberOfRows: 100)
        return list
    }

    @Test func aSelectionMoveWithoutAScrollLaysOutNothing() {
        let list = makeList()
        let sibling = CountingView()
        let h = Harness(width: 40, height: 12, root: Board([(list, Rect(x: 0, y: 0, width: 20, height: 5)),
                                                            (sibling, Rect(x: 20, y: 0, width: 10, height: 5))]))
        h.wait(0)
        let listLayouts = list.layouts, siblingLayouts = sibling.layouts, configured = list.configuredRowCount
        h.press("Down Down")
        #expect(list.selectedIndex == 2)
        #expect(list.layouts == listLayouts)
        #expect(sibling.layouts == siblingLayouts)
        #expect(list.configuredRowCount == configured + 4) // two rows a key
        #expect(h.styleMask[2].hasPrefix("cccc"))         // the highlight moved
        #expect(!h.styleMask[0].hasPrefix("c"))
        // A scroll lays the list out, and still not its sibling.
        h.press("PgDn")
        #expect(h.lines[4].hasPrefix("Row 7"))
        #expect(list.layouts == listLayouts + 1)
        #expect(sibling.layouts == siblingLayouts)
    }

    @Test func aLabelThatGrowsMovesWhatIsConstrainedToItAndNothingElse() {
        let name = Label("Ann")
        let after = Label("|")
        let other = CountingView()
        let box = View()
        box.addSubview(name)
        box.addSubview(after)
        for v in [name, after] { v.translatesAutoresizingMaskIntoConstraints = false }
        LayoutConstraint.activate([
            name.leadingAnchor.constraint(equalTo: box.leadingAnchor),
            name.topAnchor.constraint(equalTo: box.topAnchor),
            after.leadingAnchor.constraint(equalTo: name.trailingAnchor, constant: 1),
            after.topAnchor.constraint(equalTo: box.topAnchor),
        ])
        let h = Harness(width: 40, height: 12, root: Board([(box, Rect(x: 0, y: 0, width: 30, height: 2)),
                                                           (other, Rect(x: 0, y: 3, width: 10, height: 2))]))
        #expect(h.lines[0].hasPrefix("Ann |"))
        let otherLayouts = other.layouts
        name.text = "Annabel"
        h.wait(0)
        #expect(h.lines[0].hasPrefix("Annabel |"))
        #expect(other.layouts == otherLayouts)
        #expect(h.window.layoutIssues.isEmpty)
    }

    /// A view that changes what it draws without asking for a redraw.
    final class Forgetful: View {
        var text = "before"
        override func draw(in canvas: Canvas) { canvas.write(text, at: .zero) }
    }

    /// The check every harness frame runs also names a layout pass's issues (here, without the
    /// harness, whose check would stop the run): a frame with conflicting constraints is caught.
    @Test func theRedrawCheckSeesALayoutIssue() {
        let app = Application(terminal: VirtualTerminal(size: Size(width: 40, height: 12)))
        let view = View()
        app.window.rootViewController = Board([(view, Rect(x: 0, y: 0, width: 20, height: 1))])
        app.renderFrame()
        #expect(RedrawCheck.layoutIssues(in: app) == nil)
        view.pinEdges(to: app.window.rootViewController!.view)
        view.widthAnchor.constraint(equalToConstant: 10).isActive = true
        view.setNeedsLayout()
        app.renderFrame()
        #expect(RedrawCheck.layoutIssues(in: app)?.contains("View.width == 10") == true)
    }

    @Test func theRedrawCheckSeesADrawingThatWasNotAskedFor() {
        let view = Forgetful()
        let h = Harness(width: 40, height: 12, root: Board([(view, Rect(x: 0, y: 0, width: 20, height: 1))]))
        #expect(RedrawCheck.mismatch(in: h.app) == nil)
        view.text = "after!" // no setNeedsDisplay: the screen still shows "before"
        #expect(h.lines[0].hasPrefix("before"))
        let difference = RedrawCheck.mismatch(in: h.app)
        #expect(difference?.contains("row 0") == true)
        view.setNeedsDisplay()
        h.wait(0)
        #expect(RedrawCheck.mismatch(in: h.app) == nil)
    }
}
