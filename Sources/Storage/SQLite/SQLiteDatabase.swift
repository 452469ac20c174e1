import AppServices
import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One SQLite database file: WAL mode, foreign keys on, a busy timeout,
/// schema migrations by `user_version`, and every write in a transaction.
///
/// Opening never changes a file it cannot use: a file that is not a
/// database, is damaged, is locked, or comes from a newer build gives a
/// `ServiceError` before anything is written.
public final class SQLiteDatabase {
    public let path: String
    let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]
    private var transactionDepth = 0
    /// The side files (`-wal`, `-shm`) this open made; a read-only file's are removed on close.
    private let sideFiles: [String]
    /// Why the file cannot be written ("its folder cannot be written (Permission denied)"),
    /// found as it opened; nil when it can. It is opened all the same, to be read.
    public let readOnlyReason: String?

    /// The newest schema this build knows.
    public static var schemaVersion: Int { SQLiteMigrations.count }

    /// Opens (or creates) the database at `path`, making its folder (0700)
    /// and file (0600) when missing, then migrates it to the current schema.
    public init(path: String, busyTimeoutMilliseconds: Int32 = 3000) throws(ServiceError) {
        _ = Self.configured
        self.path = path
        let folder = FolderPath.of(path)
        // A file that is there in a folder that cannot be written is opened to read only (SQLite
        // cannot make its side files there: it reads the file as unchanging, `immutable`).
        var folderReason: String?
        if access(path, F_OK) == 0, access(folder, X_OK) == 0, access(folder, W_OK) != 0 {
            folderReason = String(cString: strerror(errno))
        } else {
            try FolderPath.make(folder)
        }
        var fileExists = access(path, F_OK) == 0
        if fileExists {
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                throw .unreadable(path: path, reason: "it is a folder, not a file")
            }
            guard access(path, R_OK) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        } else {
            let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
            if fd < 0 {
                if errno == EEXIST { fileExists = true } else {
                    throw .folderNotWritable(path: folder, reason: String(cString: strerror(errno)))
                }
            } else {
                close(fd)
            }
        }
        let sideFiles = ["-wal", "-shm", "-journal"].map { path + $0 }.filter { access($0, F_OK) != 0 }
        let readOnlyReason: String? = if let folderReason { "its folder cannot be written (\(folderReason))" }
            else if access(path, W_OK) != 0 { "the file cannot be written (\(String(cString: strerror(errno))))" } else { nil }
        var db: OpaquePointer?
        let rc = folderReason == nil ? sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
            : sqlite3_open_v2(Self.immutableURI(path), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let db { sqlite3_close_v2(db) }
            Self.remove(sideFiles)
            throw .unreadable(path: path, reason: message)
        }
        handle = db
        self.sideFiles = sideFiles
        self.readOnlyReason = readOnlyReason
        sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
        sqlite3_extended_result_codes(db, 1)
        SQLiteFunctions.register(on: db)
        do {
            // Read before anything writes: this is where a bad file shows itself.
            let version = try Self.readUserVersion(db, path: path)
            if version > Self.schemaVersion {
                throw ServiceError.newerSchema(path: path, found: version, supported: Self.schemaVersion)
            }
            if let problem = SQLiteSchemaCheck.problem(with: db, version: version, path: path) { throw problem }
            if let readOnlyReason, version > 0, version < Self.schemaVersion {
                throw ServiceError.olderSchemaReadOnly(path: path, found: version, current: Self.schemaVersion, reason: readOnlyReason)
            }
            try execute("PRAGMA foreign_keys = ON")
            if folderReason == nil { // read as unchanging, the file keeps its mode
                let mode = try scalarText("PRAGMA journal_mode = WAL")
                if mode?.lowercased() != "wal" {
                    throw ServiceError.locked(path: path) // another connection holds it in another mode
                }
                try execute("PRAGMA synchronous = NORMAL")
            }
            try SQLiteMigrations.migrate(self, from: version)
            // The sync queue's triggers only while something syncs: where they do not match, put right when
            // the file can be written now (read-only, or locked by another program: left for a later open).
            if sqlite3_db_readonly(db, "main") != 1 { try? SQLiteSyncSchema.settleTriggers(self) }
        } catch {
            finalizeAll()
            sqlite3_close_v2(db)
            Self.remove(sideFiles)
            throw Self.classify(error, path: path)
        }
    }

    /// SQLite's process-wide settings, made before its first connection: no memory statistics
    /// (nothing reads them; they took a global mutex and two counters on each of the ~3,300
    /// allocations of reading the schema at start-up).
    private static let configured: Int32 = sb_sqlite_memstatus_off()

    /// `path` as a URI opening it to read as unchanging (`?`, `#` and `%` in it escaped).
    static func immutableURI(_ path: String) -> String {
        var uri = "file:"
        for c in path.unicodeScalars {
            switch c {
            case "?": uri += "%3f"
            case "#": uri += "%23"
            case "%": uri += "%25"
            default: uri.unicodeScalars.append(c)
            }
        }
        return uri + "?immutable=1"
    }

    deinit {
        finalizeAll()
        let readOnly = sqlite3_db_readonly(handle, "main") == 1
        sqlite3_close_v2(handle)
        // SQLite cannot checkpoint a read-only file, so it leaves the (empty) side files it made.
        var wal = stat()
        if readOnly, stat(path + "-wal", &wal) != 0 || wal.st_size == 0 { Self.remove(sideFiles) }
    }

    private func finalizeAll() {
        for statement in statements.values { statement.finalize() }
        statements = [:]
    }

    /// The current schema version (`PRAGMA user_version`).
    public var userVersion: Int {
        (try? scalarInt("PRAGMA user_version")) ?? 0
    }

    // MARK: Running SQL

    /// Runs SQL that returns no rows (several statements allowed, no parameters).
    public func execute(_ sql: String) throws(ServiceError) {
        var error: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &error)
        if rc != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(error)
            throw Self.error(code: rc, message: message, path: path)
        }
    }

    /// A prepared statement, cached by its SQL text.
    public func prepare(_ sql: String) throws(ServiceError) -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil)
        guard rc == SQLITE_OK, let stmt else {
            throw Self.error(code: rc, message: String(cString: sqlite3_errmsg(handle)), path: path)
        }
        let statement = SQLiteStatement(handle: stmt, database: self)
        statements[sql] = statement
        return statement
    }

    /// Runs `body` in one transaction (`BEGIN IMMEDIATE`): all of it is
    /// written, or — when it throws — none of it. Nested calls join the outer one.
    @discardableResult
    public func transaction<T>(_ body: () throws(ServiceError) -> T) throws(ServiceError) -> T {
        if transactionDepth > 0 {
            transactionDepth += 1
            defer { transactionDepth -= 1 }
            return try body()
        }
        try execute("BEGIN IMMEDIATE")
        transactionDepth = 1
        do {
            let result = try body()
            transactionDepth = 0
            try execute("COMMIT")
            return result
        } catch {
            transactionDepth = 0
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// A transaction that spans several turns of the run loop (an import worked in slices):
    /// `begin`, then `commit` or `rollback`. While it is open, `transaction` calls join it.
    public func begin() throws(ServiceError) {
        precondition(transactionDepth == 0, "a transaction is open already")
        try execute("BEGIN IMMEDIATE")
        transactionDepth = 1
    }

    public func commit() throws(ServiceError) {
        transactionDepth = 0
        do { try execute("COMMIT") } catch { try? execute("ROLLBACK"); throw error }
    }

    public func rollback() {
        transactionDepth = 0
        try? execute("ROLLBACK")
    }

    /// The first column of the first row, as an integer (nil without rows).
    public func scalarInt(_ sql: String) throws(ServiceError) -> Int? {
        let s = try prepare(sql)
        defer { s.reset() }
        guard try s.step() else { return nil }
        return s.int(0)
    }

    /// The first column of the first row, as text (nil without rows).
    public func scalarText(_ sql: String) throws(ServiceError) -> String? {
        let s = try prepare(sql)
        defer { s.reset() }
        guard try s.step() else { return nil }
        return s.text(0)
    }

    /// How many rows the last statement changed.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// The row id of the last insert.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs SQL on the file at `path` as it is: no folder made, no checks, no
    /// migration, no journal mode set. For tests that make bad files, and repairs.
    public static func raw(path: String, _ sql: String) throws(ServiceError) {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            throw .unreadable(path: path, reason: message)
        }
        defer { sqlite3_close_v2(db) }
        let rc = sqlite3_exec(db, sql, nil, nil, nil)
        if rc != SQLITE_OK { throw error(code: rc, message: String(cString: sqlite3_errmsg(db)), path: path) }
    }

    // MARK: Errors

    static func error(code: Int32, message: String, path: String) -> ServiceError {
        switch code & 0xFF {
        case SQLITE_NOTADB: .notADatabase(path: path)
        case SQLITE_CORRUPT: .corrupted(path: path, detail: message)
        case SQLITE_BUSY, SQLITE_LOCKED: .locked(path: path)
        case SQLITE_READONLY: .readOnly(path: path)
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_IOERR: .unreadable(path: path, reason: message)
        default: .sqlite(code: code, message: message)
        }
    }

    private static func classify(_ error: any Error, path: String) -> ServiceError {
        (error as? ServiceError) ?? .sqlite(code: -1, message: "\(error)", cause: error)
    }

    private static func readUserVersion(_ db: OpaquePointer, path: String) throws(ServiceError) -> Int {
        var stmt: OpaquePointer?
        // Reading the schema makes SQLite look at the file's header and pages.
        var rc = sqlite3_prepare_v2(db, "SELECT count(*) FROM sqlite_master", -1, &stmt, nil)
        if rc == SQLITE_OK { rc = sqlite3_step(stmt) }
        sqlite3_finalize(stmt)
        if rc != SQLITE_ROW && rc != SQLITE_DONE && rc != SQLITE_OK {
            throw error(code: rc, message: String(cString: sqlite3_errmsg(db)), path: path)
        }
        stmt = nil
        rc = sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &stmt, nil)
        defer { sqlite3_finalize(stmt) }
        guard rc == SQLITE_OK, sqlite3_step(stmt) == SQLITE_ROW else {
            throw error(code: sqlite3_errcode(db), message: String(cString: sqlite3_errmsg(db)), path: path)
        }
        return Int(sqlite3_column_int64(stmt, 0))
    }

    // MARK: Files

    /// Removes the side files this open made (those missing before it), so a refused file is left as found.
    private static func remove(_ sideFiles: [String]) {
        for file in sideFiles where access(file, F_OK) == 0 { unlink(file) }
    }

}
