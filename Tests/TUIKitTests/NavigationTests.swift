import Testing
@testable import TUIKit
import TUIKitTesting

@MainActor
@Suite("Navigation and modal presentation", .serialized)
struct NavigationTests {
    @Test func pushShowsTheTitleAndBackAndPopReleases() {
        let log = LifecycleLog()
        let nav = NavigationController(rootViewController: LoggingViewController("Main", log: log, title: "Main Screen"))
        let h = Harness(width: 50, height: 12, root: nav)
        #expect(h.line(0).contains("Main Screen"))
        #expect(!h.line(0).contains("Back"))
        #expect(h.line(1).hasPrefix("Screen Main"))
        var detail: LoggingViewController? = LoggingViewController("Detail", log: log, title: "Activity")
        weak let weakDetail = detail
        log.entries = []
        nav.push(detail!)
        detail = nil
        h.wait(400)
        #expect(h.line(0).hasPrefix(" ‹ Back (Esc)"))
        #expect(h.line(0).contains("Activity"))
        #expect(h.line(1).hasPrefix("Screen Detail"))
        #expect(log.entries.prefix(3) == ["Detail.willMove(parent)", "Detail.loadView", "Detail.viewDidLoad"])
        #expect(log.entries.suffix(2) == ["Detail.viewDidAppear", "Detail.didMove(parent)"])
        #expect(h.line(11).contains("Esc/Backspace Back"))
        h.press("Esc wait:400ms")
        #expect(nav.viewControllers.count == 1)
        #expect(h.line(1).hasPrefix("Screen Main"))
        #expect(weakDetail == nil) // popped for good: released with its view
        h.press("Esc wait:400ms")  // Esc with one screen does nothing
        #expect(nav.viewControllers.count == 1)
    }

    @Test func barButtonItemsByKeyAndByClick() {
        let main = LabelController("Main")
        var loggedOut = 0, activity = 0
        main.navigationItem.leftBarButtonItem = BarButtonItem(title: "Log Out", key: .ctrl("o")) { loggedOut += 1 }
        main.navigationItem.rightBarButtonItem = BarButtonItem(title: "Activity", key: .ctrl("t")) { activity += 1 }
        main.title = "Main Screen"
        let h = Harness(width: 60, height: 12, root: NavigationController(rootViewController: main))
        #expect(h.line(0).hasPrefix(" ‹ Log Out (^O)"))
        #expect(h.line(0).hasSuffix("Activity (^T) › "))
        h.press("C-o C-t click:3,0 click:55,0")
        #expect(loggedOut == 2)
        #expect(activity == 2)
        #expect(h.line(11).contains("^O Log Out"))
    }

    @Test func setViewControllersReplacesTheStack() {
        let nav = NavigationController(rootViewController: LabelController("One"))
        let h = Harness(width: 50, height: 12, root: nav)
        var two: LabelController? = LabelController("Two")
        weak let weakTwo = two
        nav.push(two!)
        two = nil
        h.wait(400)
        nav.setViewControllers([LabelController("Three")])
        h.wait(10)
        #expect(nav.viewControllers.count == 1)
        #expect(h.line(1).hasPrefix("Three"))
        #expect(weakTwo == nil)
        nav.push(LabelController("Four"))
        nav.push(LabelController("Five"))
        h.wait(800)
        nav.popToRoot()
        h.wait(400)
        #expect(nav.viewControllers.count == 1)
        #expect(h.line(1).hasPrefix("Three"))
    }

    final class PopupController: ViewController {
        override func loadView() {
            let popup = PopupContainer(contentView: Label("Inside the popup"), preferredSize: Size(width: 24, height: 5), title: "Friends")
            popup.onOutsideContentTapAction = { [weak self] in self?.dismiss() }
            view = popup
        }
    }

    @Test func popupOverCurrentContextDimsTheScreenUnderneath() {
        let main = LabelController("Underneath stays visible")
        let h = Harness(width: 40, height: 12, root: main)
        var popup: PopupController? = PopupController()
        weak let weakPopup = popup
        main.present(popup!)
        popup = nil
        h.wait(400)
        #expect(h.line(0).hasPrefix("Underneath stays visible"))  // still drawn
        #expect(h.styleMask[0].hasPrefix("DDDD"))                 // and dimmed
        #expect(h.lines[4].contains("╭─ Friends"), "\(h.text)")
        #expect(h.lines[5].contains("Inside the popup"))
        h.press("Esc wait:400ms")
        #expect(!h.text.contains("Inside the popup"))
        #expect(h.styleMask[0].hasPrefix("cccc"))
        #expect(main.presentedViewController == nil)
        #expect(weakPopup == nil)
    }

