import AppServices
import TUIKit

/// "Change Password": the current one, the new one twice. Nothing changes
/// until the current one is right and the new one follows the rules. The change is a job on
/// the accounts' work (off the main loop on a server): "Saving…" until it answers, the form
/// held meanwhile; a store that fails keeps the form and says "Nothing was changed: …".
@MainActor
final class ChangePasswordViewController: ViewController {
    private let accounts: ServiceWork<AccountsService>
    private let accountID: Int64
    private let now: () -> Int64
    private let onDone: () -> Void
    let currentField = FormTextField(placeholder: "your password now")
    let newField = FormTextField(placeholder: "at least 8 characters")
    let repeatField = FormTextField(placeholder: "the same again")
    private let general = GrowingLabel()

    init(accounts: ServiceWork<AccountsService>, accountID: Int64, now: @escaping () -> Int64, onDone: @escaping () -> Void) {
        self.accounts = accounts
        self.accountID = accountID
        self.now = now
        self.onDone = onDone
        super.init()
    }

    override func viewDidLoad() {
        title = "Change Password"
        view.style = Theme.live.base
        navigationItem.setRightBarButton(BarButtonItem(title: "Change", key: .ctrl("s")) { [weak self] in self?.change() })
        for field in [currentField, newField, repeatField] { field.isSecureTextEntry = true; field.maxLength = 128 }
        currentField.onSubmit = { [weak self] _ in self?.view.window?.makeFirstResponder(self?.newField) }
        newField.onSubmit = { [weak self] _ in self?.view.window?.makeFirstResponder(self?.repeatField) }
        repeatField.onSubmit = { [weak self] _ in self?.change() }
        general.textStyle = Theme.live.error
        general.wrapsText = true
        FormLayout.stack([
            (Label(CredentialRules.passwordRule, style: Theme.live.secondary), 1), (FormLayout.gap(), 1),
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
            // Masked text cannot be seen to be fixed: the new passwords are typed again from empty.
            var first = bad
            if newField.validationMessage != nil || repeatField.validationMessage != nil {
                newField.text = ""
                repeatField.text = ""
                if bad !== currentField { first = newField }
            }
            view.window?.makeFirstResponder(first)
            return
        }
        guard !isWaiting else { return }
        let (accountID, current, new, now) = (accountID, currentField.text, newField.text, now())
        isWaiting = true
        var answered = false
        accounts.change({ accounts throws(AccountChangeFailure) in
            try accounts.changePassword(accountID: accountID, current: current, new: new, now: now)
        }, then: { [weak self] result in
            answered = true
            self?.changed(result)
        })
        if !answered { general.textStyle = Theme.live.emphasis; general.text = "Saving…" }
    }

    /// Whether the change is out (the form is held until it answers).
    private(set) var isWaiting = false {
        didSet { for field in [currentField, newField, repeatField] { field.isHeld = isWaiting } }
    }

    private func changed(_ result: Result<AccountChangeFailure?, ServiceError>) {
        isWaiting = false
        general.textStyle = Theme.live.error
        general.text = ""
        switch result {
        case .success(nil):
            onDone()
        case .success(.wrongPassword):
            currentField.validationMessage = AccountChangeFailure.wrongPassword.message
            currentField.text = "" // typed again from empty, not appended to what cannot be seen
            view.window?.makeFirstResponder(currentField)
        case .success(let failure?):
            general.text = "Nothing was changed: " + failure.message
        case .failure(let error):
            general.text = "Nothing was changed: " + error.message
        }
    }
}
