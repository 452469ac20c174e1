import AppServices
/// Why a PostgreSQL server could not be used, as the connection code finds it; it reaches App as
/// a `ServiceError` (`ServiceError.server(_:)`), whose words App makes. `server` is the connection
/// string without its password.
public enum PostgresProblem: Error, Equatable, Sendable {
    /// libpq, the PostgreSQL client library, could not be opened (it is loaded only for a
    /// PostgreSQL location; `detail` is the dynamic linker's reason).
    case clientLibraryMissing(file: String, detail: String)
    /// Nothing answers at the address (server down, wrong host or port).
    case serverUnreachable(server: String, detail: String)
    /// The server refused the user name or password.
    case authenticationFailed(server: String, detail: String)
    /// The server asks for a password and libpq found none (not in the string, `PGPASSWORD`,
    /// `~/.pgpass` or `PGPASSFILE`), nor was one typed.
    case passwordNeeded(server: String)
    /// TLS failed: the server's certificate is not signed by a CA the client trusts, names
    /// another host, or the client's CA file cannot be read.
    case tlsFailed(server: String, detail: String)
    /// The server runs, but has no database of that name.
    case databaseMissing(server: String, database: String)
    /// The server lacks the pg_trgm extension search needs, and it could not be created.
    case extensionMissing(server: String, detail: String)
    /// The connection broke during a statement (the server stopped or the network went away).
    case connectionLost(server: String, detail: String)
    /// The server refused a statement (`sqlState` is PostgreSQL's five-character code).
    case statementFailed(server: String, sqlState: String, message: String)
}
