import Testing
@testable import TUIKit
import TUIKitTesting

/// TextArea: several lines of text on the virtual screen, line breaks kept as typed and as set.
@MainActor
@Suite("TextArea", .serialized)
struct TextAreaTests {
    final class Board: ViewController {
        let area: TextArea
        init(_ area: TextArea) { self.area = area; super.init() }
        override func viewDidLoad() { view.addSubview(area); area.frame = Rect(x: 0, y: 0, width: 12, height: 3) }
    }

    @Test func enterStartsALineAndTheLinesAreShownAndKept() {
        let area = TextArea()
        let h = Harness(width: 60, height: 16, root: Board(area))
        h.press(#""line one" Enter "line two" Enter "three""#)
        #expect(area.isFirstResponder, "\(h.text)")
        #expect(area.text == "line one\nline two\nthree")
        #expect(h.lines[0].hasPrefix("line one") && h.lines[1].hasPrefix("line two") && h.lines[2].hasPrefix("three"))
        #expect(h.terminal.cursor == Point(x: 5, y: 2))
        // Up keeps the column where it can; Home, a letter, Backspace at a line's start joins the lines.
        h.press(#"Up Home "X""#)
        #expect(area.text == "line one\nXline two\nthree")
        h.press("Left Backspace")
        #expect(area.text == "line oneXline two\nthree")
        h.press("End Delete")
        #expect(area.text == "line oneXline twothree")
    }

    @Test func aTextSetKeepsItsBreaksAndTabsAndScrollsToTheCursor() {
        let area = TextArea(text: "a\r\nb\tc\nd\ne")
        let h = Harness(width: 60, height: 16, root: Board(area))
        #expect(area.text == "a\nb\tc\nd\ne")
        h.wait(10)
        // Four lines in three rows: the cursor's (the last) is shown, the first scrolled off.
        #expect(h.lines[0].hasPrefix("b c") && h.lines[2].hasPrefix("e"), "\(h.text)")
        h.press("Up Up Up")
        #expect(h.lines[0].hasPrefix("a") && h.terminal.cursor == Point(x: 1, y: 0))
    }

    @Test func theLimitCountsLineBreaks() {
        let area = TextArea()
        area.maxLength = 5
        let h = Harness(width: 60, height: 16, root: Board(area))
        h.press(#""ab" Enter "cdef""#)
        #expect(area.text == "ab\ncd")
        #expect(area.count == 5)
    }
}
