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
    /// `signIn(username:password:)` as a job: `deliver` gets the outcome on the main loop, at once
    /// where the accounts answer at once, later where they are on a server (off the main loop).
    func signIn(username: String, password: String, then deliver: @escaping @MainActor (SignInOutcome) -> Void)
    /// `createAccount(username:password:repeated:)` as a job, delivered like `signIn(…then:)`.
    func createAccount(username: String, password: String, repeated: String,
                       then deliver: @escaping @MainActor (Result<Account, CreateAccountProblem>) -> Void)
    /// `signOut()` as a job, delivered like `signIn(…then:)`.
    func signOut(then deliver: @escaping @MainActor (Result<Void, ServiceError>) -> Void)
}

extension SignInServing {
    public var hasAccounts: Bool { true }

    /// Answers at once, on the main loop (a file, the kiosk's memory).
    public func signOut(then deliver: @escaping @MainActor (Result<Void, ServiceError>) -> Void) { signOutAtOnce(then: deliver) }

    /// `signOut()` on the main loop, its outcome handed to `deliver`.
    func signOutAtOnce(then deliver: @escaping @MainActor (Result<Void, ServiceError>) -> Void) {
        do throws(ServiceError) { try signOut(); deliver(.success(())) } catch { deliver(.failure(error)) }
    }

    /// Answers at once, on the main loop (a file, the kiosk's memory).
    public func signIn(username: String, password: String, then deliver: @escaping @MainActor (SignInOutcome) -> Void) {
        deliver(signIn(username: username, password: password))
    }

    /// Answers at once, on the main loop (a file, the kiosk's memory).
    public func createAccount(username: String, password: String, repeated: String,
                              then deliver: @escaping @MainActor (Result<Account, CreateAccountProblem>) -> Void) {
        deliver(createAccount(username: username, password: password, repeated: repeated))
    }
}

/// How a sign-in went.
public enum SignInOutcome: Equatable, Sendable {
    case signedIn(Account)
    /// Wrong name or password (never which).
    case refused(String)
    /// Too many failures: wait this many seconds.
    case throttled(seconds: Int)
    case failed(String)
}

/// Signing in, creating accounts and signing out, with a back-off after
/// repeated failures. A wrong name and a wrong password give the same
/// message and cost the same hashing time. With `work` (a shared directory), signing in and
/// creating an account are jobs on it — the password hash included — and the screen does
/// not wait; without, they answer at once on the main loop.
@MainActor
public final class SignInService: SignInServing {
    public typealias Outcome = SignInOutcome

    public nonisolated static let wrongCredentials = "Wrong user name or password."

    private let accounts: AccountsService
    private let now: () -> Int64
    /// The accounts of the off-main directory, for the `then:` calls (nil: at once, on `accounts`).
    private let work: ServiceWork<AccountsService>?
    /// Whether accounts exist, as read at start (with `work` only: `hasAccounts` then asks nobody).
    private var knownHasAccounts: Bool?
    /// How people sign in here: a demo's refusal says what to type, and it makes no accounts.
    private let kind: SignInKind

    /// `now` gives seconds (the run loop's clock in tests and headless runs).
    public init(accounts: AccountsService, kind: SignInKind = .appAccounts, now: @escaping () -> Int64) {
        self.accounts = accounts
        self.now = now
        self.kind = kind
        work = nil
    }

    /// Signs in and creates accounts through `work` (a server's, off the main loop); `hasAccounts`
    /// is whether any account existed at start (read off the main loop); `accounts` is asked at
    /// once only for the saved session and signing out.
    init(accounts: AccountsService, work: ServiceWork<AccountsService>, hasAccounts: Bool, kind: SignInKind = .appAccounts,
         now: @escaping () -> Int64) {
        self.accounts = accounts
        self.now = now
        self.kind = kind
        self.work = work
        knownHasAccounts = hasAccounts
    }

    /// Seconds to wait after `failures` failures in a row: none for the first
    /// two, then 1, 2, 4 … up to 30.
    public nonisolated static func backoff(afterFailures failures: Int) -> Int {
        failures < 3 ? 0 : min(30, 1 << min(5, failures - 3))
    }

    public var hasAccounts: Bool { knownHasAccounts ?? (((try? accounts.accountCount()) ?? 1) > 0) }

    public func signIn(username: String, password: String) -> Outcome {
        do { return try Self.signIn(on: accounts, username: username, password: password, refusal: refusal, now: now()) } catch {
            return .failed(error.message)
        }
    }

