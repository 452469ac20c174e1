import AppServices

/// Why the app could not start.
public enum AppStartupError: Error, Equatable, CustomStringConvertible {
    case service(ServiceError)

    public var description: String {
        switch self {
        case .service(let e): e.description
        }
    }
}
