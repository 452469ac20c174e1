import Testing
import TUIKit
import TUIKitTesting
@testable import tuikit_example

/// The example app, run headless: what a person sees on its list, popup and form.
@MainActor
@Suite("TUIKit example app")
struct TUIKitExampleTests {
    @Test func theListShowsEveryPlanetAndEnterOpensAPopupAboutTheSelectedOne() {
        let h = Harness(width: 60, height: 16, root: ExampleListController())
        for planet in ExampleListController.planets { #expect(h.text.contains(planet), "\(h.text)") }
        h.press("Down Down Enter wait:400ms")
        #expect(h.text.contains("Earth goes round the Sun."), "\(h.text)")
        h.press("Enter wait:400ms")                                  // OK closes it
        #expect(!h.text.contains("goes round the Sun"), "\(h.text)")
    }

    @Test func theFormGreetsTheNameTypedAndEscGoesBack() {
        let h = Harness(width: 60, height: 16, root: ExampleListController())
        h.press("f wait:400ms \"Ada\" Enter")
        #expect(h.text.contains("Hello, Ada!"), "\(h.text)")
        #expect(!h.text.contains("Mercury"))                         // the form covers the list
        h.press("Esc wait:400ms")
        #expect(h.text.contains("Mercury") && !h.text.contains("Hello"), "\(h.text)")
    }
}
