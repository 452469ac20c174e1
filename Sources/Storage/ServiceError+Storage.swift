import AppServices

/// The conditions Storage's stores meet, each as App's `ServiceError` (a kind, where, the store's
/// own words): the names say what the store found, the kind says what a screen can do about it.
public extension ServiceError {
    /// The file exists but is not an SQLite database.
    static func notADatabase(path: String) -> ServiceError {
        ServiceError(.damaged, place: .file(path), detail: "it is not an SQLite file", code: .notADatabase)
    }

    /// The file is an SQLite database but damaged.
    static func corrupted(path: String, detail: String) -> ServiceError {
        ServiceError(.damaged, place: .file(path), detail: detail, code: .sqlite(11))
    }

    /// The data was written by a newer switchboard.
    static func newerSchema(path: String, found: Int, supported: Int) -> ServiceError {
        ServiceError(.newerVersion, place: .file(path), detail: "data version \(found), this build reads up to \(supported)")
    }

    /// The data was written by an older switchboard and cannot be written (`reason`), so it
    /// cannot be brought up to date: this build cannot read it as it is.
    static func olderSchemaReadOnly(path: String, found: Int, current: Int, reason: String) -> ServiceError {
        ServiceError(.readOnly, place: .file(path), detail: "data version \(found), this build uses \(current); \(reason)",
                     code: .upgradeNeedsWrite)
    }

    /// The data belongs to another program (tables that are not switchboard's).
    static func foreignDatabase(path: String, tables: [String]) -> ServiceError {
        let names = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", …" : "")
        return ServiceError(.foreign, place: .file(path), detail: "tables that are not switchboard's: \(names)")
    }

    /// A schema on a server holds what switchboard did not make (`objects`: "view totals", "function f"):
    /// the detail names them (up to five); what to do is App's to say.
    static func foreignObjects(server: String, objects: [String]) -> ServiceError {
        let names = objects.prefix(5).joined(separator: ", ") + (objects.count > 5 ? ", …" : "")
        return ServiceError(.foreign, place: .server(server), detail: names)
    }

    /// The data's version or tables match no switchboard schema.
    static func changedByAnotherProgram(path: String, detail: String) -> ServiceError {
        ServiceError(.damaged, place: .file(path), detail: detail)
    }

    /// A wait of `waited` for a lock ran out on a server; `holders`: the sessions holding it, by the
    /// role each signed in as (a team's member's name) and its server process id.
    /// The sentence (who to ask, what the owner can do) is App's, made from the `LockWait` kept as the cause.
    static func lockHeld(server: String, waited: String, holders: [(pid: Int64, role: String)]) -> ServiceError {
        let wait = LockWait(waited: waited, holders: holders.map { LockWait.Holder(pid: $0.pid, role: $0.role) })
        let named = holders.prefix(3).map { $0.role.isEmpty ? "session \($0.pid)" : "\($0.role) (session \($0.pid))" }
        return ServiceError(.busy, place: .server(server),
                            detail: "lock wait of \(waited) ran out; held by \(named.isEmpty ? "another session" : named.joined(separator: ", "))",
                            code: .lockHeld, cause: wait)
    }

    /// Another program holds the data locked.
    static func locked(path: String) -> ServiceError { ServiceError(.busy, place: .file(path), code: .sqlite(5)) }

    /// The file cannot be opened or read.
    static func unreadable(path: String, reason: String) -> ServiceError {
        ServiceError(.unavailable, place: .file(path), detail: reason)
    }

    /// The file (or its folder) is read-only.
    static func readOnly(path: String) -> ServiceError { ServiceError(.readOnly, place: .file(path), code: .sqlite(8)) }

    /// The folder for the file cannot be made or written.
    static func folderNotWritable(path: String, reason: String) -> ServiceError {
        ServiceError(.unavailable, place: .file(path), detail: reason, code: .folderNotWritable)
    }

    /// Any other SQLite failure, by its (extended) result code: busy, read-only, damaged and
    /// constraint codes get their kinds. `cause`: the error this was made from, if any.
    static func sqlite(code: Int32, message: String, path: String = "", cause: (any Error & Sendable)? = nil) -> ServiceError {
        let kind: Kind = switch code & 0xFF {
        case 5, 6: .busy // SQLITE_BUSY, SQLITE_LOCKED
        case 8: .readOnly // SQLITE_READONLY
        case 11, 26: .damaged // SQLITE_CORRUPT, SQLITE_NOTADB
        case 19: .conflict // SQLITE_CONSTRAINT
        default: .failed
        }
        return ServiceError(kind, place: path.isEmpty ? .unknown : .file(path), detail: message, code: .sqlite(code), cause: cause)
    }

    /// A PostgreSQL server could not be used; the problem is kept as the cause.
    static func server(_ problem: PostgresProblem) -> ServiceError {
        var error = switch problem {
        case .clientLibraryMissing(let file, let detail):
            ServiceError(.unavailable, detail: "\(file): \(detail)", code: .clientLibraryMissing)
        case .serverUnreachable(let server, let detail):
            ServiceError(.unavailable, place: .server(server), detail: detail)
        case .authenticationFailed(let server, let detail):
            ServiceError(.refused, place: .server(server), detail: detail, code: .sqlState("28P01"))
        case .tlsFailed(let server, let detail):
            ServiceError(.refused, place: .server(server), detail: detail, code: .tlsFailed)
        case .passwordNeeded(let server):
            ServiceError(.refused, place: .server(server), detail: "the server asks for a password and none was given", code: .passwordNeeded)
        case .databaseMissing(let server, let database):
            ServiceError(.notFound, place: .server(server), detail: database, code: .databaseMissing)
        case .extensionMissing(let server, let detail):
            ServiceError(.unavailable, place: .server(server), detail: detail, code: .extensionMissing)
        case .connectionLost(let server, let detail):
            ServiceError(.unavailable, place: .server(server), detail: detail, code: .connectionLost)
        case .statementFailed(let server, let sqlState, let message):
            ServiceError(Self.kind(ofSQLState: sqlState), place: .server(server), detail: message, code: .sqlState(sqlState))
        }
        error.cause = problem
        return error
    }

    /// The kind of a PostgreSQL SQLSTATE a screen can act on.
    static func kind(ofSQLState state: String) -> Kind {
        switch state {
        case "23505", "40001": .conflict // unique_violation, serialization_failure
        case "42501", "28000", "28P01": .refused // insufficient_privilege, invalid authorization
        case "25006": .readOnly // read_only_sql_transaction
        case "55P03", "40P01", "57014": .busy // lock_not_available, deadlock, query_canceled (statement timeout)
        case "XX001", "XX002": .damaged // data_corrupted, index_corrupted
        default: state.hasPrefix("08") ? .unavailable : .failed // connection exceptions
        }
    }

    /// SQLite's extended result code, when this came from SQLite.
    var sqliteCode: Int32? {
        guard case .sqlite(let code)? = code else { return nil }
        return code
    }

    /// PostgreSQL's SQLSTATE, when the server refused a statement.
    var sqlState: String? {
        guard case .sqlState(let state)? = code else { return nil }
        return state
    }
}
