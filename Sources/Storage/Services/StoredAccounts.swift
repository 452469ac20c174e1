import AppServices

/// The account store as App's accounts service.
public final class StoredAccounts: AccountsService {
    private let store: any AccountStoring

    public init(_ store: any AccountStoring) { self.store = store }

    public func accountCount() throws(ServiceError) -> Int {
        try serving { () throws(StorageError) in try store.accountCount() }
    }

    public func verify(username: String, password: String) throws(ServiceError) -> Account? {
        try serving { () throws(StorageError) in try store.verify(username: username, password: password) }
    }

    public func createAccount(username: String, password: String, now: Int64) throws(AccountCreationFailure) -> Account {
        do {
            return try store.createAccount(username: username, password: password, now: now)
        } catch {
            switch error {
            case .usernameTaken(let name): throw .usernameTaken(name)
            case .storage(let e): throw .service(e.serviceError)
            }
        }
    }

    public func savedSession() throws(ServiceError) -> Account? {
        try serving { () throws(StorageError) in try store.savedSession() }
    }

    public func signIn(accountID: Int64, now: Int64) throws(ServiceError) {
        try serving { () throws(StorageError) in try store.signIn(accountID: accountID, now: now) }
    }

    public func clearSession(now: Int64) throws(ServiceError) {
        try serving { () throws(StorageError) in try store.clearSession(now: now) }
    }

    public func failures(for username: String) throws(ServiceError) -> SignInFailures {
        let (count, last) = try serving { () throws(StorageError) in try store.failures(for: username) }
        return SignInFailures(count: count, last: last)
    }

    public func recordFailure(for username: String, now: Int64) throws(ServiceError) {
        try serving { () throws(StorageError) in try store.recordFailure(for: username, now: now) }
    }

    public func clearFailures(for username: String) throws(ServiceError) {
        try serving { () throws(StorageError) in try store.clearFailures(for: username) }
    }

    public func changePassword(accountID: Int64, current: String, new: String, now: Int64) throws(AccountChangeFailure) {
        do { try store.changePassword(accountID: accountID, current: current, new: new, now: now) } catch { throw Self.change(error) }
    }

    public func deleteAccount(accountID: Int64, password: String) throws(AccountChangeFailure) {
        do { try store.deleteAccount(accountID: accountID, password: password) } catch { throw Self.change(error) }
    }

    private static func change(_ failure: AccountStore.ChangeFailure) -> AccountChangeFailure {
        switch failure {
        case .wrongPassword: .wrongPassword
        case .noSuchAccount: .noSuchAccount
        case .storage(let e): .service(e.serviceError)
        }
    }
}
