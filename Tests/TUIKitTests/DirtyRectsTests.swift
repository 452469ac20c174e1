import Testing
@testable import TUIKit

/// What a view asks to have drawn again reaches the window as few rectangles as it can: each
/// one costs the renderer a walk of the view tree.
@MainActor
@Suite("what is drawn again")
struct DirtyRectsTests {
    func makeWindow() -> (Window, View) {
        let window = Window(size: Size(width: 40, height: 10), scheduler: Scheduler(clock: VirtualClock()))
        let view = View(frame: Rect(x: 5, y: 2, width: 20, height: 6))
        window.addSubview(view)
        _ = window.takeDirtyRects()
        return (window, view)
    }

    @Test func rowsOverTheSameColumnsThatTouchAreOneRectangle() {
        let (window, view) = makeWindow()
        view.invalidate(Rect(x: 0, y: 0, width: 20, height: 3)) // a list's old selected row
        view.invalidate(Rect(x: 0, y: 3, width: 20, height: 3)) // and its new one, below it
        view.invalidate(Rect(x: 19, y: 0, width: 1, height: 1)) // inside: nothing new
        #expect(window.takeDirtyRects() == [Rect(x: 5, y: 2, width: 20, height: 6)])
        // Apart, or over other columns, they stay two.
        view.invalidate(Rect(x: 0, y: 0, width: 20, height: 1))
        view.invalidate(Rect(x: 0, y: 4, width: 20, height: 1))
        view.invalidate(Rect(x: 0, y: 1, width: 10, height: 1))
        #expect(window.takeDirtyRects().count == 3)
    }

    @Test func whatLiesOutsideAViewIsNotDrawnAgain() {
        let (window, view) = makeWindow()
        view.invalidate(Rect(x: 19, y: -1, width: 1, height: 1)) // just above it (a scroll mark moved off the list)
        #expect(window.takeDirtyRects().isEmpty)
        view.invalidate(Rect(x: -2, y: 1, width: 5, height: 1)) // across its left side: the part inside
        #expect(window.takeDirtyRects() == [Rect(x: 5, y: 3, width: 3, height: 1)])
    }
}
