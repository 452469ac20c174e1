import CSQLite
import Synchronization

/// What stops the statement a connection is running, from another thread: `sqlite3_interrupt`,
/// which is safe to call while the connection's own thread runs a statement. That statement then
/// fails with `SQLITE_INTERRUPT` and its transaction keeps nothing; with no statement running it
/// does nothing. Holds the connection only while it is open (`SQLiteDirectory` puts it in place).
final class SQLiteInterruptHandle: Sendable {
    /// The connection's handle as a number (nil: none, or closed).
    private let connection = Mutex<UInt?>(nil)

    init() {}

    /// Puts the handle of a (re)opened connection in place (nil: it closed).
    func replace(_ handle: OpaquePointer?) {
        connection.withLock { $0 = handle.map { UInt(bitPattern: $0) } }
    }

    /// Stops what the connection runs now (nothing happens when it runs nothing).
    func interrupt() {
        connection.withLock { current in
            guard let current, let handle = OpaquePointer(bitPattern: current) else { return }
            sqlite3_interrupt(handle)
        }
    }
}
