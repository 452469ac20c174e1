import AppServices
import TUIKit

/// "Delete Account": says what goes, asks for the password, and only then
/// removes the account with all its data (one transaction).
@MainActor
final class DeleteAccountViewController: ViewController {
    private let accounts: AccountsService
    private let account: Account
    private let onDeleted: () -> Void
    let passwordField = TextField(placeholder: "your password")
    private let general = Label("")

    init(accounts: AccountsService, account: Account, onDeleted: @escaping () -> Void) {
        self.accounts = accounts
        self.account = account
        self.onDeleted = onDeleted
        super.init()
    }

    override func viewDidLoad() {
        title = "Delete Account"
        view.style = Theme.current.base
        passwordField.isSecureTextEntry = true
        passwordField.maxLength = 128
        passwordField.onSubmit = { [weak self] _ in self?.delete() }
        general.textStyle = Theme.current.error
        general.wrapsText = true
        let warning = Label("Deleting “\(account.username)” removes its contacts, friends and settings.", style: Theme.current.error)
        warning.wrapsText = true
        // On a row of its own, so that a narrow screen never cuts it.
        let undone = Label("This cannot be undone.", style: Theme.current.error)
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
        do {
            try accounts.deleteAccount(accountID: account.id, password: passwordField.text)
            onDeleted()
        } catch .wrongPassword {
            passwordField.validationMessage = AccountChangeFailure.wrongPassword.description
        } catch {
            general.text = error.description
        }
    }
}
