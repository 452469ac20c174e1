import AppServices

/// What the login flow asks of whoever keeps the accounts: the SQLite file's
/// `SignInService`, or the kiosk's demo account.
@MainActor
public protocol SignInServing: AnyObject {
    /// Checks a name and password; signed in, the session is saved.
    func signIn(username: String, password: String) -> SignInOutcome
    /// Makes an account (and signs it in), or says what is wrong with which field.
    func createAccount(username: String, password: String, repeated: String) -> Result<Account, CreateAccountProblem>
    /// The saved session's account, if any.
    func savedSession() throws(ServiceError) -> Account?
    /// Clears the saved session.
    func signOut() throws(ServiceError)
    /// Whether any account exists (false on a first run: the app invites to create one).
    var hasAccounts: Bool { get }
}

extension SignInServing {
    public var hasAccounts: Bool { true }
}

/// How a sign-in went.
public enum SignInOutcome: Equatable {
    case signedIn(Account)
    /// Wrong name or password (never which).
    case refused(String)
    /// Too many failures: wait this many seconds.
    case throttled(seconds: Int)
    case failed(String)
}

/// Signing in, creating accounts and signing out, with a back-off after
/// repeated failures. A wrong name and a wrong password give the same
/// message and cost the same hashing time.
@MainActor
public final class SignInService: SignInServing {
    public typealias Outcome = SignInOutcome

    public static let wrongCredentials = "Wrong user name or password."

    private let accounts: AccountsService
    private let now: () -> Int64

    /// `now` gives seconds (the run loop's clock in tests and headless runs).
    public init(accounts: AccountsService, now: @escaping () -> Int64) {
        self.accounts = accounts
        self.now = now
    }

    /// Seconds to wait after `failures` failures in a row: none for the first
    /// two, then 1, 2, 4 … up to 30.
    public static func backoff(afterFailures failures: Int) -> Int {
        failures < 3 ? 0 : min(30, 1 << min(5, failures - 3))
    }

    public var hasAccounts: Bool { ((try? accounts.accountCount()) ?? 1) > 0 }

    public func signIn(username: String, password: String) -> Outcome {
        let name = username.trimmedSpaces
        do {
            let failures = try accounts.failures(for: name)
            let wait = Self.backoff(afterFailures: failures.count) - Int(now() - failures.last)
            if failures.count > 0, wait > 0 { return .throttled(seconds: wait) }
            if let account = try accounts.verify(username: name, password: password) {
                try accounts.clearFailures(for: name)
                try accounts.signIn(accountID: account.id, now: now())
                return .signedIn(account)
            }
            try accounts.recordFailure(for: name, now: now())
            return .refused(Self.wrongCredentials)
        } catch {
            return .failed(error.description)
        }
    }

    public func createAccount(username: String, password: String, repeated: String) -> Result<Account, CreateAccountProblem> {
        let name = username.trimmedSpaces
        var problem = CreateAccountProblem()
        problem.username = CredentialRules.problem(withUsername: name)
        problem.password = CredentialRules.problem(withPassword: password)
        if problem.password == nil, password != repeated { problem.repeated = "The passwords differ." }
        guard problem.isEmpty else { return .failure(problem) }
        do {
            return .success(try accounts.createAccount(username: name, password: password, now: now()))
        } catch {
            switch error {
            case .usernameTaken: problem.username = error.description
            case .service(let e): problem.general = e.description
            }
            return .failure(problem)
        }
    }

    public func savedSession() throws(ServiceError) -> Account? { try accounts.savedSession() }

    public func signOut() throws(ServiceError) { try accounts.clearSession(now: now()) }
}

/// What is wrong with a Create Account form, field by field.
public struct CreateAccountProblem: Error, Equatable {
    public init(username: String? = nil, password: String? = nil, repeated: String? = nil, general: String? = nil) {
        self.username = username
        self.password = password
        self.repeated = repeated
        self.general = general
    }

    public var username: String?
    public var password: String?
    public var repeated: String?
    public var general: String?
    public var isEmpty: Bool { username == nil && password == nil && repeated == nil && general == nil }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmedSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
