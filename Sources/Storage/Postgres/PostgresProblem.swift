import AppServices
/// Why a PostgreSQL server could not be used, each said so a person can act on it.
/// `server` is the connection string without its password.
public enum PostgresProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// libpq, the PostgreSQL client library, could not be opened (it is loaded only for a
    /// PostgreSQL location; `detail` is the dynamic linker's reason).
    case clientLibraryMissing(file: String, detail: String)
    /// Nothing answers at the address (server down, wrong host or port).
    case serverUnreachable(server: String, detail: String)
    /// The server refused the user name or password.
    case authenticationFailed(server: String, detail: String)
    /// The server runs, but has no database of that name.
    case databaseMissing(server: String, database: String)
    /// The server lacks the pg_trgm extension search needs, and it could not be created.
    case extensionMissing(server: String, detail: String)
    /// The connection broke during a statement (the server stopped or the network went away).
    case connectionLost(server: String, detail: String)
    /// The server refused a statement (`sqlState` is PostgreSQL's five-character code).
    case statementFailed(sqlState: String, message: String)

    public var description: String {
        switch self {
        case .clientLibraryMissing(let file, let detail):
            "PostgreSQL's client library \(file) could not be loaded: \(detail). Install it (Debian and Ubuntu: apt-get install libpq5) to use a postgresql:// location; SQLite files need nothing more."
        case .serverUnreachable(let server, let detail):
            "cannot reach the PostgreSQL server at \(server) (\(detail)). Is it running, and are the host and port right?"
        case .authenticationFailed(let server, let detail):
            "the PostgreSQL server at \(server) refused the user name or password (\(detail)). Check the user and password in the --db connection string."
        case .databaseMissing(let server, let database):
            "the PostgreSQL server at \(server) has no database “\(database)”. Create it (createdb \(database)) or name another in --db."
        case .extensionMissing(let server, let detail):
            "the database at \(server) lacks the pg_trgm extension search needs (\(detail)). Ask its owner to run CREATE EXTENSION pg_trgm, or install the postgresql-contrib package on the server."
        case .connectionLost(let server, let detail):
            "the connection to the PostgreSQL server at \(server) was lost (\(detail)). Nothing half-done was kept; try again when the server is back."
        case .statementFailed(let sqlState, let message):
            "the PostgreSQL server refused a statement (\(sqlState)): \(message)"
        }
    }
}
