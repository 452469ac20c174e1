import AppServices

/// Why the app could not start.
public enum AppStartupError: Error, Equatable, CustomStringConvertible {
    case service(ServiceError)

    /// Whether trying again later may work: a server that did not answer (down, restarting, the
    /// network away); not a refusal, damage, or a library or extension that is missing.
    public var isWorthRetrying: Bool {
        switch self {
        case .service(let e):
            e.kind == .unavailable && e.isOnServer
                && ![.clientLibraryMissing, .extensionMissing, .folderNotWritable].contains(e.code)
        }
    }

    public var description: String {
        switch self {
        case .service(let e): e.message
        }
    }
}
