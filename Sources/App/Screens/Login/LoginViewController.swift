import AppServices
import TUIKit

/// "Log In": user name, password (masked), Log In in the title bar and on
/// Enter, and a way to create an account. One message for any wrong
/// credentials; repeated failures make it wait.
@MainActor
final class LoginViewController: ViewController {
    private let service: SignInServing
    private weak var coordinator: Coordination?
    private let onSignedIn: (Account, @escaping @MainActor () -> Void) -> Void
    let usernameField = FormTextField(placeholder: "user name")
    let passwordField = FormTextField(placeholder: "password")
    private let message = GrowingLabel()
    private let createButton = Button(title: "Create an account")

    /// Where the data lives, named on a first run ("" says nothing).
    private let dataPlace: String
    /// A team directory's members sign in as themselves: no account is made here.
    private let kind: SignInKind

    /// - Parameter onSignedIn: told who signed in, and what to call once the home is on its way.
    init(service: SignInServing, coordinator: Coordination, dataPlace: String = "", kind: SignInKind = .appAccounts,
         onSignedIn: @escaping (Account, @escaping @MainActor () -> Void) -> Void) {
        self.service = service
        self.dataPlace = dataPlace
        self.kind = kind
        self.coordinator = coordinator
        self.onSignedIn = onSignedIn
        super.init()
    }

    override func viewDidLoad() {
        title = "Log In"
        view.style = Theme.live.base
        navigationItem.setRightBarButton(BarButtonItem(title: "Log In", key: .ctrl("l")) { [weak self] in self?.logIn() })
        passwordField.isSecureTextEntry = true
        usernameField.maxLength = 64
        passwordField.maxLength = 128
        for field in [usernameField, passwordField] {
            field.onChange = { [weak self] _ in self?.message.text = "" } // the message was about what is now changed
        }
        usernameField.onSubmit = { [weak self] _ in self?.view.window?.makeFirstResponder(self?.passwordField) }
        passwordField.onSubmit = { [weak self] _ in self?.logIn() }
        message.textStyle = Theme.live.error
        message.wrapsText = true
        let greetingLabel = Label(greeting, style: Theme.live.emphasis)
        greetingLabel.wrapsText = true // two rows: at 40 columns the invitation wraps instead of being cut
        createButton.action = { [weak self] in self?.coordinator?.show(.createAccount) }
        var rows: [(View, Int)] = [
            (greetingLabel, 2),
            (FormLayout.caption("User name"), 1), (usernameField, 1), (FormLayout.gap(), 1),
            (FormLayout.caption("Password"), 1), (passwordField, 1), (FormLayout.gap(), 1),
            (message, 2),
        ]
        if case .teamMembers(let name) = kind {
            usernameField.text = name // the name the connection string gives; the password goes next
        } else {
            rows.append((createButton, 1))
        }
        FormLayout.stack(rows, in: view)
    }

    /// "Welcome back" only when there is an account to come back to; on a team directory, who signs in how.
    var greeting: String {
        if case .teamMembers = kind { return "A team directory: sign in with the name and password its owner gave you." }
        return service.hasAccounts ? "Welcome back. Log in to your switchboard." : "No account yet: ^N creates the first one."
    }

    override var preferredFirstResponder: View? {
        if case .teamMembers(let name) = kind, !name.isEmpty { return passwordField }
        return usernameField
    }

    override var keyCommands: [KeyCommand] {
        if case .teamMembers = kind { return [] } // the owner adds members (switchboard directory add-member)
        return [KeyCommand(.ctrl("n"), title: "Create account") { [weak self] in
            guard let self, !self.isWaiting else { return }
            self.coordinator?.show(.createAccount)
        }]
    }

    /// Whether a sign-in is out (the form is held until it answers).
    private(set) var isWaiting = false {
        didSet {
            for field in [usernameField, passwordField] { field.isHeld = isWaiting }
            createButton.isEnabled = !isWaiting
        }
    }

    /// Says what just happened (an account deleted), until the next edit.
    func show(notice: String) { _ = view; message.textStyle = Theme.live.emphasis; message.text = notice }

    /// The message on screen ("Wrong user name or password.").
    var messageText: String { message.text }

    private var countdown: TUIKit.Timer?

    /// "Try again in 15 s.", counting down each second on the run loop's clock, then saying it can be done.
    private func countDown(from seconds: Int) {
        countdown?.cancel()
        var left = seconds
        message.text = "Too many failed attempts. Try again in \(left) s."
        countdown = scheduler?.every(.seconds(1)) { [weak self] timer in
            guard let self else { timer.cancel(); return }
            left -= 1
            guard self.message.text.hasPrefix("Too many failed attempts.") else { timer.cancel(); return } // typed over
            if left > 0 {
                self.message.text = "Too many failed attempts. Try again in \(left) s."
            } else {
                self.message.text = "You can try again now."
                timer.cancel()
            }
        }
    }

    private func logIn() {
        message.textStyle = Theme.live.error
        guard usernameField.text.contains(where: { !$0.isWhitespace }) else {
            message.text = "Type your user name first."
            view.window?.makeFirstResponder(usernameField)
            return
        }
        guard !isWaiting else { return }
        isWaiting = true
        var answered = false
        service.signIn(username: usernameField.text, password: passwordField.text) { [weak self] outcome in
            answered = true
            self?.signInAnswered(outcome)
        }
        if !answered {
            message.textStyle = Theme.live.emphasis
            message.text = "Signing in…"
        }
    }

    private func signInAnswered(_ outcome: SignInOutcome) {
        message.textStyle = Theme.live.error
        guard case .signedIn(let account) = outcome else { isWaiting = false; return showFailure(outcome) }
        onSignedIn(account) { [weak self] in
            guard let self else { return }
            self.isWaiting = false
            self.message.text = ""
            self.passwordField.text = ""
        }
    }

    private func showFailure(_ outcome: SignInOutcome) {
        switch outcome {
        case .signedIn: break
        case .refused(let text):
            message.text = text
            passwordField.text = ""
            view.window?.makeFirstResponder(passwordField)
        case .throttled(let seconds):
            passwordField.text = "" // typed again once the wait is over, not appended to
            countDown(from: seconds)
        case .failed(let text):
            message.text = text
        }
    }
}
