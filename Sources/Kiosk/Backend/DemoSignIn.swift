import App
import AppServices

/// The kiosk's one account: `demo`, password `demo`. Anything else is
/// refused with a message that says what to type; no account can be made.
@MainActor
final class DemoSignIn: SignInServing {
    static let account = Account(id: 1, username: "demo")
    static let password = "demo"
    static let hint = "In the demo, log in as demo with the password demo."
    private var session: Account?

    func signIn(username: String, password: String) -> SignInOutcome {
        let blank = { (c: Character) in c.isWhitespace && !c.isNewline }
        let name = String(username.drop(while: blank).reversed().drop(while: blank).reversed()).lowercased()
        guard name == Self.account.username, password == Self.password else { return .refused(Self.hint) }
        session = Self.account
        return .signedIn(Self.account)
    }

    func createAccount(username: String, password: String, repeated: String) -> Result<Account, CreateAccountProblem> {
        .failure(CreateAccountProblem(general: "The demo cannot make accounts. " + Self.hint))
    }

    func savedSession() throws(ServiceError) -> Account? { session }

    func signOut() throws(ServiceError) { session = nil }
}
