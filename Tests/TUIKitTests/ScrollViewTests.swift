import Testing
@testable import TUIKit
import TUIKitTesting

@MainActor
@Suite("ScrollView")
struct ScrollViewTests {
    @Test func theFocusedFieldIsScrolledIntoView() {
        final class Tall: ViewController {
            let fields = (0..<10).map { TextField(text: "field \($0)") }
            override func viewDidLoad() {
                let scroll = ScrollView(contentHeight: 10)
                view.addSubview(scroll)
                scroll.frame = Rect(x: 0, y: 0, width: 20, height: 4)
                for (i, f) in fields.enumerated() {
                    scroll.contentView.addSubview(f)
                    f.frame = Rect(x: 0, y: i, width: 12, height: 1)
                }
            }
        }
        let tall = Tall()
        let h = Harness(width: 40, height: 12, root: tall)
        #expect(h.lines[0].hasPrefix("field 0"))
        #expect(h.lines[3].hasPrefix("field 3"))
        h.press("Tab Tab Tab Tab Tab")                     // to field 5
        #expect(h.window.firstResponder === tall.fields[5])
        #expect(h.lines[3].hasPrefix("field 5"))            // scrolled: field 5 on the last visible row
        #expect(!h.text.contains("field 0"))
        #expect(h.lines[4].hasPrefix("    "))               // nothing drawn outside the scroll view
        h.press("S-Tab S-Tab S-Tab S-Tab S-Tab")
        #expect(h.lines[0].hasPrefix("field 0"))
    }
    /// A screen whose first focus is below the fold shows it on its first frame: the focus given
    /// before the first layout is followed by that layout (not by a layout of its own first).
    @Test func theFirstFocusBelowTheFoldShowsOnTheFirstFrame() {
        final class Tall: ViewController {
            let fields = (0..<10).map { TextField(text: "field \($0)") }
            let scroll = ScrollView(contentHeight: 10)
            override var preferredFirstResponder: View? { fields[7] }
            override func viewDidLoad() {
                view.addSubview(scroll)
                scroll.pinEdges(to: view, insets: EdgeInsets(top: 0, left: 0, bottom: 8, right: 20))
                for (i, f) in fields.enumerated() {
                    scroll.contentView.addSubview(f)
                    f.frame = Rect(x: 0, y: i, width: 12, height: 1)
                }
            }
        }
        let tall = Tall()
        let h = Harness(width: 40, height: 12, root: tall)
        #expect(h.window.firstResponder === tall.fields[7])
        #expect(tall.scroll.contentOffset == 4)
        #expect(h.lines[0].hasPrefix("field 4"))
        #expect(h.lines[3].hasPrefix("field 7"))            // the focus on the last visible row
        #expect(!h.text.contains("field 3"))
        #expect(!h.text.contains("field 8"))
    }
}
