import AppServices

/// Where accounts, failed sign-ins and the saved session are kept: the SQLite file
/// (`AccountStore`) or a shared directory on PostgreSQL (`PostgresAccountStore`, whose
/// session is this machine's). `StoredAccounts` serves either to App.
public protocol AccountStoring: AnyObject {
    func createAccount(username: String, password: String, now: Int64) throws(AccountStore.Failure) -> Account
    func account(named username: String) throws(StorageError) -> (account: Account, hash: String)?
    func account(id: Int64) throws(StorageError) -> Account?
    func verify(username: String, password: String) throws(StorageError) -> Account?
    func accountCount() throws(StorageError) -> Int
    func savedSession() throws(StorageError) -> Account?
    func signIn(accountID: Int64, now: Int64) throws(StorageError)
    func clearSession(now: Int64) throws(StorageError)
    func failures(for username: String) throws(StorageError) -> (count: Int, last: Int64)
    func recordFailure(for username: String, now: Int64) throws(StorageError)
    func clearFailures(for username: String) throws(StorageError)
    func changePassword(accountID: Int64, current: String, new: String, now: Int64) throws(AccountStore.ChangeFailure)
    func deleteAccount(accountID: Int64, password: String) throws(AccountStore.ChangeFailure)
}

extension AccountStore: AccountStoring {}
extension PostgresAccountStore: AccountStoring {}
