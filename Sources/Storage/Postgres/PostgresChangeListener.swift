#if canImport(Glibc)
import Glibc
#endif

/// Hears which accounts another client changed: every change to an account's data in a
/// shared directory writes an activity event, and with it `pg_notify('switchboard', account id)`,
/// which the server delivers when (and only if) the change commits — once per transaction.
/// A listener keeps its own connection (`LISTEN switchboard`); its socket can be waited on
/// with the terminal's input, or polled with a zero timeout.
public final class PostgresChangeListener {
    /// The channel every change is announced on.
    static let channel = "switchboard"

    private let connection: PostgresConnection

    public init(uri: String) throws(StorageError) {
        connection = try PostgresConnection(uri: uri)
        try connection.executeScript("LISTEN \(Self.channel)")
    }

    /// The socket to wait on for announcements.
    public var socket: Int32 { connection.socket }

    /// The accounts announced as changed, waiting up to `timeoutMilliseconds` for the first
    /// (0: only what has arrived already). Empty when nothing came in time.
    public func changedAccounts(waitingUpTo timeoutMilliseconds: Int32 = 0) -> Set<Int64> {
        var changed = Self.accounts(in: connection.notifications())
        if changed.isEmpty, timeoutMilliseconds > 0 {
            var fd = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            if poll(&fd, 1, timeoutMilliseconds) > 0 { changed = Self.accounts(in: connection.notifications()) }
        }
        return changed
    }

    private static func accounts(in notes: [(channel: String, payload: String)]) -> Set<Int64> {
        Set(notes.filter { $0.channel == channel }.compactMap { Int64($0.payload) })
    }
}
