import AppServices
import Testing
@testable import App
@testable import TUIKit
import TUIKitTesting

@MainActor
@Suite("Enum navigation and deep links", .serialized)
struct EnumNavigationTests {
    @Test func textInputToConfirmationAndBackKeepsTheText() {
        let h = AppHarness()
        h.createAccount()
        h.switchboard.coordinator.open(DeepLink.parse("switchboard://text-input"))   // by link only: not the user's menu
        h.press("wait:400ms")
        #expect(h.lines[0].contains("Text Input"))
        h.press(#""   " Enter"#)
        #expect(h.text.contains("Type some text first."))
        #expect(h.root.currentFlow?.viewControllers.count == 2)
        h.press(#"C-u "hello, 世界" Enter wait:400ms"#)
        #expect(h.lines[0].contains("Text Confirmation"))
        #expect(h.text.contains("hello, 世界"))
        #expect(h.text.contains("[ > back < ]"))
        h.press("Enter wait:400ms")                               // the back button has the focus
        #expect(h.lines[0].contains("Text Input"))
        #expect((h.topController as? TextInputViewController)?.field.text == "hello, 世界")
    }

    @Test func theTitleBarsActivityItemOpensTheLog() {
        let h = AppHarness()
        h.createAccount()
        h.press("C-t wait:400ms")
        #expect(h.lines[0].contains("Activity"))
        #expect(h.text.contains("Account created · ada"))
    }

    @Test(arguments: [
        ("switchboard://text-confirmation?text=hello", Screen.textConfirmation(text: "hello")),
        ("switchboard://text-confirmation?text=hello%20world", .textConfirmation(text: "hello world")),
        ("switchboard://text-input", .textInput),
        ("switchboard://main", .main),
        ("SWITCHBOARD://Text-Input", .textInput),
        ("switchboard://activity", .activity),
        ("switchboard://contacts", .contactList),
        ("switchboard://contacts/42", .contactDetail(id: 42)),
    ])
    func linksParseIntoScreens(link: String, screen: Screen) {
        #expect(DeepLink.parse(link) == .screen(screen))
    }

    @Test(arguments: [
        ("not a link", DeepLinkError.notALink("not a link")),
        ("http://example.org/contacts", .wrongScheme("http://example.org/contacts")),
        ("switchboard://nowhere", .unknownTarget("nowhere")),
        ("switchboard://text-input/extra", .unknownTarget("text-input/extra")),
        ("switchboard://text-confirmation", .missingParameter(target: "text-confirmation", name: "text")),
        ("switchboard://text-confirmation?text=%20", .missingParameter(target: "text-confirmation", name: "text")),
        ("switchboard://friends/extra", .unknownTarget("friends/extra")),
        ("switchboard://contacts/abc", .unknownTarget("contacts/abc")),
    ])
    func badLinksSayWhy(link: String, error: DeepLinkError) {
        #expect(DeepLink.parse(link) == .invalid(error))
        #expect(!error.description.isEmpty)
    }

    @Test func aLinkBeforeLoginOpensOnceMainIsReached() {
        let h = AppHarness(deepLink: "switchboard://text-confirmation?text=from%20a%20link")
        h.press("wait:900ms")
        #expect(h.lines[0].contains("Create Account"))             // a first run; the link is kept, not applied yet
        #expect(h.switchboard.coordinator.pendingDeepLink != nil)
        h.press(#"C-n wait:400ms "ada" Enter "analytical" Enter "analytical" Enter wait:400ms wait:400ms"#)
        #expect(h.lines[0].contains("Text Confirmation"))
        #expect(h.text.contains("from a link"))
        #expect(h.switchboard.coordinator.pendingDeepLink == nil)  // cleared once applied
        #expect(h.root.currentFlow?.viewControllers.count == 2)    // main underneath
        h.press("Esc wait:400ms")
        #expect(h.text.contains("Signed in as ada"))
    }

    @Test func aLinkWithASavedSessionOpensAfterTheSplash() {
        let h = AppHarness()
        h.createAccount()
        h.launch(deepLink: "switchboard://text-input")
        h.press("wait:800ms wait:400ms wait:400ms")
        #expect(h.lines[0].contains("Text Input"))
    }

    @Test func aBadLinkShowsAMessageOnMain() {
        let h = AppHarness(deepLink: "switchboard://nowhere")
        h.createAccount()
        h.press("wait:400ms")
        #expect(h.text.contains("switchboard:// has no screen “nowhere”"))
        #expect(h.lines[0].contains("Main"))
    }

    @Test func linksWhileInMainPopToMainFirst() {
        let h = AppHarness()
        h.createAccount()
        h.press("End Enter wait:400ms")
        h.switchboard.coordinator.open(DeepLink.parse("switchboard://text-confirmation?text=again"))
        h.press("wait:400ms wait:400ms")
        #expect(h.root.currentFlow?.viewControllers.count == 2)
        #expect(h.text.contains("again"))
    }
}

@MainActor
@Suite("Sign-in back-off")
struct BackoffTests {
    @Test func waitsGrowAndCap() {
        #expect((0...9).map(SignInService.backoff(afterFailures:)) == [0, 0, 0, 1, 2, 4, 8, 16, 30, 30])
    }
}
