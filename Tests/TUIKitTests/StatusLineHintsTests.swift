import Testing
@testable import TUIKit
import TUIKitTesting

/// The status line works its hints out again only when key commands may have
/// changed (focus, the view tree, a responder saying so), not on every frame.
@MainActor
@Suite("Status line hints")
struct StatusLineHintsTests {
    /// A screen whose `x` command is named by its mode; it counts how often the chain asks for its commands.
    final class ModeController: ViewController {
        var asked = 0
        var mode = "Count"
        var says = true
        override var keyCommands: [KeyCommand] {
            asked += 1
            return [KeyCommand(.character("x"), title: mode) {}]
        }
        func switchMode(to title: String) {
            mode = title
            if says { setNeedsKeyCommandsUpdate() }
        }
        override func loadView() { view = Label("Modes") }
    }

    /// Where not every hint fits, those marked `dropsFirstInStatusLine` go first (from the end), so
    /// an ancestor's Back after them keeps its room; where all fit, all show, in order.
    @Test func hintsThatDropFirstGoBeforeTheOthers() {
        final class Screen: ViewController {
            override var keyCommands: [KeyCommand] {
                var sort = KeyCommand(.character("o"), title: "Sort") {}
                sort.dropsFirstInStatusLine = true
                return [KeyCommand(.character("a"), title: "Add") {}, sort, KeyCommand(.character("e"), title: "Edit") {}]
            }
            override func loadView() { view = Label("Hints") }
        }
        final class Root: ViewController { override func loadView() { view = Label("Root") } }
        let root = NavigationController(rootViewController: Root())
        let h = Harness(width: 50, height: 12, root: root)
        root.push(Screen(), animated: false)
        h.wait(0)
        // " a Add  o Sort  e Edit  Esc/Backspace Back  ? Help" is 51 columns: Sort goes, the rest stay.
        #expect(!h.lines[11].contains("o Sort") && h.lines[11].contains("a Add  e Edit  Esc/Backspace Back  ? Help"), "\(h.lines[11])")
        h.press("resize:60x12")
        #expect(h.lines[11].hasPrefix(" a Add  o Sort  e Edit  Esc/Backspace Back  ? Help"), "\(h.lines[11])")
    }

    @Test func framesWithNoNewCommandsDoNotWalkTheChain() {
        let screen = ModeController()
        let h = Harness(width: 40, height: 12, root: NavigationController(rootViewController: screen))
        #expect(h.lines[11].hasPrefix(" x Count  ? Help"))
        let before = screen.asked
        for _ in 0..<5 { h.wait(200) } // frames go by; nothing about the keys changed
        h.app.renderFrame()
        #expect(screen.asked == before)
    }

    @Test func aResponderThatSaysItsCommandsChangedIsShownAtTheNextFrame() {
        let screen = ModeController()
        let h = Harness(width: 40, height: 12, root: NavigationController(rootViewController: screen))
        screen.switchMode(to: "Mark")
        h.app.renderFrame()
        #expect(h.lines[11].hasPrefix(" x Mark  ? Help"))
    }

    @Test func theRedrawCheckSeesHintsThatWentStale() {
        let screen = ModeController()
        screen.says = false
        let h = Harness(width: 40, height: 12, root: NavigationController(rootViewController: screen))
        #expect(RedrawCheck.staleHints(in: h.app) == nil)
        screen.switchMode(to: "Mark") // without setNeedsKeyCommandsUpdate()
        #expect(RedrawCheck.staleHints(in: h.app)?.contains("x Mark") == true)
        #expect(h.lines[11].hasPrefix(" x Count")) // what a person would see: the old hint
    }

    @Test func aFieldThatGetsTextChangesTheHintsThatFollowIt() {
        /// Esc clears the text first, then leaves the field (the contacts search's keys).
        final class Search: ViewController {
            let field = TextField()
            override var keyCommands: [KeyCommand] {
                [KeyCommand(.escape, title: field.text.isEmpty ? "Leave" : "Clear") {}]
            }
            override func viewDidLoad() { view.addSubview(field); field.frame = Rect(x: 0, y: 0, width: 20, height: 1) }
        }
        let screen = Search()
        let h = Harness(width: 40, height: 12, root: NavigationController(rootViewController: screen))
        h.window.makeFirstResponder(screen.field)
        h.app.renderFrame()
        #expect(h.lines[11].hasPrefix(" Esc Leave  F1 Help"))
        h.press("a") // the redraw check stops the run if the hints were left stale
        #expect(h.lines[11].hasPrefix(" Esc Clear  F1 Help"))
        h.press("Backspace")
        #expect(h.lines[11].hasPrefix(" Esc Leave  F1 Help"))
    }
}
