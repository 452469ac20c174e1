import Testing
@testable import App
@testable import Storage
@testable import TUIKit

/// A password that was refused is typed again from empty: masked text cannot be seen, so typing
/// after a refusal must not append to it (the new password once became "new password 1correct horse").
@MainActor
@Suite("Refused passwords are typed again from empty")
struct MaskedFieldsAfterRefusalTests {
    @Test func changePasswordAfterAWrongCurrentPasswordAndAMismatch() throws {
        let h = AppHarness()
        h.createAccount()
        h.press("S wait:400ms End Up Up Enter wait:400ms")
        #expect(h.lines[0].contains("Change Password"))
        h.press(#""wrong one" Enter "correct horse" Enter "correct horse" Enter wait:400ms"#)
        #expect(h.text.contains("Change Password"))
        let form = try #require(h.topController as? ChangePasswordViewController)
        #expect(form.currentField.text.isEmpty)                      // refused: empty, with the focus
        #expect(h.app.window.firstResponder === form.currentField)
        h.press(#""analytical" Enter "new password 1" Enter "new password 2" Enter"#)
        #expect(h.text.contains("The two new passwords differ."))
        #expect(form.newField.text.isEmpty && form.repeatField.text.isEmpty)
        #expect(h.app.window.firstResponder === form.newField)     // the focus where typing starts again
        h.press(#""correct horse" Enter "correct horse" Enter wait:400ms"#)
        #expect(h.text.contains("Password changed."), "\(h.text)")
        #expect(try h.store().verify(username: "ada", password: "correct horse") != nil)
    }

    @Test func createAccountAfterAMismatch() throws {
        let h = AppHarness()
        h.press("wait:900ms C-n wait:400ms")
        h.press(#""ada" Enter "analytical" Enter "analyticaX" Enter"#)
        #expect(h.text.contains("The passwords differ."))
        let form = try #require(h.topController as? CreateAccountViewController)
        #expect(form.passwordField.text.isEmpty && form.repeatField.text.isEmpty)
        #expect(form.usernameField.text == "ada")                    // what can be seen stays
        h.press(#""analytical" Enter "analytical" Enter wait:400ms"#)
        #expect(try h.store().verify(username: "ada", password: "analytical") != nil)
    }
}
