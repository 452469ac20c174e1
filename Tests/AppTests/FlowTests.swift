import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

@MainActor
@Suite("Root controller flows", .serialized)
struct FlowTests {
    @Test func firstRunSplashThenLoginThenCreateAccountThenMain() throws {
        let h = AppHarness()
        #expect(h.text.contains("S W I T C H B O A R D"))
        h.press("wait:700ms")
        #expect(h.text.contains("S W I T C H B O A R D"))          // at least 800 ms
        h.press("wait:100ms")
        // A file with no account: Create Account at once (no animation from the splash), saying where the data lives.
        #expect(h.lines[0].contains("Create Account"))
        #expect(h.root.currentFlowKind == .login)
        #expect(h.text.contains("Your data will live in"))
        #expect(h.text.contains(h.folder))
        #expect(h.text.contains("in the file switchboard.sqlite3"))
        #expect(!h.text.contains("Welcome back"))
        h.press("Esc wait:400ms")                                    // Log In is one key away, and invites too
        #expect(h.lines[0].contains("Log In"))
        #expect(h.text.contains("No account yet"))
        #expect(!h.text.contains("Welcome back"))
        h.press("C-n wait:400ms")
        #expect(h.lines[0].contains("Create Account"))
        #expect(h.text.contains(CredentialRules.usernameRule))
        h.press(#""ada" Enter "analytical" Enter "analytical" Enter"#)
        #expect(h.root.currentFlowKind == .main)
        h.press("wait:150ms")
        #expect(h.terminal.styleMask.contains("D"))                 // fading
        h.press("wait:250ms")
        #expect(h.lines[0].contains("Main"))
        #expect(h.lines[0].hasPrefix(" ‹ Log Out (^O)"))
        #expect(h.lines[0].contains("Activity (^T) ›"))
        #expect(h.text.contains("Signed in as ada"))
        #expect(try h.store().savedSession()?.username == "ada")
    }

    @Test func logOutSlidesInTheLoginFromTheLeftAndClearsTheSession() throws {
        let h = AppHarness()
        h.createAccount()
        weak let mainFlow = h.root.currentFlow
        h.press("C-o wait:150ms")
        #expect(h.root.currentFlowKind == .login)
        // Half way: the login's right half has come in from the left; main's right half is still there.
        let bar = h.lines[0]
        #expect(bar.contains("Log In (^L) ›"), "\(bar)")
        #expect(bar.hasSuffix("Activity (^T) › "), "\(bar)")
        #expect(!bar.hasPrefix(" ‹ Log Out"))
        h.press("wait:300ms")
        #expect(h.lines[0].contains("Log In"))
        #expect(try h.store().savedSession() == nil)
        #expect(mainFlow == nil) // the old flow is released after the swap
    }

    @Test func aSavedSessionGoesFromSplashStraightToMain() throws {
        let h = AppHarness()
        h.createAccount()
        h.launch()                      // quit and start again on the same file
        h.press("wait:800ms")
        #expect(h.root.currentFlowKind == .main)
        h.press("wait:400ms")
        #expect(h.text.contains("Signed in as ada"))
    }

    @Test func wrongCredentialsGetOneMessageAndBackOff() throws {
        let h = AppHarness()
        h.createAccount()
        h.press("C-o wait:400ms")
        // Unknown name and wrong password read the same.
        h.press(#""nobody" Enter "analytical" Enter"#)
        #expect(h.text.contains(SignInService.wrongCredentials))
        h.press(#"S-Tab C-a C-k "ada" Enter "wrong-one" Enter"#)
        #expect(h.text.contains(SignInService.wrongCredentials))
        h.press(#""wrong-two" Enter "wrong-three" Enter"#)
        h.press(#""analytical" Enter"#)                              // right, but too soon
        #expect(h.text.contains("Too many failed attempts. Try again in 1 s."))
        #expect(h.root.currentFlowKind == .login)
        h.press("wait:1s")                                         // it counts down
        #expect(h.text.contains("You can try again now."))
        let login = try #require(h.topController as? LoginViewController)
        #expect(login.passwordField.text.isEmpty)                  // refused: typed again, not appended to
        h.press(#"wait:2s "analytical" Enter wait:400ms"#)
        #expect(h.root.currentFlowKind == .main, "\(h.text)")
    }

    @Test func theCreateAccountFormRefusesBadInputAndStoresNothing() throws {
        let h = AppHarness()
        h.press("wait:900ms C-n wait:400ms")
        h.press(#""a!" Enter "short" Enter "other" Enter"#)
        #expect(h.text.contains("At least 3 characters."))
        #expect(h.text.contains("At least 8 characters."))
        #expect(try h.store().account(named: "a!") == nil)
        h.press(#"C-a C-k "ada" Tab C-a C-k "analytical" Tab C-a C-k "analyticaX" Enter"#)
        #expect(h.text.contains("The passwords differ."))
        #expect(try h.store().account(named: "ada") == nil)
        #expect(h.root.currentFlowKind == .login)
    }

    @Test func aTakenNameIsRefusedIgnoringCase() throws {
        let h = AppHarness()
        h.createAccount()
        h.press("C-o wait:400ms C-n wait:400ms")
        h.press(#""ADA" Enter "analytical" Enter "analytical" Enter"#)
        #expect(h.text.contains("is taken"))
        #expect(h.root.currentFlowKind == .login)
    }

    @Test func escapeOnCreateAccountGoesBackToLogIn() throws {
        let h = AppHarness()
        h.press("wait:900ms C-n wait:400ms Esc wait:400ms")
        #expect(h.lines[0].contains("Log In"))
    }

    @Test func everyScreenSurvivesAResize() throws {
        let h = AppHarness()
        h.press("resize:50x14 wait:900ms")
        #expect(h.lines[0].contains("Create"))                      // a first run
        h.press("Esc wait:400ms")
        #expect(h.lines[0].contains("Log In"))
        h.press("resize:120x40")
        #expect(h.lines.count == 40)
        h.press("C-n wait:400ms resize:40x12")
        #expect(h.lines[0].contains("Create Account"))           // the title uses the room it has: the items' keys go first
        #expect(h.lines[0].contains("‹ Back") && h.lines[0].contains("Create ›"))
        #expect(h.text.contains("User name"))
        h.press("resize:30x10")
        #expect(h.text.contains("Terminal too small"))
        h.press("resize:80x24")
        #expect(h.lines[0].contains("Create Account"))
    }

    @Test func qQuitsOutsideTextFields() throws {
        let h = AppHarness()
        h.createAccount()
        h.press("q")
        #expect(h.app.exitReason == .quit)
    }
}
