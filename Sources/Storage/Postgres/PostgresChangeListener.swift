#if canImport(Glibc)
import AppServices
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hears which accounts another client changed: every change to an account's data in a
/// shared directory writes an activity event, and with it `pg_notify('switchboard:<schema>',
/// account id)` (a team member's own book: `switchboard:<its secret key>`, see `PostgresTeamGuards`),
/// which the server delivers when (and only if) the change commits — once per transaction.
/// Notifications are per database, so the channel names the directory's schema: two directories
/// in one database do not hear each other. A listener keeps its own
/// connection; its socket can be waited on with the terminal's input, or polled with a zero timeout.
///
/// `@unchecked Sendable`: a C-interop cell around a libpq connection, guarded by a pthread mutex
/// (the main loop only tries it; a reconnecting thread holds it), which the compiler cannot see.
public final class PostgresChangeListener: @unchecked Sendable {
    /// Every change is announced on this followed by the directory's schema.
    static let channelPrefix = "switchboard:"
    private let connection: PostgresConnection
    /// The channels listened to: the directory's, and on a team's directory the signed-in member's own.
    private let channels: Set<String>
    private let listen: String
    /// Guards the connection and the marks below: the main loop only ever tries it (a look
    /// never waits), a thread of its own holds it while connecting again.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// A thread is connecting again.
    private var reconnecting = false
    private var missed = false

    public init(uri: String, signIn: PostgresSignIn? = nil) throws(ServiceError) {
        connection = try PostgresConnection(uri: uri, signIn: signIn)
        // A member's own book is announced on a channel named by a secret of their account (schema
        // step 21), which no other member can read: the directory's channel carries only the team book's.
        let rows = try connection.execute("""
            SELECT $1 || current_schema(), quote_ident($1 || current_schema()), $1 || a.notify_key, quote_ident($1 || a.notify_key)
            FROM (SELECT 1) one LEFT JOIN accounts a ON a.role_name = current_user
            """, [Self.channelPrefix])
        var channels: Set<String> = [rows.text(0, 0)]
        var listen = "LISTEN \(rows.text(0, 1))"
        if !rows.isNull(0, 2) {
            channels.insert(rows.text(0, 2))
            listen += "; LISTEN \(rows.text(0, 3))"
        }
        self.channels = channels
        self.listen = listen
        try connection.executeScript(listen)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// The connection's socket while it is connected and not being made again (nil otherwise):
    /// readable when a notification came, or the connection broke.
    public var socket: Int32? { withConnection { $0.isConnected ? $0.socket : nil } ?? nil }

    /// The server's process id for the listener's connection (tests end it).
    public var backendPID: Int32 { withConnection { $0.backendPID } ?? 0 }

    /// True once the listener had to connect again (the server restarted, the network broke):
    /// what changed meanwhile was not announced to it, so whoever shows data reads it all again.
    /// Cleared by `takeMissedChanges()`.
    public var mayHaveMissedChanges: Bool { withConnection { _ in missed } ?? false }

    /// Whether changes may have gone unheard since the last call; clears the mark.
    public func takeMissedChanges() -> Bool {
        withConnection { _ in
            defer { missed = false }
            return missed
        } ?? false
    }

    /// The accounts announced as changed, waiting up to `timeoutMilliseconds` for the first
    /// (0: only what has arrived already). Empty when nothing came in time, and at once while
    /// the connection is being made again: a lost connection is made again on a thread of its
    /// own (a server that does not answer holds up nobody), after which `mayHaveMissedChanges`.
    /// (A test's wait while the connection is being made again is the timeout, slept.)
    public func changedAccounts(waitingUpTo timeoutMilliseconds: Int32 = 0) -> Set<Int64> {
        let heard = withConnection { connection -> Set<Int64> in
            guard connection.isConnected else { missed = true; connectAgain(); return [] }
            var changed = accounts(in: connection.notifications())
            if changed.isEmpty, timeoutMilliseconds > 0, connection.isConnected {
                var fd = pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0)
                if poll(&fd, 1, timeoutMilliseconds) > 0 { changed = accounts(in: connection.notifications()) }
            }
            // Broken (the server went away): what is on screen is read again, which finds out.
            if !connection.isConnected { missed = true; connectAgain() }
            return changed
        }
        if heard == nil, timeoutMilliseconds > 0 { usleep(useconds_t(timeoutMilliseconds) * 1_000) }
        return heard ?? []
    }

    /// Runs `body` on the connection if no thread is connecting it again (nil otherwise).
    private func withConnection<T>(_ body: (PostgresConnection) -> T) -> T? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        guard !reconnecting else { return nil }
        return body(connection)
    }

    /// Starts a thread that connects and listens again (the mutex is held by the caller), trying
    /// until it does: a server that restarts is down for a moment or for minutes, and a single
    /// try while it was down left the listener deaf for good (no socket to wait on, no timer).
    /// Tries come `retryDelays` apart (the last repeats), so live updates are back within about
    /// two seconds of the server. The thread holds the listener only while it tries: one its
    /// owner let go of stops the tries.
    private func connectAgain() {
        reconnecting = true
        var thread = pthread_t()
        let box = Unmanaged.passRetained(WeakListener(self)).toOpaque()
        let started = pthread_create(&thread, nil, { argument in
            let weak = Unmanaged<WeakListener>.fromOpaque(argument!).takeRetainedValue()
            var attempt = 0
            while let listening = weak.listener?.listenAgain(), !listening {
                usleep(PostgresChangeListener.retryDelays[min(attempt, PostgresChangeListener.retryDelays.count - 1)])
                attempt += 1
            }
            return nil
        }, box)
        if started == 0 { pthread_detach(thread) } else { Unmanaged<WeakListener>.fromOpaque(box).release(); reconnecting = false }
    }

    /// One try to connect and listen again (on the reconnecting thread); true once it listens.
    private func listenAgain() -> Bool {
        // Connecting may take as long as the network says; the main loop's looks find it busy meanwhile.
        guard (try? connection.executeScript(listen)) != nil else { return false }
        pthread_mutex_lock(mutex)
        missed = true
        reconnecting = false
        pthread_mutex_unlock(mutex)
        return true
    }

    /// The waits between tries to connect again, in microseconds (the last one repeats).
    static let retryDelays: [useconds_t] = [100_000, 250_000, 500_000, 1_000_000, 2_000_000]

    /// Whether the connection is lost and a thread is making it again (its socket is nil meanwhile).
    public var isReconnecting: Bool {
        guard pthread_mutex_trylock(mutex) == 0 else { return true }
        defer { pthread_mutex_unlock(mutex) }
        // While a thread makes it again, the connection is that thread's: not looked at here.
        return reconnecting || !connection.isConnected
    }

    private func accounts(in notes: [(channel: String, payload: String)]) -> Set<Int64> {
        Set(notes.filter { channels.contains($0.channel) }.compactMap { Int64($0.payload) })
    }
}

/// The reconnecting thread's hold on its listener: weak, so a listener let go of ends the tries.
private final class WeakListener: @unchecked Sendable {
    weak var listener: PostgresChangeListener?
    init(_ listener: PostgresChangeListener) { self.listener = listener }
}
