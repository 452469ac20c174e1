import AppServices

/// The accounts of an `OutageDirectory`: each call counted, and refused while it is down.
final class OutageAccounts: AccountsService {
    private let inner: AccountsService
    private let directory: OutageDirectory
    init(_ inner: AccountsService, directory: OutageDirectory) {
        self.inner = inner
        self.directory = directory
    }

    func account(named username: String) throws(ServiceError) -> Account? { try directory.reachAccounts(); return try inner.account(named: username) }
    func accountCount() throws(ServiceError) -> Int { try directory.reachAccounts(); return try inner.accountCount() }
    func verify(username: String, password: String) throws(ServiceError) -> Account? {
        try directory.reachAccounts(); return try inner.verify(username: username, password: password)
    }
    func createAccount(username: String, password: String, now: Int64) throws(AccountCreationFailure) -> Account {
        do { try directory.reachAccounts() } catch { throw .service(error) }
        return try inner.createAccount(username: username, password: password, now: now)
    }
    func savedSession() throws(ServiceError) -> Account? { try directory.reachAccounts(); return try inner.savedSession() }
    func signIn(accountID: Int64, now: Int64) throws(ServiceError) { try directory.reachAccounts(); try inner.signIn(accountID: accountID, now: now) }
    func clearSession(now: Int64) throws(ServiceError) { try directory.reachAccounts(); try inner.clearSession(now: now) }
    func failures(for username: String) throws(ServiceError) -> SignInFailures { try directory.reachAccounts(); return try inner.failures(for: username) }
    func recordFailure(for username: String, now: Int64) throws(ServiceError) {
        try directory.reachAccounts(); try inner.recordFailure(for: username, now: now)
    }
    func clearFailures(for username: String) throws(ServiceError) { try directory.reachAccounts(); try inner.clearFailures(for: username) }
    func changePassword(accountID: Int64, current: String, new: String, now: Int64) throws(AccountChangeFailure) {
        do { try directory.reachAccounts() } catch { throw .service(error) }
        try inner.changePassword(accountID: accountID, current: current, new: new, now: now)
    }
    func deleteAccount(accountID: Int64, password: String) throws(AccountChangeFailure) {
        do { try directory.reachAccounts() } catch { throw .service(error) }
        try inner.deleteAccount(accountID: accountID, password: password)
    }
}
