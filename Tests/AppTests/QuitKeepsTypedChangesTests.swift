import Testing
@testable import App
@testable import TUIKit

/// `q` never throws typed changes away: on a form's button or toggle it asks "Discard changes?"
/// (as Esc does), and in that question it answers Keep editing instead of quitting.
@MainActor
@Suite("q keeps typed changes")
struct QuitKeepsTypedChangesTests {
    /// Shift-Tab from the first name past the suffix, prefix and display name (above it), round to the form's last control.
    static let toLast = "S-Tab S-Tab S-Tab S-Tab"

    /// On New Contact with "grace" typed, the focus on the form's last control (the Friend toggle).
    func typedForm() -> AppHarness {
        let h = AppHarness()
        h.createAccount()
        h.press("C wait:400ms a wait:400ms \"grace\" " + Self.toLast)
        #expect(h.app.window.firstResponder === (h.topController as? AddContactViewController)?.formView.friendToggle, "\(h.text)")
        return h
    }

    @Test func qOnAFormWithChangesAsksFirstAndInTheQuestionKeepsEditing() throws {
        let h = typedForm()
        h.press("q wait:400ms")
        #expect(h.app.exitReason != .quit)
        #expect(h.text.contains("Discard changes?"), "\(h.text)")
        h.press("q wait:400ms")                                     // q in the question: Keep editing, not quit
        #expect(h.app.exitReason != .quit)
        #expect(!h.text.contains("Discard changes?"))
        let form = try #require(h.topController as? AddContactViewController)
        #expect(form.formView.firstName.text == "grace")
        h.press("q wait:400ms Left Enter wait:400ms")                                     // asked again; Discard this time: the app quits
        #expect(h.app.exitReason == .quit)
    }

    @Test func qOnAFormWithoutChangesQuitsAtOnce() {
        let h = AppHarness()
        h.createAccount()
        h.press("C wait:400ms a wait:400ms " + Self.toLast + " q")
        #expect(h.app.exitReason == .quit)
    }

    @Test func qOnAnEditedCardAsksFirst() {
        let h = AppHarness()
        h.createAccount()
        h.press("C wait:400ms a wait:400ms \"ada\" C-s wait:400ms")      // a contact, shown
        h.press("e wait:400ms \"x\" " + Self.toLast + " q")
        #expect(h.text.contains("Discard changes?"), "\(h.text)")
        #expect(h.app.exitReason != .quit)
    }
}
