import Testing
import TUIKitTesting
@testable import TUIKit

@MainActor
@Suite struct RepaintKeyTests {
    /// ^L, as in every curses program: the whole screen sent again (the terminal may show
    /// anything: a `wall` message, another program's output).
    @Test func ctrlLPaintsTheWholeScreenAgain() {
        let h = Harness(width: 60, height: 16, root: LabelController("Root"))
        let frames = h.terminal.cellsPerFrame.count
        h.press("C-l")
        #expect(h.terminal.cellsPerFrame.count == frames + 1)
        #expect(h.terminal.cellsPerFrame.last == 60 * 16)
        #expect(h.text.contains("Root"))
    }
}
