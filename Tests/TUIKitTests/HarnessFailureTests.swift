import Testing
import TUIKit
import TUIKitTesting

/// A test helper that finds a mistake records it against the test, which fails and lets the
/// rest of the run go on (it used to stop the whole run).
@MainActor
@Suite("Harness failures are the test's, not the run's")
struct HarnessFailureTests {
    @Test func aMalformedScriptIsRecordedAndTheTestGoesOn() {
        let h = Harness(width: 20, height: 4)
        withKnownIssue {
            h.press("wait:soon")                          // not a duration
        } matching: { issue in
            "\(issue)".contains("bad test script wait:soon")
        }
        h.press("wait:10ms")                              // the harness still works afterwards
        #expect(h.lines.count == 4)
    }
}
