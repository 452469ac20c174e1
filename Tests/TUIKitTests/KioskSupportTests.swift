import Testing
import TUIKit
import TUIKitTesting

/// The pieces of TUIKit a kiosk stands on: a bottom bar the app stays above,
/// watching the terminal's input apart from the program's own, and a new
/// root controller taking its predecessor's popups with it.
@MainActor
@Suite("Kiosk support")
struct KioskSupportTests {
    final class Bar: View {
        override func draw(in canvas: Canvas) { canvas.write("CAPTION", at: .zero) }
    }

    final class Recorder: ViewController {
        var keys: [Key] = []
        override func handleKey(_ key: Key) -> Bool { keys.append(key); return true }
        override var preferredFirstResponder: View? { nil }
    }

    @Test func theBottomBarKeepsTheRootAndPopupsAboveIt() {
        let main = LabelController("Root")
        let h = Harness(width: 40, height: 12, root: main)
        h.window.bottomBar = Bar()
        h.wait(10)
        #expect(main.view.frame == Rect(x: 0, y: 0, width: 40, height: 11))
        #expect(h.line(11).hasPrefix("CAPTION"))
        let popup = LabelController("Popup")
        main.present(popup, style: .fullScreen, transition: .none)
        h.wait(10)
        #expect(popup.view.frame.height == 11)
        #expect(h.line(11).hasPrefix("CAPTION"))              // not covered
        h.press("resize:50x14 wait:10ms")
        #expect(popup.view.frame == Rect(x: 0, y: 0, width: 50, height: 13))
        #expect(h.line(13).hasPrefix("CAPTION"))
        h.app.showHelp()                                       // the help still covers everything, the bar dimmed too
        h.wait(10)
        #expect(h.text.contains("Keys"))
        #expect(h.styleMask[13].hasPrefix("DDDDDDD"))
        h.app.dismissHelp()
        h.window.bottomBar = nil
        h.wait(10)
        #expect(popup.view.frame.height == 14)
    }

    @Test func theObserverSeesTheTerminalsInputNotTheProgramsOwn() {
        let recorder = Recorder()
        let h = Harness(width: 40, height: 12, root: recorder)
        var seen: [Key] = []
        h.app.inputObserver = { event in
            if case .key(let key) = event { seen.append(key); return key == .character("s") } // swallows "s"
            return false
        }
        h.press("a s b")
        h.app.send(.key(.character("c")))
        #expect(seen == [.character("a"), .character("s"), .character("b")])
        #expect(recorder.keys == [.character("a"), .character("b"), .character("c")])
    }

    @Test func theKeyInterceptorSeesKeysWhileATransitionHoldsInput() {
        let main = LabelController("Root")
        let h = Harness(width: 40, height: 12, root: main)
        h.app.keyInterceptor = { [unowned app = h.app] key in
            if key == .ctrl("]") { app.quit(because: "chord"); return true }
            return false
        }
        var seen: [Key] = []
        h.app.inputObserver = { event in if case .key(let key) = event { seen.append(key) }; return false }
        main.present(LabelController("Popup"))                 // a 300 ms cross-dissolve: input waits
        h.press("C-]")
        #expect(h.app.exitReason == .requested("chord"))
        #expect(seen.isEmpty)                                  // the interceptor's keys are its own
    }

    @Test func aNewRootTakesTheOldOnesPopupsWithIt() {
        let main = LabelController("Old root")
        let h = Harness(width: 40, height: 12, root: main)
        main.present(LabelController("Old popup"), style: .fullScreen, transition: .none)
        h.wait(10)
        #expect(h.text.contains("Old popup"))
        h.window.rootViewController = LabelController("New root")
        h.wait(10)
        #expect(!h.text.contains("Old popup"))
        #expect(h.line(0).hasPrefix("New root"))
        #expect(main.presentedViewController == nil)
        #expect(h.window.subviews.count == 1)
    }
}
