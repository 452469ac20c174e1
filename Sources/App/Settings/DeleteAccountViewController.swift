import AppServices
import TUIKit

/// "Delete Account": says what goes, asks for the password, and only then
/// removes the account with all its data (one transaction). The deletion is a job on the
/// accounts' work (off the main loop on a server): "Saving…" until it answers, the form held
/// meanwhile; a store that fails keeps the form and says "Nothing was changed: …".
@MainActor
final class DeleteAccountViewController: ViewController {
    private let accounts: ServiceWork<AccountsService>
    private let account: Account
    private let onDeleted: () -> Void
    let passwordField = FormTextField(placeholder: "your password")
    private let general = GrowingLabel()

    init(accounts: ServiceWork<AccountsService>, account: Account, onDeleted: @escaping () -> Void) {
        self.accounts = accounts
        self.account = account
        self.onDeleted = onDeleted
        super.init()
    }

    override func viewDidLoad() {
        title = "Delete Account"
        view.style = Theme.live.base
        passwordField.isSecureTextEntry = true
        passwordField.maxLength = 128
        passwordField.onSubmit = { [weak self] _ in self?.delete() }
        general.textStyle = Theme.live.error
        general.wrapsText = true
        let warning = Label("Deleting “\(account.username)” removes its contacts, friends and settings.", style: Theme.live.error)
        warning.wrapsText = true
        // On a row of its own, so that a narrow screen never cuts it.
        let undone = Label("This cannot be undone.", style: Theme.live.error)
        let button = Button(title: "Delete this account") { [weak self] in self?.delete() }
        FormLayout.stack([
            (warning, 2), (undone, 1), (FormLayout.gap(), 1),
            (FormLayout.caption("Type your password to confirm"), 1), (passwordField, 2),
            (general, 2), (button, 1),
        ], in: view, width: 62)
    }

    override var preferredFirstResponder: View? { passwordField }

    private func delete() {
        passwordField.validationMessage = nil
        guard !passwordField.text.isEmpty else { passwordField.validationMessage = "Type your password."; return }
        guard !isWaiting else { return }
        let (accountID, password) = (account.id, passwordField.text)
        isWaiting = true
        var answered = false
        accounts.change({ accounts throws(AccountChangeFailure) in
            try accounts.deleteAccount(accountID: accountID, password: password)
        }, then: { [weak self] result in
            answered = true
            self?.deleted(result)
        })
        if !answered { general.textStyle = Theme.live.emphasis; general.text = "Saving…" }
    }

    /// Whether the deletion is out (the form is held until it answers).
    private(set) var isWaiting = false { didSet { passwordField.isHeld = isWaiting } }

    private func deleted(_ result: Result<AccountChangeFailure?, ServiceError>) {
        isWaiting = false
        general.textStyle = Theme.live.error
        general.text = ""
        switch result {
        case .success(nil):
            onDeleted()
        case .success(.wrongPassword):
            passwordField.validationMessage = AccountChangeFailure.wrongPassword.message
        case .success(let failure?):
            general.text = "Nothing was changed: " + failure.message
        case .failure(let error):
            general.text = "Nothing was changed: " + error.message
        }
    }
}