    /// Without colours (monochrome, NO_COLOR) the panel has no style to fill itself with; it is
    /// opaque all the same, so the screen beneath does not show through its blank cells.
    @Test func aPopupWithoutColoursHidesTheScreenUnderItsPanel() {
        final class Plain: ViewController {
            override func loadView() {
                let plain = PopupContainer.ViewConfig(panel: .plain, border: .plain, title: Style(attributes: .bold), margin: 2)
                view = PopupContainer(contentView: Label("Inside"), preferredSize: Size(width: 24, height: 5), title: "Friends", viewConfig: plain)
            }
        }
        let main = LabelController(Array(repeating: String(repeating: "X", count: 40), count: 12).joined(separator: "\n"))
        let h = Harness(width: 40, height: 12, root: main)
        #expect(h.line(5).hasPrefix("XXXXXXXX"), "\(h.text)")
        main.present(Plain())
        h.wait(400)
        #expect(h.lines[4].contains("╭─ Friends"), "\(h.text)")
        let inside = h.lines[5]
        #expect(inside.hasPrefix("XXXXXXXX│Inside                │XXXXXXXX"), "\(h.text)")
        #expect(h.lines[6].hasPrefix("XXXXXXXX│                      │XXXXXXXX"), "\(h.text)")
    }

    @Test func aStackPresentsOverItsTopScreenAndDismissesIt() {
        let nav = NavigationController(rootViewController: LabelController("Main screen"))
        let h = Harness(width: 40, height: 12, root: nav)
        nav.present(PopupController())
        h.wait(400)
        #expect(h.text.contains("Inside the popup"))
        #expect(nav.topViewController?.presentedViewController is PopupController)
        nav.dismiss()
        h.wait(400)
        #expect(!h.text.contains("Inside the popup"))
        #expect(nav.topViewController?.presentedViewController == nil)
    }

    @Test func aPresentedStackGoesBackFromItsRootByDismissing() {
        let main = LabelController("Main screen")
        let h = Harness(width: 40, height: 12, root: main)
        main.present(NavigationController(rootViewController: LabelController("A card")), style: .fullScreen, transition: .none)
        h.wait(100)
        #expect(h.line(0).contains("Back"))
        #expect(h.text.contains("A card"))
        h.press("Esc wait:100ms")
        #expect(main.presentedViewController == nil)
        #expect(h.line(0).hasPrefix("Main screen"))
    }

    @Test func theScreenUnderAFullScreenPresentationIsToldItShowsAgain() {
        let log = LifecycleLog()
        let under = LoggingViewController("Popup", log: log)
        let h = Harness(width: 40, height: 12, root: under)
        under.present(LabelController("A card"), style: .fullScreen, transition: .none)
        h.wait(100)
        log.entries = []
        under.dismiss()
        h.wait(100)
        #expect(log.entries == ["Popup.viewWillAppear", "Popup.viewDidAppear"])
        // Over the current context the screen stayed in view: nothing to tell.
        under.present(LabelController("A dialog"))
        h.wait(400)
        log.entries = []
        under.dismiss()
        h.wait(400)
        #expect(log.entries.isEmpty)
    }

    @Test func aClickOutsideThePopupDismissesItAndInsideDoesNot() {
        let main = LabelController("Main")
        let h = Harness(width: 40, height: 12, root: main)
        main.present(PopupController())
        h.wait(400)
        h.press("click:20,5 wait:400ms")
        #expect(main.presentedViewController != nil)
        h.press("click:1,1 wait:400ms")
        #expect(main.presentedViewController == nil)
    }

    @Test func crossDissolveStartsDimAndEndsClear() {
        let main = LabelController("Main")
        let h = Harness(width: 40, height: 12, root: main)
        main.present(PopupController())
        h.press("wait:33ms")
        let row = h.styleMask[5]
        #expect(row.contains("D"))
        h.wait(400)
        let inside = Array(h.styleMask[5])[10]
        #expect(inside != "D")
    }

    @Test func keysDoNotReachTheScreenUnderAModal() {
        let main = KeyCommandController()
        let h = Harness(width: 40, height: 12, root: main)
        h.press("x")
        #expect(main.count == 1)
        main.present(PopupController())
        h.press("wait:400ms x")
        #expect(main.count == 1)
    }

    @Test func alertConfirmAndCancel() {
        let main = LabelController("Main")
        let h = Harness(width: 60, height: 14, root: main)
        var result: [String] = []
        func showAlert() {
            let alert = AlertController(title: "Delete", message: "Delete Ada Lovelace?")
            alert.addAction(AlertAction(title: "Delete", style: .destructive) { result.append("deleted") })
            alert.addAction(AlertAction(title: "Cancel", style: .cancel) { result.append("cancelled") })
            main.present(alert)
        }
        showAlert()
        h.wait(400)
        #expect(h.text.contains("Delete Ada Lovelace?"))
        #expect(h.text.contains("[ Delete ]  [ Cancel ]"))
        h.press("Enter wait:400ms")                               // a destructive dialog: Cancel has the focus
        #expect(result == ["cancelled"])
        showAlert()
        h.press("wait:400ms Left Enter wait:400ms")
        #expect(result == ["cancelled", "deleted"])
        showAlert()
        h.press("wait:400ms Esc wait:400ms")
        #expect(result == ["cancelled", "deleted", "cancelled"])
        #expect(main.presentedViewController == nil)
    }
}

/// Counts presses of `x`.
@MainActor
final class KeyCommandController: ViewController {
    var count = 0
    override var keyCommands: [KeyCommand] { [KeyCommand(.character("x"), title: "Count") { [weak self] in self?.count += 1 }] }
    override func loadView() { let l = Label("Counter"); l.style = Theme.dark.base; view = l }
}
