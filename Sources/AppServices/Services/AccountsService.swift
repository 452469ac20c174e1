/// Accounts as the sign-in flow and the account settings need them: checking
/// passwords, the failures that throttle guessing, the saved session, and the
/// two changes a person makes to their own account.
public protocol AccountsService: AnyObject {
    /// How many accounts there are (the first run has none).
    func accountCount() throws(ServiceError) -> Int
    /// The account of a user name (compared without case), or nil.
    func account(named username: String) throws(ServiceError) -> Account?
    /// The account when the password is its own; nil otherwise (an unknown name too).
    func verify(username: String, password: String) throws(ServiceError) -> Account?
    /// Makes an account and signs it in.
    func createAccount(username: String, password: String, now: Int64) throws(AccountCreationFailure) -> Account
    /// The account signed in when the app last closed, if any.
    func savedSession() throws(ServiceError) -> Account?
    /// Saves `accountID` as signed in (the next start goes straight to main).
    func signIn(accountID: Int64, now: Int64) throws(ServiceError)
    /// Forgets the saved session (log out).
    func clearSession(now: Int64) throws(ServiceError)
    /// Failed sign-ins for a user name since its last success.
    func failures(for username: String) throws(ServiceError) -> SignInFailures
    /// Counts one more failed sign-in.
    func recordFailure(for username: String, now: Int64) throws(ServiceError)
    /// Forgets the failures after a success.
    func clearFailures(for username: String) throws(ServiceError)
    /// Replaces the password after checking the current one.
    func changePassword(accountID: Int64, current: String, new: String, now: Int64) throws(AccountChangeFailure)
    /// Deletes the account and everything it owns, after checking its password.
    func deleteAccount(accountID: Int64, password: String) throws(AccountChangeFailure)
}
