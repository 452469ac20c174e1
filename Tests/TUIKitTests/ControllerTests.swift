import Testing
@testable import TUIKit
import TUIKitTesting

@MainActor
@Suite("View controllers, containment and transitions", .serialized)
struct ControllerTests {
    @Test func viewLoadsOnceOnFirstUse() {
        let log = LifecycleLog()
        let vc = LoggingViewController("A", log: log)
        #expect(!vc.isViewLoaded)
        _ = vc.view
        _ = vc.view
        #expect(log.entries == ["A.loadView", "A.viewDidLoad"])
    }

    @Test func containmentCallbacksInUIKitOrder() {
        let log = LifecycleLog()
        let parent = ViewController()
        let child = LoggingViewController("C", log: log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(parent.children.count == 1 && child.parent === parent)
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(parent.children.isEmpty && child.parent == nil)
        #expect(log.entries == ["C.willMove(parent)", "C.loadView", "C.viewDidLoad", "C.didMove(parent)",
                                "C.willMove(nil)", "C.didMove(nil)"])
    }

    /// Seed 004's fade: the container swaps two children with `transition(from:to:)`.
    final class Container: ViewController {
        var current: ViewController
        init(_ first: ViewController) { current = first; super.init() }
        override func viewDidLoad() {
            addChild(current)
            EdgePins.embed(current.view, in: view)
            current.didMove(toParent: self)
        }
        func swap(to new: ViewController, animation: TransitionAnimation) {
            current.willMove(toParent: nil)
            addChild(new)
            transition(from: current, to: new, animation: animation) { _ in
                self.current.removeFromParent()
                new.didMove(toParent: self)
                self.current = new
            }
        }
    }

    @Test func transitionCallsInOrderAndReleasesTheOldController() {
        let log = LifecycleLog()
        var old: LoggingViewController? = LoggingViewController("Old", log: log)
        let container = Container(old!)
        let h = Harness(root: container)
        weak let weakOld = old
        weak let weakOldView = old!.view
        old = nil
        log.entries = []
        container.swap(to: LoggingViewController("New", log: log), animation: .fade)
        h.wait(400)
        #expect(log.entries == ["Old.willMove(nil)", "New.willMove(parent)", "New.loadView", "New.viewDidLoad",
                                "New.viewWillAppear", "Old.viewWillDisappear",
                                "Old.viewDidDisappear", "New.viewDidAppear", "Old.didMove(nil)", "New.didMove(parent)"])
        #expect(h.text.contains("Screen New"))
        #expect(weakOld == nil)
        #expect(weakOldView == nil)
    }

    @Test func fadeStartMiddleEnd() {
        let container = Container(LabelController("Screen A"))
        let h = Harness(width: 40, height: 12, root: container)
        container.swap(to: LabelController("Screen B"), animation: .fade)
        h.press("wait:0ms")
        #expect(h.line(0).hasPrefix("Screen A"))               // start: the old screen
        h.wait(66)
        #expect(h.line(0).hasPrefix("Screen A"))               // dimming the old one
        #expect(h.styleMask[0].hasPrefix("DDDDDDDD"))
        h.wait(134)                                             // t = 200 ms: the new one, still dim
        #expect(h.line(0).hasPrefix("Screen B"))
        #expect(h.styleMask[0].hasPrefix("DDDDDDDD"))
        h.wait(200)                                             // end
        #expect(h.line(0).hasPrefix("Screen B"))
        #expect(h.styleMask[0].hasPrefix("cccccccc"))             // coloured, no longer dim
    }

    @Test func slideFromLeftMovesTheNewScreenIn() {
        let container = Container(LabelController("OLD"))
        let h = Harness(width: 40, height: 12, root: container)
        container.swap(to: LabelController("NEW"), animation: .slideFromLeft)
        h.press("wait:0ms")
        #expect(h.line(0).hasPrefix("OLD"))                    // start: nothing of the new one yet
        h.wait(165)                                             // about half way: the new one's left edge near -20
        let middle = h.line(0)
        #expect(!middle.hasPrefix("NEW") && !middle.contains("OLD"))
        h.wait(300)
        #expect(h.line(0).hasPrefix("NEW"))
    }

    @Test func slideFromRightPlacesTheNewScreenToTheRight() {
        let container = Container(LabelController("OLD"))
        let h = Harness(width: 40, height: 12, root: container)
        container.swap(to: LabelController("NEW"), animation: .slideFromRight)
        h.wait(165)
        let middle = h.line(0)
        let x = Array(middle).indices.first { i in i + 3 <= middle.count && String(Array(middle)[i..<(i + 3)]) == "NEW" }
        #expect(x != nil && x! > 10 && x! < 30, "\(middle)")
        h.wait(300)
        #expect(h.line(0).hasPrefix("NEW"))
    }

    @Test func animationsOffMakesTransitionsInstant() {
        Animator.animationsEnabled = false
        defer { Animator.animationsEnabled = true }
        let container = Container(LabelController("OLD"))
        let h = Harness(width: 40, height: 12, root: container)
        container.swap(to: LabelController("NEW"), animation: .slideFromLeft)
        h.press("wait:0ms")
        #expect(h.line(0).hasPrefix("NEW"))
        #expect(h.window.runningTransitions == 0)
    }

    @Test func inputDuringATransitionIsNotLost() {
        let field = FieldController()
        let container = Container(LabelController("OLD"))
        let h = Harness(width: 40, height: 12, root: container)
        container.swap(to: field, animation: .fade)
        h.press(#""abc""#)                                      // typed while the fade runs
        #expect(field.field.text == "")
        h.wait(400)
        #expect(field.field.text == "abc")
    }

    @Test func resizeMidTransitionEndsLaidOutForTheNewSize() {
        let container = Container(LabelController("OLD"))
        let h = Harness(width: 40, height: 12, root: container)
        container.swap(to: LabelController("NEW"), animation: .slideFromRight)
        h.press("wait:100ms resize:50x14 wait:400ms")
        #expect(h.lines.count == 14)
        #expect(h.line(0).hasPrefix("NEW"))
        #expect(container.current.view.frame == Rect(x: 0, y: 0, width: 50, height: 14))
    }
}

/// A controller whose screen is one label.
@MainActor
final class LabelController: ViewController {
    let text: String
    init(_ text: String) { self.text = text; super.init() }
    override func loadView() {
        let label = Label(text)
        label.style = Theme.dark.base // opaque, as app screens are
        view = label
    }
}

/// A controller with one text field at the top.
@MainActor
final class FieldController: ViewController {
    let field = TextField()
    override func viewDidLoad() {
        view.addSubview(field)
        field.frame = Rect(x: 0, y: 0, width: 20, height: 1)
    }
}
