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
    public convenience init(uri: String, migratingTo version: Int? = nil) throws(ServiceError) {
        try self.init(uri: uri, signIn: nil, migratingTo: version)
    }

    /// Connects as `signIn`'s role (nil: as the string says) and migrates. A team member's
    /// connection cannot change the schema: there, a schema older than this build's is for the
    /// directory's owner to bring up to date.
    public init(uri: String, signIn: PostgresSignIn?, migratingTo version: Int? = nil) throws(ServiceError) {
        connection = try PostgresConnection(uri: uri, signIn: signIn, reading: PostgresOpeningReads.probe)
        let target = version ?? PostgresMigrations.latest
        if let found = PostgresOpeningReads.read(on: connection), found.version == target {
            // At the version asked for: nothing to migrate, and the rest was read in the same round trip.
            teamBookID = found.teamBookID
            searchesThroughTeamFunctions = found.searchesThroughTeamFunctions
            memberAtOpening = found.member
            return
        }
        do {
            try PostgresMigrations.migrate(connection, to: target)
        } catch where error.sqlState == "42501" {
            throw ServiceError(.refused, place: .server(connection.server), detail: error.detail, code: .schemaNeedsOwner, cause: error)
        }
        teamBookID = try PostgresTeamDirectory.teamAccountID(ofTeamDirectoryOn: connection)
        if teamBookID != nil {
            searchesThroughTeamFunctions = try PostgresTeamSearch.applies(on: connection)
            memberAtOpening = try PostgresTeamDirectory.account(ofSignedInRoleOn: connection)
        }
    }

    /// On a team's directory, the member this connection signed in as, read when it was opened
    /// (nil: the owner, who keeps no contacts, or not a team's directory).
    public internal(set) var memberAtOpening: Account?

    /// Whether this connection is a team member's (its reads meet row-level security): its
    /// contacts' searches go through the directory's search functions (`PostgresTeamSearch`).
    public internal(set) var searchesThroughTeamFunctions = false

    /// The team address book's account when this is a team's directory (`PostgresTeamDirectory`), else nil.
    public internal(set) var teamBookID: Int64?
    /// Whether this is a team's directory: members sign in as their own roles, and the database logs every contact change.
    public var isTeamDirectory: Bool { teamBookID != nil }

    /// The connection string without its password.
    public var server: String { connection.server }

    /// The schema version found in the database.
    public func schemaVersionFound() throws(ServiceError) -> Int { try PostgresMigrations.version(of: connection) }

    /// Brings the schema to the newest version.
    public func migrate() throws(ServiceError) { try PostgresMigrations.migrate(connection) }
}
