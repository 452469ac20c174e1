import AppServices

/// The kiosk's one account: `demo`, password `demo`. Anything else is refused (the app's sign-in
/// then says `hint`: what to type); no account can be made, changed or deleted, and nothing is
/// counted against a name.
final class DemoAccounts: AccountsService {
    static let account = Account(id: 1, username: "demo")
    static let password = "demo"
    static let hint = "In the demo, log in as demo with the password demo."
    private var session: Account?

    func accountCount() throws(ServiceError) -> Int { 1 }

    func account(named username: String) throws(ServiceError) -> Account? {
        username.lowercased() == Self.account.username ? Self.account : nil
    }

    func verify(username: String, password: String) throws(ServiceError) -> Account? {
        password == Self.password ? try account(named: username) : nil
    }

    func createAccount(username: String, password: String, now: Int64) throws(AccountCreationFailure) -> Account {
        throw .service(Self.nothingStored)
    }

    func savedSession() throws(ServiceError) -> Account? { session }
    func signIn(accountID: Int64, now: Int64) throws(ServiceError) { session = Self.account }
    func clearSession(now: Int64) throws(ServiceError) { session = nil }
    func failures(for username: String) throws(ServiceError) -> SignInFailures { SignInFailures(count: 0, last: 0) }
    func recordFailure(for username: String, now: Int64) throws(ServiceError) {}
    func clearFailures(for username: String) throws(ServiceError) {}

    func changePassword(accountID: Int64, current: String, new: String, now: Int64) throws(AccountChangeFailure) {
        throw .service(Self.nothingStored)
    }

    func deleteAccount(accountID: Int64, password: String) throws(AccountChangeFailure) {
        throw .service(Self.nothingStored)
    }

    private static let nothingStored = ServiceError(.refused, place: .memory, detail: "the demo has no real accounts: nothing is stored")
}
