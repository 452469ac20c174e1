import Kiosk
import Testing
import TUIKit
import TUIKitTesting

/// Issue 16's fuzz over the kiosk too: seeded random keys, text, sizes,
/// clicks, waits and signals while the tour plays or a visitor has it; after
/// each script no crash and no layout issue, and the harness's redraw check
/// (an incremental frame equals one drawn from scratch) holds throughout.
@MainActor
@Suite("Fuzz: the kiosk", .serialized)
struct KioskFuzzTests {
    @Test func randomScriptsOverTheKiosk() {
        for seed in UInt64(2001)...2060 {
            let h = Harness(width: 100, height: 30)
            var issues: [LayoutIssue] = []
            h.app.layoutIssueHandler = { issues.append($0) }
            let kiosk = Kiosk(application: h.app, options: Kiosk.Options(idle: .seconds(30), seed: seed))
            var fuzz = FuzzScript(seed: seed)
            let script = fuzz.script(tokens: 60)
            withExtendedLifetime(kiosk) { h.press(script) }
            #expect(issues.isEmpty, "seed \(seed): \(issues.prefix(3)) — \(script)")
        }
    }
}
