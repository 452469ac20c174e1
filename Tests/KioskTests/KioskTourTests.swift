import App
import Foundation
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
        let harness: Harness
        let kiosk: Kiosk
        /// (step that begins, the screen just before it).
        var seen: [(step: String, screen: String)] = []

        init(idle: Int = 30, width: Int = 100, height: Int = 30, wallClockBase: Int64 = Recorder.noon) {
            harness = Harness(width: width, height: height)
            kiosk = Kiosk(application: harness.app, options: Kiosk.Options(idle: .seconds(idle), seed: 7, wallClockBase: wallClockBase))
            kiosk.onStep = { [unowned self] name in seen.append((name, harness.text)) }
        }

        /// 2026-09-21 12:00 UTC: the wall clock at the run loop clock's zero.
        static let noon: Int64 = 1_789_992_000
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
        // About tells the truth about the demo's data; Activity is the Demo target's feed.
        let about = r.seen.first { $0.step == "Activity" }!.screen
        #expect(about.contains("none: the demo keeps its made-up data in memory and saves nothing"))
        #expect(about.contains("made up by the demo"))
        #expect(about.contains("leave the kiosk"))
        #expect(!about.contains("quit"))
        #expect(r.seen.first { $0.step == "Log out" }!.screen.contains("YESTERDAY"))
        #expect(r.kiosk.loops == 1)
        #expect(r.kiosk.state == .touring(step: names[0]))
    }

    /// Waits until the tour is on `step` (and a little into it), on the virtual clock.
    static func run(_ r: Recorder, until step: String, plus ms: Int = 0) {
        for _ in 0..<2000 where r.kiosk.state != .touring(step: step) { r.harness.wait(50) }
        #expect(r.kiosk.state == .touring(step: step))
        if ms > 0 { r.harness.wait(ms) }
    }

    /// The demo data holds still: the popup's friends count is the same
    /// while it scrolls and in the next loop of the tour (issue 20).
    @Test func theFriendsCountIsTheSameWithinALoopAndTheNext() throws {
        let r = Recorder()
        func count() -> String? { r.harness.lines.first { $0.contains("👥") }?.split(separator: "│").first { $0.contains("👥") }.map { $0.split(separator: "[").first!.trimmingCharacters(in: .whitespaces) } }
        Self.run(r, until: "Friends", plus: 500)
        let first = try #require(count())
        #expect(first.hasSuffix("240 friends"))                 // the list's own count
        r.harness.wait(3000)
        #expect(count() == first)
        r.harness.wait(Int(Kiosk.loopDuration.milliseconds) - 3000)
        Self.run(r, until: "Friends", plus: 500)
        #expect(r.kiosk.loops == 1)
        #expect(count() == first)
    }

    /// The caption keeps "any key: try it" on every step, at 100 and at 40
    /// columns (the step's caption gives way first), and always how to leave.
    @Test(arguments: [100, 40])
    func everyStepSaysAnyKeyTriesIt(width: Int) {
        let r = Recorder(width: width, height: width == 100 ? 30 : 12)
        var bars: [String: Set<String>] = [:]
        for _ in 0..<(Int(Kiosk.loopDuration.milliseconds) / 100 + 5) {
            r.harness.wait(100)
            if case .touring(let step) = r.kiosk.state { bars[step, default: []].insert(r.harness.lines.last!) }
        }
        #expect(Set(bars.keys) == Set(Kiosk.stepNames))
        for (step, seen) in bars {
            for bar in seen where width == 100 {
                #expect(!bar.contains("…"), "\(step) at 100: the caption is cut: \(bar)")   // whole at 100 columns
            }
            for bar in seen {
                #expect(bar.contains("any key: try it · ^] q: leave"), "\(step) at \(width): \(bar)")
                #expect(bar.contains("▶ "), "\(step) at \(width): \(bar)")
            }
        }
        // The step's caption once its popup is up (before that, the step before's: issue 51).
        let friends = width == 100 ? "▶ 3/9 Friends · Friends pop up; more load as you scroll" : "▶ 3/9 "
        #expect(bars["Friends"]!.allSatisfy { $0.contains(friends) || $0.contains("▶ 2/9 ") })
        #expect(bars["Friends"]!.contains { $0.contains(friends) })
    }

    /// After ^] the bar says that q now leaves; another key stays and the bar says it is the visitor's turn.
    @Test func afterTheChordsFirstKeyTheBarSaysQLeaves() {
        let r = Recorder()
        Self.run(r, until: "Friends", plus: 500)
        r.harness.press("C-]")
        #expect(r.harness.lines.last!.contains("Now q to leave the kiosk; any other key stays."))
        #expect(r.kiosk.state == .paused)                      // a key: the visitor's turn
        r.harness.press("wait:400ms Down")
        #expect(r.harness.lines.last!.contains("Your turn"))
        #expect(r.harness.app.exitReason != .exitChord)
        r.harness.press("C-]")
        #expect(r.harness.lines.last!.contains("Now q to leave"))
        r.harness.press("q")
        #expect(r.harness.app.exitReason == .exitChord)
    }

    /// The made-up activity ends a few minutes before the (injected) wall clock, in the machine's time zone.
    @Test func theActivityIsNearTheClock() throws {
        let r = Recorder()
        Self.run(r, until: "Log out")
        let screen = r.seen.last { $0.step == "Log out" }!.screen
        let lines = screen.split(separator: "\n").map(String.init)
        let today = try #require(lines.firstIndex { $0.contains("TODAY") }, "\(screen)")
        let first = lines[today + 1].split(separator: " ").first { $0.count == 5 && $0.contains(":") }
        let time = try #require(first.map(String.init), "\(lines[today + 1])")
        let shown = Int(time.prefix(2))! * 60 + Int(time.suffix(2))!
        let now = Recorder.noon + r.harness.app.scheduler.clock.now.milliseconds / 1000
        let offset = Int64(TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(now))))
        let nowMinutes = Int(((now + offset) % 86_400) / 60)
        #expect((0...25).contains(nowMinutes - shown), "shown \(time), clock \(nowMinutes / 60):\(nowMinutes % 60)")
        // The home's "Lately" shows the same made-up events, from the same clock.
        let home = r.seen.last { $0.step == "Friends" }!.screen
        #expect(home.contains("Lately"), "\(home)")
        #expect(home.contains(time), "\(home)")
    }

    @Test func aKeyPausesAndTheVisitorHasTheAppAsItIs() {
        let r = Recorder()
        Self.run(r, until: "Friends", plus: 1500)
        #expect(r.harness.text.contains("[ ✕ Close ]"))
        let screen = r.harness.lines.dropLast()
        r.harness.press("x")                                   // the waking key is swallowed: only the caption changes
        #expect(r.kiosk.state == .paused)
        #expect(r.harness.lines.dropLast() == screen)
        #expect(r.harness.lines.last!.contains("Your turn"))
        r.harness.wait(20_000)                                 // the tour does not go on by itself
        #expect(r.kiosk.state == .paused)
        #expect(r.harness.text.contains("[ ✕ Close ]"))
        r.harness.press("Esc wait:400ms")                      // now keys act: the popup closes
        #expect(!r.harness.text.contains("[ ✕ Close ]"))
        #expect(r.harness.text.contains("Signed in as demo"))
        r.harness.press("Down Enter wait:600ms")               // the contacts, on demo data
        #expect(r.harness.text.contains("Contacts (240)"))
    }

    @Test func afterIdleTheDemoStartsCleanAndTheTourResumes() {
        let r = Recorder(idle: 10)
        Self.run(r, until: "Contacts", plus: 2000)
        r.harness.press("x")
        #expect(r.kiosk.state == .paused)
        // The visitor deletes a contact (the setting asks first) …
        r.harness.press("Enter wait:400ms d wait:400ms Left Enter wait:400ms")
        #expect(r.harness.text.contains("Contacts (239)"))
        r.harness.press("d wait:400ms ?")                      // an alert and the help overlay left open
        #expect(r.harness.text.contains("Delete contact"))
        r.harness.wait(9_000)                                  // … and keys kept the turn going: not idle yet
        #expect(r.kiosk.state == .paused)
        r.harness.wait(1_200)
        #expect(r.kiosk.state == .touring(step: "Welcome"))
        #expect(r.harness.text.contains("S W I T C H B O A R D"))
        #expect(!r.harness.text.contains("Delete contact"))   // … are gone with the rest
        #expect(r.harness.app.helpOverlay == nil)
        // A clean demo: the deleted contact is back.
        Self.run(r, until: "Card")
        #expect(r.seen.last { $0.step == "Card" }!.screen.contains("Contacts (1 found)"))
        Self.run(r, until: "Settings")
        let before = r.seen.last { $0.step == "Settings" }!.screen
        #expect(before.contains("US Navy"))
    }

    @Test func theChordLeavesButCtrlCCtrlZAndQDoNot() {
        let r = Recorder()
        Self.run(r, until: "Friends")
        r.harness.press("C-c")                                 // pauses (and is swallowed)
        #expect(r.kiosk.state == .paused)
        r.harness.press("C-c C-z Esc wait:800ms q")           // Esc closes the popup once it is fully in
        #expect(r.harness.app.exitReason == .endOfInput)      // still running: the script just ended
        #expect(r.harness.terminal.suspendCount == 0)
        #expect(r.harness.lines.last!.contains("To leave, press ^] and then q"))
        r.harness.press("C-] q")
        #expect(r.harness.app.exitReason == .exitChord)
        #expect(!r.harness.terminal.isStarted)                // the terminal was restored
    }

    @Test func theChordLeavesMidTourToo() {
        let r = Recorder()
        Self.run(r, until: "Log in", plus: 700)
        r.harness.press("C-] q")
        #expect(r.harness.app.exitReason == .exitChord)
    }

    @Test func sigtermLeavesAndSigintDoesNot() {
        let r = Recorder()
        Self.run(r, until: "Log in")
        r.harness.press("signal:INT")                          // as a key would: pauses the tour …
        #expect(r.kiosk.state == .paused)
        r.harness.press("signal:INT signal:TSTP wait:1s")     // … then says how to leave
        #expect(r.harness.app.exitReason == .endOfInput)
        #expect(r.harness.terminal.suspendCount == 0)
        #expect(r.harness.lines.last!.contains("To leave, press ^] and then q"))
        r.harness.press("signal:TERM")
        #expect(r.harness.app.exitReason == .signal(.terminate))
        #expect(!r.harness.terminal.isStarted)
    }

    @Test func aResizeMidTourKeepsTheTourGoing() {
        let r = Recorder()
        Self.run(r, until: "Friends", plus: 800)
        r.harness.press("resize:60x16 wait:300ms")
        #expect(r.harness.lines.count == 16)
        #expect(r.harness.text.contains("Close"))
        #expect(r.kiosk.state == .touring(step: "Friends"))   // a resize is not a visitor's key
        Self.run(r, until: "Settings")
        #expect(r.seen.last { $0.step == "Settings" }!.screen.contains("US Navy"))
        r.harness.press("resize:100x30")
        Self.run(r, until: "Log out")
        #expect(r.seen.last { $0.step == "Log out" }!.screen.contains("TODAY"))
    }

    @Test func aScreenTooSmallHoldsTheTourUntilItGrows() {
        let r = Recorder()
        Self.run(r, until: "Contacts", plus: 200)
        r.harness.press("resize:30x8 wait:20s")
        #expect(r.harness.text.contains("Terminal too small"))
        #expect(r.kiosk.state == .touring(step: "Contacts"))  // held, not lost
        r.harness.press("resize:100x30")
        Self.run(r, until: "Settings")
        #expect(r.seen.last { $0.step == "Card" }!.screen.contains("Contacts (1 found)"))
        #expect(r.seen.last { $0.step == "Settings" }!.screen.contains("US Navy"))
    }

    @Test func helpInTheKioskShowsHowToLeave() {
        let r = Recorder()
        Self.run(r, until: "Log in", plus: 200)
        r.harness.press("x F1")
        #expect(r.harness.text.contains("^] q"))
        #expect(r.harness.text.contains("Leave (^C and ^Z do not)"))
        #expect(!r.harness.text.contains("How to leave"))      // in the user name field q types: not listed
        #expect(r.harness.text.contains("F1 "))                 // and help is F1 there, `?` types
        #expect(!r.harness.text.contains("Quit"))
    }

    @Test func theIdleTimeIsASettingTheVisitorCanChange() {
        let r = Recorder()
        Self.run(r, until: "Settings", plus: 1700)
        r.harness.press("x End Up Up Up wait:100ms")
        #expect(r.harness.text.contains("Kiosk idle timeout                                             30 s"))
        r.harness.press("Enter wait:100ms")                    // 30 s → 1 min, applied at once
        #expect(r.harness.text.contains("1 min"))
        #expect(r.kiosk.idle == .seconds(60))
        #expect(r.harness.lines.last!.contains("resumes after 60 s idle"))
        r.harness.wait(59_000)
        #expect(r.kiosk.state == .paused)
        r.harness.wait(1_500)
        #expect(r.kiosk.state == .touring(step: "Welcome"))
        #expect(r.kiosk.idle == .seconds(30))                 // a clean demo: --idle again
    }

    /// The visitor turns Animations off in the kiosk's Settings: the app's transitions draw no frame between screens.
    @Test func animationsOffInTheKioskMeansNone() {
        let r = Recorder()
        defer { Animator.animationsEnabled = true }
        Self.run(r, until: "Settings", plus: 2500)              // Settings is in, on its first row
        r.harness.press("x Down Enter wait:100ms")
        #expect(!Animator.animationsEnabled, "\(r.harness.text)")
        var drawn: [String] = []
        r.harness.terminal.onFrame = { t in if drawn.last != t.text { drawn.append(t.text) } }
        r.harness.press("Esc wait:1s")                         // the pop to the home
        #expect(drawn.count == 1, "\(drawn.joined(separator: "\n----\n"))")
        #expect(r.harness.text.contains("Signed in as demo"))
        drawn = []
        r.harness.press("C-o wait:1s")                         // the log-out slide
        r.harness.terminal.onFrame = nil
        #expect(drawn.count == 1, "\(drawn.joined(separator: "\n----\n"))")
        #expect(r.harness.text.contains("Log In"))
    }

    @Test func theDemoLoginSaysWhatToType() {
        let r = Recorder()
        Self.run(r, until: "Log in")
        r.harness.press("x wait:100ms")                        // pause on the login screen
        r.harness.press("\"ada\" Enter \"secret\" Enter wait:100ms")
        #expect(r.harness.text.contains("log in as demo with the"))
        r.harness.press("C-n wait:400ms \"ada\" Tab \"password1\" Tab \"password1\" Enter wait:100ms")
        #expect(r.harness.text.contains("The demo cannot make accounts"))
    }

    @Test func settingsAccountRowsSayTheDemoKeepsNothing() {
        let r = Recorder()
        Self.run(r, until: "Settings", plus: 1700)
        r.harness.press("x End wait:100ms")
        r.harness.press("Up Up Enter wait:400ms")
        #expect(r.harness.text.contains("The demo has no real accounts"))
    }
}

