import AppServices
import TUIKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// "Create Account": user name and password twice, with the rules shown and
/// a message beside each field that is wrong. Nothing is stored until all is right. On a
/// shared directory the account is made by a job off the main loop: "Creating your account…"
/// until it answers, the form held meanwhile.
@MainActor
final class CreateAccountViewController: ViewController {
    private let service: SignInServing
    private let onCreated: (Account, @escaping @MainActor () -> Void) -> Void
    let usernameField = FormTextField(placeholder: "user name")
    let passwordField = FormTextField(placeholder: "at least 8 characters")
    let repeatField = FormTextField(placeholder: "the same again")
    private let general = Label("")

    /// Where the data will live, said on a first run (nil: not said).
    private let firstRunPlace: String?

    /// - Parameter onCreated: told who was made (and signed in), and what to call once the home is on its way.
    init(service: SignInServing, dataPlace: String? = nil, onCreated: @escaping (Account, @escaping @MainActor () -> Void) -> Void) {
        self.service = service
        self.firstRunPlace = service.hasAccounts ? nil : dataPlace.map(Self.abbreviatingHome)
        self.onCreated = onCreated
        super.init()
    }

    override func viewDidLoad() {
        title = "Create Account"
        view.style = Theme.live.base
        navigationItem.setRightBarButton(BarButtonItem(title: "Create", key: .ctrl("s")) { [weak self] in self?.create() })
        for field in [passwordField, repeatField] { field.isSecureTextEntry = true; field.maxLength = 128 }
        usernameField.maxLength = 64
        for field in [usernameField, passwordField, repeatField] { field.onChange = { [weak self] _ in self?.general.text = "" } }
        usernameField.onSubmit = { [weak self] _ in self?.view.window?.makeFirstResponder(self?.passwordField) }
        passwordField.onSubmit = { [weak self] _ in self?.view.window?.makeFirstResponder(self?.repeatField) }
        repeatField.onSubmit = { [weak self] _ in self?.create() }
        general.textStyle = Theme.live.error
        let createButton = Button(title: "Create account") { [weak self] in self?.create() }
        let welcome: [(view: View, height: Int)] = firstRunPlace.map { place in
            let intro = Label("Welcome! Create the first account (Esc: Log In).", style: Theme.live.emphasis)
            intro.wrapsText = true
            // A server (a shared directory) is named as it is; it has no folder or file.
            guard place.hasPrefix("/") || place.hasPrefix("~") || place.hasPrefix(".") else {
                let server = Label(place, style: Theme.live.secondary)
                server.wrapsText = true
                return [(intro, 2), (Label("Your data will live on the server", style: Theme.live.secondary), 1),
                        (server, 2), (FormLayout.gap(), 1)]
            }
            // Folder and file on rows of their own, so a narrow screen cuts neither in the middle.
            let slash = place.lastIndex(of: "/")
            let folder = slash.map { String(place[..<$0]) } ?? "."
            let file = slash.map { String(place[place.index(after: $0)...]) } ?? place
            return [(intro, 2), (Label("Your data will live in the folder", style: Theme.live.secondary), 1),
                    (Label("  " + folder, style: Theme.live.secondary), 1),
                    (Label("in the file \(file)", style: Theme.live.secondary), 1), (FormLayout.gap(), 1)]
        } ?? []
        let usernameRule = Label(CredentialRules.usernameRule, style: Theme.live.secondary)
        usernameRule.wrapsText = true // two rows on a narrow screen: which characters are allowed matters
        FormLayout.stack(welcome + [
            (usernameRule, 2),
            (Label(CredentialRules.passwordRule, style: Theme.live.secondary), 1), (FormLayout.gap(), 1),
            (FormLayout.caption("User name"), 1), (usernameField, 2),
            (FormLayout.caption("Password"), 1), (passwordField, 2),
            (FormLayout.caption("Password again"), 1), (repeatField, 2),
            (general, 1), (createButton, 1),
        ], in: view, width: 62)
    }

    /// Says what just happened (an account deleted), until the next edit.
    func show(notice: String) { _ = view; general.textStyle = Theme.live.emphasis; general.text = notice }

    /// "/home/ada/.local/…" → "~/.local/…".
    static func abbreviatingHome(_ path: String) -> String {
        guard let home = getenv("HOME").map({ String(cString: $0) }), home.count > 1, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    override var preferredFirstResponder: View? { usernameField }

    /// Whether the account is being made (the form is held until the answer).
    private(set) var isWaiting = false {
        didSet { for field in [usernameField, passwordField, repeatField] { field.isHeld = isWaiting } }
    }

    private func create() {
        guard !isWaiting else { return }
        general.textStyle = Theme.live.error
        isWaiting = true
        var answered = false
        service.createAccount(username: usernameField.text, password: passwordField.text, repeated: repeatField.text) { result in
            answered = true
            self.created(result) // held until the answer: an account made after Esc still signs in
        }
        if !answered {
            general.textStyle = Theme.live.emphasis
            general.text = "Creating your account…"
        }
    }

    private func created(_ result: Result<Account, CreateAccountProblem>) {
        general.textStyle = Theme.live.error
        switch result {
        case .success(let account):
            onCreated(account) { [weak self] in self?.isWaiting = false }
        case .failure(let problem):
            isWaiting = false
            usernameField.validationMessage = problem.username
            passwordField.validationMessage = problem.password
            repeatField.validationMessage = problem.repeated
            // Masked text cannot be seen to be fixed: both passwords are typed again from empty.
            if problem.password != nil || problem.repeated != nil { passwordField.text = ""; repeatField.text = "" }
            general.text = problem.general ?? ""
            let firstBad = problem.username != nil ? usernameField : passwordField
            view.window?.makeFirstResponder(firstBad)
        }
    }
}
