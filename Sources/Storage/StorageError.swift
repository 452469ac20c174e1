/// Why the data file could not be used. Every message says what is wrong
/// and what to do; none of these ever changes the file.
public enum StorageError: Error, Equatable, CustomStringConvertible {
    /// The file exists but is not an SQLite database.
    case notADatabase(path: String)
    /// The file is an SQLite database but damaged.
    case corrupted(path: String, detail: String)
    /// The file was written by a newer switchboard.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The file is an SQLite database of another program (tables that are not switchboard's).
    case foreignDatabase(path: String, tables: [String])
    /// The file's data version or tables do not match any switchboard schema.
    case changedByAnotherProgram(path: String, detail: String)
    /// Another program holds the database locked.
    case locked(path: String)
    /// The file cannot be opened or read.
    case unreadable(path: String, reason: String)
    /// The file (or its folder) is read-only: it can be read, not changed.
    case readOnly(path: String)
    /// The folder for the file cannot be created or written.
    case folderNotWritable(path: String, reason: String)
    /// Any other SQLite failure.
    case sqlite(code: Int32, message: String)
    /// A PostgreSQL server could not be used (a shared directory, `--db postgresql://…`).
    case server(PostgresProblem)

    public var description: String {
        switch self {
        case .notADatabase(let path):
            "\(path) is not a switchboard database (it is not an SQLite file). Move it away or choose another file with --db PATH."
        case .corrupted(let path, let detail):
            "\(path) is damaged (\(detail)). Restore it from a backup or choose another file with --db PATH; it was not changed."
        case .newerSchema(let path, let found, let supported):
            "\(path) was written by a newer switchboard (data version \(found), this build reads up to \(supported)). Update switchboard; the file was not changed."
        case .foreignDatabase(let path, let tables):
            "\(path) belongs to another program (tables that are not switchboard's: \(tables.prefix(5).joined(separator: ", "))\(tables.count > 5 ? ", …" : "")). Choose another file with --db PATH; it was not changed."
        case .changedByAnotherProgram(let path, let detail):
            "\(path) is damaged or changed by another program (\(detail)). Restore it from a backup or choose another file with --db PATH; it was not changed."
        case .locked(let path):
            "\(path) is locked by another program (is another switchboard running?). Close it and try again."
        case .unreadable(let path, let reason):
            "cannot open \(path): \(reason)."
        case .readOnly(let path):
            "\(path) is read-only, so nothing could be saved. Make it (and its folder) writable or choose another file with --db PATH."
        case .folderNotWritable(let path, let reason):
            "cannot use the folder \(path): \(reason). Choose another place with --db PATH."
        case .sqlite(let code, let message):
            "database error \(code): \(message)"
        case .server(let problem):
            problem.description
        }
    }
}