@MainActor
@Suite struct KioskResetTests {
    /// Each loop starts the app afresh; the last loop's screens, services and view models are released.
    @Test func aNewLoopReleasesTheLastOne() {
        let h = Harness(width: 100, height: 30)
        let kiosk = Kiosk(application: h.app, options: Kiosk.Options(seed: 2))
        h.wait(Int(Kiosk.loopDuration.milliseconds) / 2)       // mid-tour: popups, lists and timers were made
        weak let root = kiosk.switchboard.rootViewController
        weak let coordinator = kiosk.switchboard.coordinator
        #expect(root != nil)
        h.wait(Int(Kiosk.loopDuration.milliseconds) / 2 + 500) // past the next loop's restart
        #expect(kiosk.loops == 1)
        #expect(root == nil)
        #expect(coordinator == nil)
        #expect(h.app.scheduler.activeTimerCount <= 4)
    }
}

/// Issue 51: the kiosk's Main counts its friends as the real Main does, and a tour step's caption
/// never shows before the screen it names.
@MainActor
@Suite struct KioskCaptionAndCountTests {
    /// What is on screen once a step's screen is up: (a text, whether it must be on the title row).
    static let screenMarks: [String: (text: String, onTitleRow: Bool)] = [
        "Welcome": ("S W I T C H B O A R D", false), "Log in": ("Log In", true), "Friends": ("╭─ Friends", false),
        "Contacts": ("Contacts (", true), "Card": ("Edit (e)", true), "Settings": ("Settings", true), "About": ("About", true),
        "Activity": ("‹ Back (Esc)                                 Activity", true), "Log out": ("Log In (^L)", true),
    ]

