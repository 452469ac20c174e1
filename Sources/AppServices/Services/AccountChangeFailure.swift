/// Why a password change or an account deletion was refused (App says it: `message`).
public enum AccountChangeFailure: Error, Equatable {
    /// The password given is not the account's.
    case wrongPassword
    /// The account was deleted meanwhile.
    case noSuchAccount
    /// The store failed.
    case service(ServiceError)
}
