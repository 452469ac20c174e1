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

public extension SyncError {
    /// The failure as the app and the data keep it (`SyncFailure`: values, the sentence made where shown).
    var failure: SyncFailure {
        switch self {
        case .server(let error): .server(error.failure)
        case .storage(let error): .storage(error)
        case .wipeRefused(let book, let deleting, let of): .wipeRefused(book: book, deleting: deleting, of: of)
        }
    }
}

public extension CardDAVError {
    /// What went wrong, as the app can act on it, with CardDAV's words (`description`) beside.
    var failure: SyncServerFailure {
        let kind: SyncServerFailure.Kind
        var url = ""
        var status: Int?
        switch self {
        case .libraryMissing: kind = .libraryMissing
        case .invalidURL(let address): kind = .notCardDAV; url = address
        case .hostNotFound(let u, _), .connectionRefused(let u, _), .notHTTP(let u, _): kind = .unreachable; url = u
        case .timedOut(let u, _): kind = .timedOut; url = u
        case .limitReached(let u, _): kind = .timedOut; url = u
        case .connectionDropped(let u, _): kind = .connectionDropped; url = u
        case .tlsVerificationFailed(let u, _): kind = .untrusted; url = u
        case .caFileUnreadable: kind = .untrusted
        case .unauthorized(let u): kind = .unauthorized; url = u; status = 401
        case .forbidden(let u): kind = .forbidden; url = u; status = 403
        case .notFound(let u): kind = .notFound; url = u; status = 404
        case .changedOnServer(let u): kind = .changedOnServer; url = u; status = 412
        case .insufficientStorage(let u): kind = .insufficientStorage; url = u; status = 507
        case .syncTokenExpired(let u): kind = .failed; url = u
        case .badRedirect(let u, _), .malformedAnswer(let u, _), .notCardDAV(let u, _): kind = .notCardDAV; url = u
        case .unexpectedStatus(let u, let code, _): kind = .failed; url = u; status = code
        case .transferFailed(let u, _, _): kind = .failed; url = u
        }
        return SyncServerFailure(kind, url: url, status: status, detail: description)
    }
}