    @Test func aCaptionNeverRunsAheadOfTheScreenItNames() {
        let r = KioskTourTests.Recorder()
        let names = Kiosk.stepNames
        #expect(Set(names) == Set(Self.screenMarks.keys))
        var captionShown = ""
        var checked: [String] = []
        r.harness.terminal.onFrame = { t in
            let lines = t.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let bar = lines.last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }),
                  let i = names.indices.first(where: { bar.contains("\($0 + 1)/\(names.count) \(names[$0]) ·") }) else { return }
            let name = names[i]
            guard name != captionShown else { return }
            captionShown = name
            checked.append(name)
            let mark = Self.screenMarks[name]!
            let shows = mark.onTitleRow ? lines[0].contains(mark.text) : t.text.contains(mark.text)
            #expect(shows, "the caption “\(name)” shows before its screen:\n\(t.text)")
        }
        r.harness.wait(Int(Kiosk.loopDuration.milliseconds) + 2_000)
        r.harness.terminal.onFrame = nil
        #expect(checked == names + [names[0]], "\(checked)")
    }

    @Test func theKiosksMainCountsItsFriendsAsThePopupDoes() throws {
        let r = KioskTourTests.Recorder()
        KioskTourTests.run(r, until: "Friends")
        let main = try #require(r.seen.last { $0.step == "Friends" }?.screen)
        let row = try #require(main.split(separator: "\n").first { $0.contains(" F ") && $0.contains("Friends") }, "\(main)")
        #expect(row.hasSuffix("240") || row.trimmingCharacters(in: .whitespaces).hasSuffix("240"), "“\(row)”")
        r.harness.wait(1_000)
        #expect(r.harness.text.contains("240 friends"), "the popup's own count\n\(r.harness.text)")
    }
}
