import AppServices
/// A shared directory on a PostgreSQL server: the connection, with the schema brought to
/// this build's version (see `PostgresMigrations`). The stores of one client share it.
///
/// `@unchecked Sendable`: a C-interop cell around one libpq connection, which may move from
/// thread to thread but is used by one at a time (libpq's rule): the opening job makes it on the
/// app's worker thread and hands it to the main loop, which alone uses it from then on.
public final class PostgresDatabase: @unchecked Sendable {
    public let connection: PostgresConnection

    /// The newest schema this build knows.
    public static var schemaVersion: Int { PostgresMigrations.latest }

    /// Connects and migrates (to `version`, for tests of older schemas; default the newest).
    public init(uri: String, migratingTo version: Int? = nil) throws(ServiceError) {
        connection = try PostgresConnection(uri: uri)
        try PostgresMigrations.migrate(connection, to: version ?? PostgresMigrations.latest)
    }

    /// The connection string without its password.
    public var server: String { connection.server }

    /// The schema version found in the database.
    public func schemaVersionFound() throws(ServiceError) -> Int { try PostgresMigrations.version(of: connection) }

    /// Brings the schema to the newest version.
    public func migrate() throws(ServiceError) { try PostgresMigrations.migrate(connection) }
}
