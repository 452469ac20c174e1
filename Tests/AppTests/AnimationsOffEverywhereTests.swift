import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// Settings → Animations Off means no animation anywhere (issue 20): every
/// transition and animation the app has — the flows' fade and slide, pushes
/// and pops, popups' and dialogs' dissolves in and out, the spinner — draws
/// the screen before and then the screen after, and no frame between them.
@MainActor
@Suite("Animations Off: no frame between two screens", .serialized)
struct AnimationsOffEverywhereTests {
    /// ada, signed in, one friend (Ada Lovelace), Animations Off; on Main.
    func signedInWithAnimationsOff(demoFriends: Bool = false) throws -> AppHarness {
        let h = AppHarness(demoFriends: demoFriends)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        _ = try SQLiteContactsStore(database: db, accountID: account.id)
            .add(ContactRecord(firstName: "Ada", lastName: "Lovelace", isFriend: true))
        h.press("S wait:400ms Down Enter Esc wait:400ms")          // Settings → Animations: Off
        #expect(!Animator.animationsEnabled)
        return h
    }

    /// The distinct screens (text and styles) drawn while `script` runs (a "Loading…" state is data arriving, not an animation).
    func screens(_ h: AppHarness, during script: String) -> [String] {
        var seen: [String] = []
        h.terminal.onFrame = { terminal in
            let frame = terminal.text + "\n" + terminal.styleMask
            if seen.last != frame, !terminal.text.contains("Loading") { seen.append(frame) }
        }
        h.press(script)
        h.terminal.onFrame = nil
        return seen
    }

    /// `key` (then `settle` on the clock, for any animation to play: they take 300 ms) draws one screen: the one it leads to.
    func expectNoFrameBetween(_ h: AppHarness, _ key: String, shows mark: String, settle: String = "1s",
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let drawn = screens(h, during: key + " wait:" + settle)
        #expect(drawn.count == 1, "\(key): \(drawn.count) different screens drawn:\n\(drawn.joined(separator: "\n----\n"))",
                sourceLocation: sourceLocation)
        #expect(h.text.contains(mark), "\(key): no “\(mark)” in\n\(h.text)", sourceLocation: sourceLocation)
        #expect(h.app.window.runningTransitions == 0, sourceLocation: sourceLocation)
    }

    @Test func aPushAndAPop() throws {
        let h = try signedInWithAnimationsOff()
        defer { Animator.animationsEnabled = true }
        expectNoFrameBetween(h, "C", shows: "Contacts (1)")           // slide from the right
        expectNoFrameBetween(h, "Esc", shows: "Signed in as ada")     // slide from the left
    }

    @Test func backToTheHomeFromDeepInside() throws {
        let h = try signedInWithAnimationsOff()
        defer { Animator.animationsEnabled = true }
        h.press("C wait:400ms Enter wait:400ms")
        #expect(h.lines[0].contains("Ada Lovelace"))
        let drawn = screens(h, during: "wait:1ms")
        #expect(drawn.isEmpty)
        h.switchboard.coordinator.show(.main)                         // pops to the root
        expectNoFrameBetween(h, "wait:1ms", shows: "Signed in as ada")
    }

    @Test func theFriendsPopupDissolvesInAndOut() throws {
        let h = try signedInWithAnimationsOff()
        defer { Animator.animationsEnabled = true }
        expectNoFrameBetween(h, "F", shows: "Close")
        expectNoFrameBetween(h, "Esc", shows: "Signed in as ada")
    }

    @Test func theDemoPopupToo() throws {
        let h = try signedInWithAnimationsOff(demoFriends: true)
        defer { Animator.animationsEnabled = true }
        h.switchboard.coordinator.show(.friendsListDemo)
        expectNoFrameBetween(h, "wait:1ms", shows: "Close", settle: "800ms")   // before its made-up count ticks (on purpose)
        expectNoFrameBetween(h, "Esc", shows: "Signed in as ada")
    }

    @Test func aCardOverThePopupAndBack() throws {
        let h = try signedInWithAnimationsOff()
        defer { Animator.animationsEnabled = true }
        h.press("F wait:400ms")
        expectNoFrameBetween(h, "Enter", shows: "Lovelace")
        expectNoFrameBetween(h, "Esc", shows: "Close")
    }

    @Test func aDialogComesAndGoes() throws {
        let h = try signedInWithAnimationsOff()
        defer { Animator.animationsEnabled = true }
        h.press("C wait:400ms")
        expectNoFrameBetween(h, "d", shows: "Delete Ada Lovelace?")
        expectNoFrameBetween(h, "Esc", shows: "Contacts (1)")
    }

    @Test func logOutLogInAndCreateAccount() throws {
        let h = try signedInWithAnimationsOff()
        defer { Animator.animationsEnabled = true }
        expectNoFrameBetween(h, "C-o", shows: "Log In")               // the slide from the left
        #expect(!Animator.animationsEnabled)                           // signed out, the choice stays
        expectNoFrameBetween(h, "C-n", shows: "Create Account")       // a push in the login flow
        expectNoFrameBetween(h, "Esc", shows: "Log In")
        h.press(#""ada" Enter "analytical""#)
        expectNoFrameBetween(h, "Enter", shows: "Signed in as ada")   // the fade to the main flow
    }

    /// A saved session with Animations Off: the splash's move to the home is not faded, and its spinner stops turning once the setting is read.
    @Test func theSplashToTheHomeAtStart() throws {
        let h = try signedInWithAnimationsOff()
        defer { Animator.animationsEnabled = true }
        h.launch()
        Animator.animationsEnabled = true                             // as a fresh process starts, before the setting is read
        h.press("wait:100ms")
        #expect(h.text.contains("S W I T C H B O A R D"))
        #expect(!Animator.animationsEnabled)                           // the session's setting, read by the splash's work
        var screensAfter: [String] = []
        h.terminal.onFrame = { t in if screensAfter.last != t.text { screensAfter.append(t.text) } }
        h.press("wait:2s")
        h.terminal.onFrame = nil
        #expect(screensAfter.count == 1, "\(screensAfter.joined(separator: "\n----\n"))") // the home, and nothing between
        #expect(h.text.contains("Signed in as ada"))
    }

    @Test func aThemeChangeRedrawsAtOnce() throws {
        let h = try signedInWithAnimationsOff()
        defer { Animator.animationsEnabled = true; Theme.current = .dark }
        h.press("S wait:400ms")
        expectNoFrameBetween(h, "Enter", shows: "Settings")            // Theme: the next one; the flow is made again
    }
}
