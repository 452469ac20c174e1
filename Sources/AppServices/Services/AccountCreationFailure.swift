/// Why a new account was not made (App says it: `message`).
public enum AccountCreationFailure: Error, Equatable {
    /// Another account has this user name (compared without case).
    case usernameTaken(String)
    /// The store failed.
    case service(ServiceError)
}
