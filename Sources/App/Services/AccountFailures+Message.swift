import AppServices

public extension AccountCreationFailure {
    /// What to tell the person (App's words).
    var message: String {
        switch self {
        case .usernameTaken(let name): "The user name “\(name)” is taken. Choose another."
        case .service(let error): error.message
        }
    }
}

public extension AccountChangeFailure {
    /// What to tell the person (App's words).
    var message: String {
        switch self {
        case .wrongPassword: "That is not your current password."
        case .noSuchAccount: "This account no longer exists."
        case .service(let error): error.message
        }
    }
}