    public func signIn(username: String, password: String, then deliver: @escaping @MainActor (SignInOutcome) -> Void) {
        guard let work else { deliver(signIn(username: username, password: password)); return }
        let now = now(), refusal = refusal
        work.run({ accounts throws(ServiceError) in try Self.signIn(on: accounts, username: username, password: password, refusal: refusal, now: now) },
                 then: { result in
                     switch result {
                     case .success(let outcome): deliver(outcome)
                     case .failure(let error): deliver(.failed(error.message))
                     }
                 })
    }

    /// What a refused sign-in is told: never whether the name or the password was wrong (a demo
    /// says what to type).
    private var refusal: String {
        if case .demo(let hint) = kind { hint } else { Self.wrongCredentials }
    }

    /// Why no account can be made here (a demo), or nil.
    private var noAccountsMade: CreateAccountProblem? {
        if case .demo(let hint) = kind { CreateAccountProblem(general: "The demo cannot make accounts. " + hint) } else { nil }
    }

    /// Signs in on `accounts` (on whichever thread owns them); a store that fails throws.
    nonisolated static func signIn(on accounts: AccountsService, username: String, password: String,
                                   refusal: String = wrongCredentials, now: Int64) throws(ServiceError) -> Outcome {
        let name = username.trimmedSpaces
        let failures = try accounts.failures(for: name)
        let wait = backoff(afterFailures: failures.count) - Int(now - failures.last)
        if failures.count > 0, wait > 0 { return .throttled(seconds: wait) }
        if let account = try accounts.verify(username: name, password: password) {
            try accounts.clearFailures(for: name)
            try accounts.signIn(accountID: account.id, now: now)
            return .signedIn(account)
        }
        try accounts.recordFailure(for: name, now: now)
        return .refused(refusal)
    }

    public func createAccount(username: String, password: String, repeated: String) -> Result<Account, CreateAccountProblem> {
        if let noAccountsMade { return .failure(noAccountsMade) }
        do { return try Self.createAccount(on: accounts, username: username, password: password, repeated: repeated, now: now()) } catch {
            return .failure(CreateAccountProblem(general: error.message))
        }
    }

    public func createAccount(username: String, password: String, repeated: String,
                              then deliver: @escaping @MainActor (Result<Account, CreateAccountProblem>) -> Void) {
        guard let work, noAccountsMade == nil else { deliver(createAccount(username: username, password: password, repeated: repeated)); return }
        // What is wrong with the fields is said at once: only a form that is right goes out.
        if let problem = Self.problem(username: username, password: password, repeated: repeated) { deliver(.failure(problem)); return }
        let now = now()
        work.run({ accounts throws(ServiceError) in
            try Self.createAccount(on: accounts, username: username, password: password, repeated: repeated, now: now)
        }, then: { [weak self] result in
            switch result {
            case .success(let made):
                if case .success = made { self?.knownHasAccounts = true }
                deliver(made)
            case .failure(let error): deliver(.failure(CreateAccountProblem(general: error.message)))
            }
        })
    }

    /// What is wrong with the fields of a Create Account form, or nil when nothing is.
    nonisolated static func problem(username: String, password: String, repeated: String) -> CreateAccountProblem? {
        var problem = CreateAccountProblem()
        problem.username = CredentialRules.problem(withUsername: username.trimmedSpaces)
        problem.password = CredentialRules.problem(withPassword: password)
        if problem.password == nil, password != repeated { problem.repeated = "The passwords differ." }
        return problem.isEmpty ? nil : problem
    }

    /// Makes the account on `accounts` (on whichever thread owns them): the fields' problems and a
    /// taken name are a `.failure`; a store that fails throws.
    nonisolated static func createAccount(on accounts: AccountsService, username: String, password: String, repeated: String,
                                          now: Int64) throws(ServiceError) -> Result<Account, CreateAccountProblem> {
        if let problem = problem(username: username, password: password, repeated: repeated) { return .failure(problem) }
        do {
            return .success(try accounts.createAccount(username: username.trimmedSpaces, password: password, now: now))
        } catch {
            switch error {
            case .usernameTaken: return .failure(CreateAccountProblem(username: error.message))
            case .service(let e): throw e
            }
        }
    }

    public func savedSession() throws(ServiceError) -> Account? { try accounts.savedSession() }

    public func signOut() throws(ServiceError) { try accounts.clearSession(now: now()) }

    /// On a server, through `work` (the "signed out" event is written there; the session file is this machine's).
    public func signOut(then deliver: @escaping @MainActor (Result<Void, ServiceError>) -> Void) {
        guard let work else { signOutAtOnce(then: deliver); return }
        let at = now()
        work.run({ accounts throws(ServiceError) in try accounts.clearSession(now: at) }, then: deliver)
    }
}

/// What is wrong with a Create Account form, field by field.
public struct CreateAccountProblem: Error, Equatable, Sendable {
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
