/// Why a service could not do what a screen asked: App's own error, whatever
/// store is behind the service (a file, a server, memory). Its text says what
/// is wrong and what to do; screens show it as it is.
public enum ServiceError: Error, Equatable, CustomStringConvertible {
    /// The data cannot be opened or read (damaged, another program's, written by a newer build, out of reach).
    case unavailable(String)
    /// Someone else holds the data for now; trying again later may work.
    case busy(String)
    /// The data can be read but not changed, so nothing was saved.
    case readOnly(String)
    /// Anything else the store reported.
    case failed(String)

    /// What to tell the person.
    public var description: String {
        switch self {
        case .unavailable(let message), .busy(let message), .readOnly(let message), .failed(let message): message
        }
    }
}
