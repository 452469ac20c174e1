/// Why a password change or an account deletion was refused.
public enum AccountChangeFailure: Error, Equatable, CustomStringConvertible {
    /// The password given is not the account's.
    case wrongPassword
    /// The account was deleted meanwhile.
    case noSuchAccount
    /// The store failed.
    case service(ServiceError)

    public var description: String {
        switch self {
        case .wrongPassword: "That is not your current password."
        case .noSuchAccount: "This account no longer exists."
        case .service(let error): error.description
        }
    }
}
