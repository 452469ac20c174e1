import AppServices
import CardDAV

/// Why a sync stopped. Whatever was done before it is kept whole (each step is its own
/// transaction), and the next sync finishes the job.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server, or the way to it (`CardDAVError` says which and what to do).
    case server(CardDAVError)
    /// The data file.
    case storage(ServiceError)

    public var description: String {
        switch self {
        case .server(let error): "\(error)"
        case .storage(let error): "the data file: \(error.detail)"
        }
    }
}
