/// Why a CardDAV request did not do what was asked, in words a person can act on
/// (`description`). `url` is the address asked, never with a password in it.
public enum CardDAVError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libcurl or libxml2 could not be opened (`file`, and dlopen's words).
    case libraryMissing(file: String, detail: String)
    /// The address is not an http:// or https:// URL libcurl can read.
    case invalidURL(String)
    /// The server's host name does not resolve.
    case hostNotFound(url: String, detail: String)
    /// Nothing accepts connections at the address (connection refused, no route).
    case connectionRefused(url: String, detail: String)
    /// The server took too long to connect or stopped sending (connect or low-speed timeout).
    case timedOut(url: String, detail: String)
    /// The connection broke during the request (nothing or part of an answer came).
    case connectionDropped(url: String, detail: String)
    /// The server's TLS certificate did not verify against the system's CAs or the CA file given.
    case tlsVerificationFailed(url: String, detail: String)
    /// The CA file given (`--ca-file`) cannot be read as PEM certificates.
    case caFileUnreadable(path: String, detail: String)
    /// HTTP 401: the user name or password was refused.
    case unauthorized(url: String)
    /// HTTP 403: signed in, but not allowed to do this here.
    case forbidden(url: String)
    /// HTTP 404 (or 410): nothing at this address.
    case notFound(url: String)
    /// HTTP 412: the card or collection was changed (or created) on the server since it was read.
    case changedOnServer(url: String)
    /// HTTP 507: the server has no room left (a quota).
    case insufficientStorage(url: String)
    /// The server no longer knows the sync-token given (RFC 6578 DAV:valid-sync-token): a full
    /// comparison of etags is needed.
    case syncTokenExpired(url: String)
    /// Redirects went on longer than makes sense, or went from https to http.
    case badRedirect(url: String, detail: String)
    /// Any other HTTP status the request does not expect.
    case unexpectedStatus(url: String, status: Int, method: String)
    /// The answer is not the XML (a WebDAV multistatus) the request expects.
    case malformedAnswer(url: String, detail: String)
    /// No CardDAV address book home could be found from the address given.
    case notCardDAV(url: String, detail: String)
    /// Anything else libcurl reported (its code and words).
    case transferFailed(url: String, code: Int, detail: String)
    /// One of the limits a person sets (`CardDAVLimits`: a timeout, the size of an answer) was
    /// reached, and the request stopped there; nothing half-read is acted on.
    case limitReached(url: String, limit: CardDAVLimit)

    public var description: String {
        switch self {
        case let .libraryMissing(file, detail):
            return "\(file) could not be loaded (\(detail)). Install it (Debian and Ubuntu: apt-get install \(file.hasPrefix("libcurl") ? "libcurl4" : "libxml2")) to sync with a CardDAV server."
        case let .invalidURL(url):
            return "“\(url)” is not an address a CardDAV server can have: give an http:// or https:// URL, such as https://dav.example.com/."
        case let .hostNotFound(url, detail):
            return "The server's name in \(url) is not known (\(detail)). Check the spelling of the address and the network."
        case let .connectionRefused(url, detail):
            return "Nothing answers at \(url) (\(detail)). Is the server running, and are the host and port right?"
        case let .timedOut(url, detail):
            return "\(url) did not answer in time (\(detail)). The server or the network is slow or down; nothing half-done was kept, try again later."
        case let .connectionDropped(url, detail):
            return "The connection to \(url) broke during the request (\(detail)). Nothing half-done was kept; try again."
        case let .tlsVerificationFailed(url, detail):
            return "\(url) could not be trusted: its TLS certificate did not check out (\(detail)). If the server uses its own CA, name that CA's certificate with --ca-file PEM."
        case let .caFileUnreadable(path, detail):
            return "The CA file \(path) could not be read as PEM certificates (\(detail)). Check the path given to --ca-file."
        case let .unauthorized(url):
            return "\(url) refused the user name or password (HTTP 401). Check --username and the password (or what --password-command prints)."
        case let .forbidden(url):
            return "\(url) does not let this account do that (HTTP 403). Check that the address book is this account's own, or ask the server's admin for access."
        case let .notFound(url):
            return "There is nothing at \(url) (HTTP 404): the address book or card is gone, or the address is wrong."
        case let .changedOnServer(url):
            return "\(url) was changed on the server since it was read (HTTP 412): nothing was overwritten; sync again to read the server's version first."
        case let .insufficientStorage(url):
            return "The server has no room left for \(url) (HTTP 507: its quota is full). Free some space on the server, then sync again."
        case let .syncTokenExpired(url):
            return "\(url) no longer knows the last sync's token: every card's etag is compared instead."
        case let .badRedirect(url, detail):
            return "\(url) redirected badly (\(detail)). Give the server's CardDAV address itself."
        case let .unexpectedStatus(url, status, method):
            return "\(url) answered \(method) with HTTP \(status), which a CardDAV server should not. Is this a CardDAV address?"
        case let .malformedAnswer(url, detail):
            return "\(url) sent an answer that is not the WebDAV XML expected (\(detail)). Is this a CardDAV address?"
        case let .notCardDAV(url, detail):
            return "No CardDAV address books were found from \(url) (\(detail)). Give the address book's own URL, or the server's CardDAV address."
        case let .transferFailed(url, code, detail):
            return "The request to \(url) failed (libcurl error \(code): \(detail))."
        case let .limitReached(url, limit):
            return "\(url) \(limit.happened). Nothing half-read was kept. \(limit.advice)"
        }
    }

    /// The error an HTTP status means for `method` on `url`, nil for a success (2xx) — or for
    /// one the caller handles itself.
    static func forStatus(_ status: Int, method: String, url: String) -> CardDAVError? {
        switch status {
        case 200..<300: return nil
        case 401: return .unauthorized(url: url)
        case 403: return .forbidden(url: url)
        case 404, 410: return .notFound(url: url)
        case 412: return .changedOnServer(url: url)
        case 507: return .insufficientStorage(url: url)
        default: return .unexpectedStatus(url: url, status: status, method: method)
        }
    }
}
