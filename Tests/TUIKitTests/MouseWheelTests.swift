import Testing
@testable import TUIKit
import TUIKitTesting

/// The wheel in lists and scroll views, through the KEYS script's `wheel:` tokens.
@MainActor
@Suite("Mouse wheel")
struct MouseWheelTests {
    @Test func wheelTokensParseAndBadOnesAreNamed() throws {
        #expect(try KeyScript.parse("wheel:down:10,3 wheel:up:0,0") == [
            .input(.mouse(MouseEvent(location: Point(x: 10, y: 3), kind: .scrollDown))),
            .input(.mouse(MouseEvent(location: Point(x: 0, y: 0), kind: .scrollUp))),
        ])
        for bad in ["wheel:down", "wheel:left:1,2", "wheel:up:1", "wheel:up:-1,2"] {
            #expect(throws: KeyScriptError.badWheel(bad)) { try KeyScript.parse(bad) }
        }
        #expect(KeyScriptError.badWheel("wheel:x").description.contains("wheel:down:"))
    }

    @Test func theWheelScrollsAListAndKeepsTheSelectionInView() {
        final class Rows: ViewController {
            let list = ListView()
            override func viewDidLoad() {
                list.configureRow = { row, index, selected in (row as? ListRowLabel)?.configure(text: "row \(index)", selected: selected) }
                view.addSubview(list)
                list.pinEdges(to: view)
                list.reloadData(numberOfRows: 100)
            }
            override var preferredFirstResponder: View? { list }
        }
        let screen = Rows()
        let h = Harness(width: 40, height: 12, root: screen)
        #expect(h.lines[0].hasPrefix("row 0"))
        h.press("wheel:down:5,5 wheel:down:5,5")
        #expect(h.lines[0].hasPrefix("row 6"))     // three rows a notch
        #expect(screen.list.selectedIndex == 6)     // the selection was scrolled off: it stays on screen
        h.press("wheel:up:5,5")
        #expect(h.lines[0].hasPrefix("row 3"))
        h.press("wheel:up:5,5 wheel:up:5,5")
        #expect(h.lines[0].hasPrefix("row 0"))      // no further than the top
    }

    @Test func theWheelScrollsAScrollView() {
        final class Tall: ViewController {
            let scroll = ScrollView(contentHeight: 20)
            override func viewDidLoad() {
                view.addSubview(scroll)
                scroll.frame = Rect(x: 0, y: 0, width: 20, height: 5)
                for i in 0..<20 {
                    let label = Label("line \(i)")
                    scroll.contentView.addSubview(label)
                    label.frame = Rect(x: 0, y: i, width: 12, height: 1)
                }
            }
        }
        let h = Harness(width: 40, height: 12, root: Tall())
        h.press("wheel:down:2,2")
        #expect(h.lines[0].hasPrefix("line 3"))
        h.press("wheel:down:2,2 wheel:down:2,2 wheel:down:2,2 wheel:down:2,2 wheel:down:2,2")
        #expect(h.lines[0].hasPrefix("line 15"))    // the last line on the last row, no further
        #expect(h.lines[4].hasPrefix("line 19"))
    }
}
