import AppServices
import TUIKit

/// "Change Password": the current one, the new one twice. Nothing changes
/// until the current one is right and the new one follows the rules.
@MainActor
final class ChangePasswordViewController: ViewController {
    private let accounts: AccountsService
    private let accountID: Int64
    private let now: () -> Int64
    private let onDone: () -> Void
    let currentField = TextField(placeholder: "your password now")
    let newField = TextField(placeholder: "at least 8 characters")
    let repeatField = TextField(placeholder: "the same again")
    private let general = Label("")

    init(accounts: AccountsService, accountID: Int64, now: @escaping () -> Int64, onDone: @escaping () -> Void) {
        self.accounts = accounts
        self.accountID = accountID
        self.now = now
        self.onDone = onDone
        super.init()
    }

    override func viewDidLoad() {
        title = "Change Password"
        view.style = Theme.current.base
        navigationItem.setRightBarButton(BarButtonItem(title: "Change", key: .ctrl("s")) { [weak self] in self?.change() })
        for field in [currentField, newField, repeatField] { field.isSecureTextEntry = true; field.maxLength = 128 }
        currentField.onSubmit = { [weak self] _ in self?.view.window?.makeFirstResponder(self?.newField) }
        newField.onSubmit = { [weak self] _ in self?.view.window?.makeFirstResponder(self?.repeatField) }
        repeatField.onSubmit = { [weak self] _ in self?.change() }
        general.textStyle = Theme.current.error
        general.wrapsText = true
        FormLayout.stack([
            (Label(CredentialRules.passwordRule, style: Theme.current.secondary), 1), (FormLayout.gap(), 1),
            (FormLayout.caption("Current password"), 1), (currentField, 2),
            (FormLayout.caption("New password"), 1), (newField, 2),
            (FormLayout.caption("New password again"), 1), (repeatField, 2),
            (general, 2), (Button(title: "Change password") { [weak self] in self?.change() }, 1),
        ], in: view, width: 62)
    }

    override var preferredFirstResponder: View? { currentField }

    private func change() {
        currentField.validationMessage = nil
        newField.validationMessage = CredentialRules.problem(withPassword: newField.text)
        repeatField.validationMessage = newField.text == repeatField.text ? nil : "The two new passwords differ."
        general.text = ""
        if currentField.text.isEmpty { currentField.validationMessage = "Type your current password." }
        if let bad = [currentField, newField, repeatField].first(where: { $0.validationMessage != nil }) {
            view.window?.makeFirstResponder(bad)
            return
        }
        do {
            try accounts.changePassword(accountID: accountID, current: currentField.text, new: newField.text, now: now())
            onDone()
        } catch .wrongPassword {
            currentField.validationMessage = AccountChangeFailure.wrongPassword.description
            view.window?.makeFirstResponder(currentField)
        } catch {
            general.text = error.description
        }
    }
}
