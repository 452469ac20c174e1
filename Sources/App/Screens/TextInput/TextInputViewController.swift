import TUIKit

/// Seed 002's text input screen: a field and a button; Continue with only
/// spaces is refused with a message; otherwise the text travels to the
/// confirmation screen inside `Screen.textConfirmation(text:)`.
@MainActor
final class TextInputViewController: ViewController {
    private weak var coordinator: Coordination?
    let field = TextField(placeholder: "type something")

    init(coordinator: Coordination) {
        self.coordinator = coordinator
        super.init()
    }

    override func viewDidLoad() {
        title = "Text Input"
        view.style = Theme.live.base
        field.maxLength = 200
        field.onSubmit = { [weak self] _ in self?.go() }
        FormLayout.stack([
            (FormLayout.caption("Text to pass to the next screen"), 1), (field, 2), (FormLayout.gap(), 1),
            (Button(title: "Go!") { [weak self] in self?.go() }, 1),
        ], in: view)
    }

    override var preferredFirstResponder: View? { field }

    private func go() {
        let text = field.text.trimmedSpaces
        guard !text.isEmpty else {
            field.validationMessage = "Type some text first."
            return
        }
        field.validationMessage = nil
        coordinator?.show(.textConfirmation(text: text))
    }
}
