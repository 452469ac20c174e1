import TUIKit

/// A form's text field that can be held while what was typed is out (signing in, saving on a
/// server): held, it keeps its text and takes no key but Esc and q, which go on up to the
/// screen and the window (^C never reaches a field) — so nothing is typed over and nothing
/// is submitted twice.
@MainActor
final class FormTextField: TextField {
    /// Whether the form's answer is awaited.
    var isHeld = false

    override func handleKey(_ key: Key) -> Bool {
        guard isHeld else { return super.handleKey(key) }
        return !(key == .escape || key == .character("q"))
    }
}
