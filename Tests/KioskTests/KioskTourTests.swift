import App
import Kiosk
import Testing
import TUIKit
import TUIKitTesting

/// The kiosk on a virtual screen and the virtual clock: the tour, a visitor
/// taking over, the idle reset, and the ways out (and not out).
@MainActor
@Suite struct KioskTourTests {
    /// A kiosk on a 100x30 virtual screen that records the screen as each step begins.
    @MainActor final class Recorder {
        let harness = Harness(width: 100, height: 30)
        let kiosk: Kiosk
        /// (step that begins, the screen just before it).
        var seen: [(step: String, screen: String)] = []

        init(idle: Int = 30) {
            kiosk = Kiosk(application: harness.app, options: Kiosk.Options(idle: .seconds(idle), seed: 7))
            kiosk.onStep = { [unowned self] name in seen.append((name, harness.text)) }
        }
    }

    @Test func oneLoopShowsEveryScreenInOrder() {
        let r = Recorder()
        let loop = Int(Kiosk.loopDuration.milliseconds)
        r.harness.wait(loop + 100)
        let names = Kiosk.stepNames
        #expect(r.seen.map(\.step) == names + [names[0]])
        // The screen at the start of step i+1 is what step i left: its mark is on it.
        for (i, mark) in Kiosk.stepMarks.enumerated() {
            #expect(r.seen[i + 1].screen.contains(mark), "step \(names[i]) should leave \(mark) on screen:\n\(r.seen[i + 1].screen)")
        }
        if let path = ProcessEnvironment.dumpPath { r.dump(to: path) }
        #expect(r.kiosk.loops == 1)
        #expect(r.kiosk.state == .touring(step: names[0]))
    }
}
import Glibc
enum ProcessEnvironment { static var dumpPath: String? { getenv("KIOSK_DUMP").map { String(cString: $0) } } }
extension KioskTourTests.Recorder {
    func dump(to path: String) {
        let f = fopen(path, "w")!
        for (s, screen) in seen { fputs("=== before \(s)\n\(screen)\n", f) }
        fclose(f)
    }
}
