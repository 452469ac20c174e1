/// Why a new account was not made.
public enum AccountCreationFailure: Error, Equatable, CustomStringConvertible {
    /// Another account has this user name (compared without case).
    case usernameTaken(String)
    /// The store failed.
    case service(ServiceError)

    public var description: String {
        switch self {
        case .usernameTaken(let name): "The user name “\(name)” is taken. Choose another."
        case .service(let error): error.description
        }
    }
}
