import AppServices
import CardDAV

/// Why a sync stopped. Whatever was done before it is kept whole (each step is its own
/// transaction), and the next sync finishes the job.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server, or the way to it (`CardDAVError` says which and what to do).
    case server(CardDAVError)
    /// The data file.
    case storage(ServiceError)
    /// A pull would delete `deleting` of the `of` contacts synced from the address book `book`
    /// (all of them, or over half of more than ten): the address book was emptied, or deleted and
    /// made again, on the server. Nothing was deleted here; `SyncEngine.allowsWipe` lets it go on.
    case wipeRefused(book: String, deleting: Int, of: Int)

    public var description: String {
        switch self {
        case .server(let error): "\(error)"
        case .storage(let error): "the data file: \(error.detail)"
        case .wipeRefused(let book, let deleting, let of):
            "the server's address book “\(book)” no longer has \(deleting == of ? "any" : "\(deleting)") of the \(of) contact\(of == 1 ? "" : "s") "
                + "synced from it (emptied, or deleted and made again, on the server?): none was deleted here, and nothing was sent"
        }
    }
}
