import AppServices

/// The accounts of a `ThreadRecordingDirectory`: each call noted with its thread.
public final class RecordedAccounts: AccountsService {
    private let inner: AccountsService
    private let log: DirectoryCallLog
    public init(_ inner: AccountsService, log: DirectoryCallLog) {
        self.inner = inner
        self.log = log
    }

    public func account(named username: String) throws(ServiceError) -> Account? { log.note(); return try inner.account(named: username) }
    public func accountCount() throws(ServiceError) -> Int { log.note(); return try inner.accountCount() }
    public func verify(username: String, password: String) throws(ServiceError) -> Account? { log.note(); return try inner.verify(username: username, password: password) }
    public func createAccount(username: String, password: String, now: Int64) throws(AccountCreationFailure) -> Account {
        log.note(); return try inner.createAccount(username: username, password: password, now: now)
    }
    public func savedSession() throws(ServiceError) -> Account? { log.note(); return try inner.savedSession() }
    public func signIn(accountID: Int64, now: Int64) throws(ServiceError) { log.note(); try inner.signIn(accountID: accountID, now: now) }
    public func clearSession(now: Int64) throws(ServiceError) { log.note(); try inner.clearSession(now: now) }
    public func failures(for username: String) throws(ServiceError) -> SignInFailures { log.note(); return try inner.failures(for: username) }
    public func recordFailure(for username: String, now: Int64) throws(ServiceError) { log.note(); try inner.recordFailure(for: username, now: now) }
    public func clearFailures(for username: String) throws(ServiceError) { log.note(); try inner.clearFailures(for: username) }
    public func changePassword(accountID: Int64, current: String, new: String, now: Int64) throws(AccountChangeFailure) {
        log.note(); try inner.changePassword(accountID: accountID, current: current, new: new, now: now)
    }
    public func deleteAccount(accountID: Int64, password: String) throws(AccountChangeFailure) { log.note(); try inner.deleteAccount(accountID: accountID, password: password) }
}
