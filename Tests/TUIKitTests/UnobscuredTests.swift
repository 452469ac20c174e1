import Testing
@testable import TUIKit

/// A list moves what it drew in the buffer only where nothing drawn after it covers it
/// (`View.isUnobscured`): views later in the tree, compared where they are on the screen,
/// whatever their superviews' offsets.
@MainActor
@Suite("whether a view is covered")
struct UnobscuredTests {
    /// A window with a container at (10, 2) holding `inner` at (1, 1), 5x4: `inner` is on screen at
    /// columns 11-15, rows 3-6.
    func make() -> (Window, View, View) {
        let window = Window(size: Size(width: 40, height: 12), scheduler: Scheduler(clock: VirtualClock()))
        let container = View(frame: Rect(x: 10, y: 2, width: 20, height: 8))
        let inner = View(frame: Rect(x: 1, y: 1, width: 5, height: 4))
        window.addSubview(container)
        container.addSubview(inner)
        return (window, container, inner)
    }

    @Test func aLaterSiblingOfAnAncestorCoversWhereItIsOnScreen() {
        let (window, _, inner) = make()
        defer { withExtendedLifetime(window) {} } // a view holds its superview weakly
        #expect(inner.isUnobscured)
        // At (1, 1) in the window: where `inner` is in its container's coordinates, not on screen.
        let apart = View(frame: Rect(x: 1, y: 1, width: 5, height: 4))
        window.addSubview(apart)
        #expect(inner.isUnobscured, "a view beside it on screen does not cover it")
        // Over its bottom-right cell on screen (15, 6).
        let over = View(frame: Rect(x: 15, y: 6, width: 3, height: 2))
        window.addSubview(over)
        #expect(!inner.isUnobscured)
        over.isHidden = true
        #expect(inner.isUnobscured, "a hidden view covers nothing")
    }

    @Test func aLaterSiblingInsideTheContainerCoversInItsCoordinates() {
        let (window, container, inner) = make()
        defer { withExtendedLifetime(window) {} } // a view holds its superview weakly
        let beside = View(frame: Rect(x: 6, y: 1, width: 4, height: 4)) // columns 16-19 on screen: touching, not over
        container.addSubview(beside)
        #expect(inner.isUnobscured)
        let over = View(frame: Rect(x: 5, y: 4, width: 2, height: 2)) // on screen (15, 6): its last cell
        container.addSubview(over)
        #expect(!inner.isUnobscured)
    }

    @Test func anEarlierSiblingOrAViewOutsideAWindowDoesNot() {
        let (window, container, inner) = make()
        defer { withExtendedLifetime(window) {} }
        window.insertSubview(View(frame: Rect(x: 0, y: 0, width: 40, height: 12)), at: 0) // drawn before: under it
        #expect(inner.isUnobscured)
        container.removeFromSuperview()
        #expect(!inner.isUnobscured, "not in a window")
    }
}
