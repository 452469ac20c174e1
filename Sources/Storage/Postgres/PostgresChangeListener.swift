#if canImport(Glibc)
import Glibc
#endif

/// Hears which accounts another client changed: every change to an account's data in a
/// shared directory writes an activity event, and with it `pg_notify('switchboard:<schema>',
/// account id)`, which the server delivers when (and only if) the change commits — once per
/// transaction. Notifications are per database, so the channel names the directory's schema:
/// two directories in one database do not hear each other. A listener keeps its own
/// connection; its socket can be waited on with the terminal's input, or polled with a zero timeout.
public final class PostgresChangeListener {
    /// Every change is announced on this followed by the directory's schema.
    static let channelPrefix = "switchboard:"

    private let connection: PostgresConnection
    private let channel: String
    private let listen: String
    /// True once the listener had to connect again (the server restarted, the network broke):
    /// what changed meanwhile was not announced to it, so whoever shows data reads it all again.
    /// Cleared by `takeMissedChanges()`.
    public private(set) var mayHaveMissedChanges = false

    public init(uri: String) throws(StorageError) {
        connection = try PostgresConnection(uri: uri)
        let rows = try connection.execute("SELECT $1 || current_schema(), quote_ident($1 || current_schema())", [Self.channelPrefix])
        channel = rows.text(0, 0)
        listen = "LISTEN \(rows.text(0, 1))"
        try connection.executeScript(listen)
    }

    /// The server's process id for the listener's connection (tests end it).
    public var backendPID: Int32 { connection.backendPID }

    /// Whether changes may have gone unheard since the last call; clears the mark.
    public func takeMissedChanges() -> Bool {
        defer { mayHaveMissedChanges = false }
        return mayHaveMissedChanges
    }

    /// After a lost connection: connect and listen again (marking that changes may have been missed).
    private func listenAgainIfLost() {
        guard !connection.isConnected else { return }
        if (try? connection.executeScript(listen)) != nil { mayHaveMissedChanges = true }
    }

    /// The socket to wait on for announcements.
    public var socket: Int32 { connection.socket }

    /// The accounts announced as changed, waiting up to `timeoutMilliseconds` for the first
    /// (0: only what has arrived already). Empty when nothing came in time. A lost connection
    /// is made again (see `mayHaveMissedChanges`).
    public func changedAccounts(waitingUpTo timeoutMilliseconds: Int32 = 0) -> Set<Int64> {
        listenAgainIfLost()
        var changed = accounts(in: connection.notifications())
        if changed.isEmpty, timeoutMilliseconds > 0, connection.isConnected {
            var fd = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            if poll(&fd, 1, timeoutMilliseconds) > 0 { changed = accounts(in: connection.notifications()) }
        }
        listenAgainIfLost()
        return changed
    }

    private func accounts(in notes: [(channel: String, payload: String)]) -> Set<Int64> {
        Set(notes.filter { $0.channel == channel }.compactMap { Int64($0.payload) })
    }
}
