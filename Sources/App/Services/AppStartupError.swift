import Storage

/// Why the app could not start.
public enum AppStartupError: Error, Equatable, CustomStringConvertible {
    case storage(StorageError)

    public var description: String {
        switch self {
        case .storage(let e): e.description
        }
    }
}
