import AppServices
import CSQLite

/// A prepared SQL statement: bind parameters (1-based), step through rows, read columns.
public final class SQLiteStatement {
    private var handle: OpaquePointer?
    private unowned let database: SQLiteDatabase

    init(handle: OpaquePointer, database: SQLiteDatabase) {
        self.handle = handle
        self.database = database
    }

    func finalize() {
        sqlite3_finalize(handle)
        handle = nil
    }

    /// Clears bindings and rewinds, ready to run again.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    @discardableResult
    public func bind(_ index: Int32, _ value: Int64) -> SQLiteStatement {
        sqlite3_bind_int64(handle, index, value); return self
    }

    @discardableResult
    public func bind(_ index: Int32, _ value: Int) -> SQLiteStatement { bind(index, Int64(value)) }

    @discardableResult
    public func bind(_ index: Int32, _ value: String) -> SQLiteStatement {
        sqlite3_bind_text(handle, index, value, -1, sb_sqlite_transient()); return self
    }

    @discardableResult
    public func bind(_ index: Int32, _ value: String?) -> SQLiteStatement {
        if let value { return bind(index, value) }
        sqlite3_bind_null(handle, index); return self
    }

    /// Binds UTF-8 text straight from bytes (no String made).
    @discardableResult
    public func bind(_ index: Int32, utf8 bytes: ArraySlice<UInt8>) -> SQLiteStatement {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                _ = sqlite3_bind_text(handle, index, $0, Int32(buffer.count), sb_sqlite_transient())
            }
        }
        if bytes.isEmpty { sqlite3_bind_text(handle, index, "", 0, sb_sqlite_transient()) }
        return self
    }

    @discardableResult
    public func bind(_ index: Int32, _ value: Int64?) -> SQLiteStatement {
        if let value { return bind(index, value) }
        sqlite3_bind_null(handle, index); return self
    }

    @discardableResult
    public func bind(_ index: Int32, _ value: Bool) -> SQLiteStatement { bind(index, value ? 1 : 0) }

    /// Runs to the next row; false when done.
    public func step() throws(ServiceError) -> Bool {
        let rc = sqlite3_step(handle)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        let message = String(cString: sqlite3_errmsg(database.handle))
        sqlite3_reset(handle)
        throw SQLiteDatabase.error(code: rc, message: message, path: database.path)
    }

    /// Runs a statement that returns no rows.
    public func run() throws(ServiceError) {
        _ = try step()
        sqlite3_reset(handle)
    }

    public func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
    public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    public func bool(_ column: Int32) -> Bool { sqlite3_column_int64(handle, column) != 0 }
    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    public func text(_ column: Int32) -> String {
        guard let c = sqlite3_column_text(handle, column) else { return "" }
        return String(cString: c)
    }

    /// The column's text as UTF-8 bytes, no `String` made: valid until the next `step` or `reset`.
    func utf8(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let c = sqlite3_column_text(handle, column) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: c, count: Int(sqlite3_column_bytes(handle, column)))
    }

}
