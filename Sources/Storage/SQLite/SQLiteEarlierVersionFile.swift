import CSQLite
import AppServices

/// A data file as an earlier version of switchboard left it, for the migration tests: the schema's
/// steps up to `version` run on a bare connection (the functions they call registered), with the
/// SQL `rows` run once the file is at version `after`, so the steps after it carry those rows.
enum SQLiteEarlierVersionFile {
    static func make(at path: String, version: Int, rows: String, after: Int) throws(ServiceError) {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let db = handle else {
            if let handle { sqlite3_close_v2(handle) }
            throw .unreadable(path: path, reason: "it could not be made")
        }
        defer { sqlite3_close_v2(db) }
        SQLiteFunctions.register(on: db)
        func run(_ sql: String) throws(ServiceError) {
            var message: UnsafeMutablePointer<CChar>?
            guard sqlite3_exec(db, sql, nil, nil, &message) == SQLITE_OK else {
                let reason = message.map { String(cString: $0) } ?? "step failed"
                sqlite3_free(message)
                throw .unreadable(path: path, reason: reason)
            }
        }
        if after == 0 { try run(rows) }
        for step in 0..<version {
            try run(SQLiteMigrations.all[step])
            if step + 1 == after { try run(rows) }
        }
        try run("PRAGMA user_version = \(version)")
    }
}
