import AppServices

/// What opening a directory reads before its first query, in two round trips (issue 50: a
/// `switchboard query` that mutt starts at each Tab made ten, one statement each, before its
/// first line): with the session's settings, which tables the schema has (`probe`, the catalog
/// only: it cannot fail, whatever the database holds); then, in one batch, the schema's version and,
/// on a team's directory, its roles, its book, whether this connection's searches go through the
/// team's functions, and the member who signed in (`reads(for:)`).
///
/// Only a directory found at the version asked for is opened from these: any other (empty, older,
/// newer, another program's, changed by hand) takes the step-by-step path that migrates or refuses
/// it (`PostgresMigrations.migrate`), which reads each of them again itself.
struct PostgresOpeningReads {
    /// The schema's version (nil: no version table, or not one number).
    var version: Int?
    /// The team's book (nil: not a team's directory).
    var teamBookID: Int64?
    /// Whether this connection's reads meet row-level security and the search functions are there.
    var searchesThroughTeamFunctions = false
    /// The team member this connection signed in as (nil: the owner, or not a team's directory).
    var member: Account?

    /// The first round trip's statement: whether the connection has a schema to create tables in,
    /// and whether the version and team tables are in it.
    static let probe = """
        SELECT current_schema() IS NOT NULL, to_regclass(quote_ident(current_schema()) || '.switchboard_schema') IS NOT NULL,
               to_regclass(quote_ident(current_schema()) || '.switchboard_team') IS NOT NULL
        """

    /// The second round trip's statements for what `probe` found (nil: nothing to read, the
    /// step-by-step path decides).
    static func reads(for probe: PostgresRows) -> String? {
        guard probe.count == 1, probe.bool(0, 0), probe.bool(0, 1) else { return nil }
        guard probe.bool(0, 2) else { return "SELECT version FROM switchboard_schema" }
        return """
            SELECT version FROM switchboard_schema;
            SELECT member_role, editor_role FROM switchboard_team;
            SELECT id FROM accounts WHERE is_team;
            \(PostgresTeamSearch.appliesQuery);
            SELECT id, username FROM accounts WHERE role_name = current_user
            """
    }

    /// What `reads(for:)`'s statements returned, in order.
    init(_ rows: [PostgresRows]) {
        guard let versions = rows.first, versions.count == 1, !versions.isNull(0, 0) else { return }
        version = versions.int(0, 0)
        guard rows.count == 5, rows[1].count == 1, rows[2].count > 0, !rows[2].isNull(0, 0) else { return }
        teamBookID = rows[2].int64(0, 0)
        searchesThroughTeamFunctions = rows[3].count == 1 && rows[3].bool(0, 0)
        if rows[4].count == 1 { member = Account(id: rows[4].int64(0, 0), username: rows[4].text(0, 1)) }
    }

    /// Reads them on `pg`, made with `probe` as its opening read; nil when the directory is not one
    /// to open from them (see the type's note) or a read failed.
    static func read(on pg: PostgresConnection) -> PostgresOpeningReads? {
        guard let probe = pg.openingRows.first, let sql = reads(for: probe), let rows = try? pg.executeBatch(sql) else { return nil }
        let found = PostgresOpeningReads(rows)
        return found.version == nil ? nil : found
    }
}
