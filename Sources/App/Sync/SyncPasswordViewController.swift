import TUIKit

/// Asks for the password of an account set up without a password command: kept in memory for
/// this run only (never written anywhere), then a sync starts.
@MainActor
final class SyncPasswordViewController: ViewController {
    let field = FormTextField(placeholder: "kept for this run only")
    private let username: String
    private let onDone: (String) -> Void

    init(username: String, onDone: @escaping (String) -> Void) {
        self.username = username
        self.onDone = onDone
        super.init()
    }

    override func viewDidLoad() {
        title = "Password"
        view.style = Theme.live.base
        field.isSecureTextEntry = true
        field.maxLength = 1000
        field.onSubmit = { [weak self] text in
            guard let self else { return }
            guard !text.isEmpty else { self.field.validationMessage = "Type the password."; return }
            self.onDone(text)
        }
        FormLayout.stack([(FormLayout.caption("\(username)'s password at the CardDAV server"), 1), (field, 2),
                          (Label("Enter keeps it in memory until you quit, and syncs.", style: Theme.live.secondary), 1)],
                         in: view, width: 64)
    }

    override var preferredFirstResponder: View? { field }
}
