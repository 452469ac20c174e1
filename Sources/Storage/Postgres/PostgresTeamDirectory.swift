import AppServices

/// A directory set up for a team: each member signs in as a PostgreSQL role of their own, and the
/// server's row-level security, not the app, decides what each one reads and changes — for psql,
/// the command line and the app alike.
///
/// `initialize` (`switchboard directory init`, run once by the database's owner, a role that may
/// create roles) makes two group roles, `<directory>_member` and `<directory>_editor`, grants
/// them the tables, and turns on a policy per table:
/// - a member sees the accounts row of their own role and the team's, and from every other table
///   only the rows of the accounts they see: their own private contacts and the **team address
///   book**;
/// - a member changes their own rows; an editor also changes the team book's;
/// - the activity log is written by the database: a trigger on the contacts logs each change
///   with the role that made it (`current_user`), and no client can say otherwise (the actor of
///   any row a client writes is set by a trigger too); members cannot change or delete it.
///
/// `addMember` (`switchboard directory add-member`) makes a member's login role, its password
/// hashed into a SCRAM verifier by libpq on this machine, and their accounts row.
/// The owner's own connection is not held by any of this (PostgreSQL's owners pass row security):
/// the owner administers, members use the app.
public enum PostgresTeamDirectory {
    /// The two group roles of a team directory.
    public struct Roles: Equatable, Sendable {
        /// Every member is one: reads the team book and their own contacts.
        public let member: String
        /// Members who may also change the team book.
        public let editor: String
    }

    /// The name the team's address book has (its accounts row).
    public static let teamBookName = "Team"
    static let teamBookKey = "*team"

    /// The team's roles when this directory was set up for a team, nil for one that was not.
    public static func roles(of pg: PostgresConnection) throws(ServiceError) -> Roles? {
        let exists = try pg.execute("SELECT to_regclass(quote_ident(current_schema()) || '.switchboard_team') IS NOT NULL")
        guard exists.bool(0, 0) else { return nil }
        let rows = try pg.execute("SELECT member_role, editor_role FROM switchboard_team")
        return rows.count == 1 ? Roles(member: rows.text(0, 0), editor: rows.text(0, 1)) : nil
    }

    /// The team book's account id (nil when this is not a team directory).
    static func teamAccountID(ofTeamDirectoryOn pg: PostgresConnection) throws(ServiceError) -> Int64? {
        guard try roles(of: pg) != nil else { return nil }
        return try pg.scalarInt("SELECT id FROM accounts WHERE is_team")
    }

    /// Sets the directory up for a team (schema, roles, grants, policies, triggers and the team
    /// book) in one transaction; a directory already set up is left as it is (`created` false).
    public static func initialize(_ db: PostgresDatabase, now: Int64) throws(ServiceError) -> (roles: Roles, created: Bool) {
        let pg = db.connection
        return try pg.transaction { () throws(ServiceError) -> (roles: Roles, created: Bool) in
            try pg.execute("SELECT pg_advisory_xact_lock($1)", [PostgresMigrations.lockKey])
            if let roles = try roles(of: pg) {
                try PostgresTeamGuards.apply(roles, on: pg) // after an upgrade: the tables its steps made, the guards
                return (roles, false)
            }
            let names = try pg.execute("SELECT current_database(), current_schema()")
            let database = names.text(0, 0), schema = names.text(0, 1)
            let base = roleBase(database: database, schema: schema)
            let roles = Roles(member: base + "_member", editor: base + "_editor")
            let quoted = try pg.execute("SELECT quote_ident($1), quote_ident($2), quote_ident(current_schema())", [roles.member, roles.editor])
            let member = quoted.text(0, 0), editor = quoted.text(0, 1), schemaName = quoted.text(0, 2)
            try pg.executeScript("""
                CREATE TABLE switchboard_team (member_role TEXT NOT NULL, editor_role TEXT NOT NULL, created_at BIGINT NOT NULL);
                CREATE ROLE \(member) NOLOGIN;
                CREATE ROLE \(editor) NOLOGIN IN ROLE \(member);
                GRANT USAGE ON SCHEMA \(schemaName) TO \(member);
                GRANT SELECT ON switchboard_schema, switchboard_team, accounts TO \(member);
                GRANT SELECT, INSERT, UPDATE, DELETE ON contacts, contact_counts, contact_search, contact_word_starts, settings TO \(member);
                GRANT SELECT, INSERT ON activity TO \(member);
                GRANT USAGE ON SEQUENCE contacts_id_seq, activity_id_seq TO \(member);
                \(policies(member: member, editor: editor))
                """)
            try pg.execute("INSERT INTO switchboard_team (member_role, editor_role, created_at) VALUES ($1, $2, $3)", [roles.member, roles.editor, now])
            try PostgresTeamGuards.apply(roles, on: pg) // the later tables' grants, the log's triggers, the guards
            let team = try pg.execute("""
                INSERT INTO accounts (username, username_key, password_hash, created_at, is_team) VALUES ($1, $2, '', $3, true) RETURNING id
                """, [teamBookName, teamBookKey, now])
            db.teamBookID = team.int64(0, 0)
            return (roles, true)
        }
    }

    /// Adds a member: a login role named `name` with `password` (hashed by libpq here; the server
    /// never sees it), in the member group (and the editor group with `editor`), and their account.
    public static func addMember(_ db: PostgresDatabase, name: String, password: String, editor: Bool, now: Int64) throws(ServiceError) -> Account {
        let pg = db.connection
        guard let roles = try roles(of: pg) else { throw notATeamDirectory(pg) }
        guard isMemberName(name) else {
            throw ServiceError(.refused, place: .server(pg.server), detail: name, code: .memberNameInvalid)
        }
        if try pg.scalarInt("SELECT 1 FROM pg_roles WHERE rolname = $1", [name]) != nil {
            throw ServiceError(.conflict, place: .server(pg.server), detail: name, code: .roleTaken)
        }
        let verifier = try pg.encryptedPassword(password, role: name)
        return try pg.transaction { () throws(ServiceError) -> Account in
            let create = try pg.execute("SELECT format('CREATE ROLE %I LOGIN PASSWORD %L IN ROLE %I', $1::text, $2::text, $3::text)",
                                        [name, verifier, roles.member])
            try pg.executeScript(create.text(0, 0))
            if editor {
                try pg.executeScript(try pg.execute("SELECT format('GRANT %I TO %I', $1::text, $2::text)", [roles.editor, name]).text(0, 0))
            }
            let rows = try pg.execute("""
                INSERT INTO accounts (username, username_key, password_hash, created_at, role_name) VALUES ($1, $2, '', $3, $1) RETURNING id
                """, [name, UsernameKey.of(name), now])
            return Account(id: rows.int64(0, 0), username: name)
        }
    }

    /// Letters, digits, `.`, `-` and `_`, up to 63 bytes: a role name that needs no quoting in a
    /// connection string and reads the same in psql.
    static func isMemberName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 63 && name.unicodeScalars.allSatisfy { s in
            s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || "._-".unicodeScalars.contains(s))
        }
    }

    /// Grants and policies for the tables schema steps made after team directories came (the
    /// deletes kept for Undo, the group cards, CardDAV sync's tables), each once: run by `initialize`, also on a directory
    /// set up before them.
    static func grantTablesOfLaterVersions(_ roles: Roles, on pg: PostgresConnection) throws(ServiceError) {
        let quoted = try pg.execute("SELECT quote_ident($1), quote_ident($2)", [roles.member, roles.editor])
        let member = quoted.text(0, 0), editor = quoted.text(0, 1)
        let own = "account_id IN (SELECT id FROM accounts WHERE role_name = current_user)"
        let team = "account_id IN (SELECT id FROM accounts WHERE is_team)"
        for table in ["deleted_contacts", "group_cards", "contact_groups"] {
            let done = try pg.scalarInt("SELECT count(*) FROM pg_policies WHERE schemaname = current_schema() AND tablename = $1", [table]) ?? 0
            guard done == 0 else { continue }
            try pg.executeScript("""
                GRANT SELECT, INSERT, UPDATE, DELETE ON \(table) TO \(member);
                GRANT USAGE ON SEQUENCE \(table)_id_seq TO \(member);
                ALTER TABLE \(table) ENABLE ROW LEVEL SECURITY;
                CREATE POLICY \(table)_seen ON \(table) FOR SELECT TO \(member) USING (account_id IN (SELECT id FROM accounts));
                CREATE POLICY \(table)_own ON \(table) FOR ALL TO \(member) USING (\(own)) WITH CHECK (\(own));
                CREATE POLICY \(table)_team ON \(table) FOR ALL TO \(editor) USING (\(team)) WITH CHECK (\(team));
                """)
        }
        // CardDAV sync (step 20): each member's own accounts, the queue and bindings of their books
        // (a directory of an older schema has none of it yet: the next `directory init` after its upgrade grants it).
        if try pg.execute("SELECT to_regclass(quote_ident(current_schema()) || '.sync_accounts') IS NOT NULL").bool(0, 0),
           try pg.scalarInt("SELECT count(*) FROM pg_policies WHERE schemaname = current_schema() AND tablename = 'sync_accounts'") == 0 {
            try pg.executeScript(PostgresSyncSchema.teamPolicies(member: member, editor: editor))
        }
        // The mail harvest's counts (step 22): each member's own.
        try PostgresMailHistorySchema.grant(on: pg)
        // The mail clients' kept answers (step 25): read as the contacts are, written for one's own book's.
        try PostgresMailQueryRows.grant(on: pg)
    }

    /// The account of the role this connection signed in as (nil for a role that is not a member: the owner).
    public static func account(ofSignedInRoleOn pg: PostgresConnection) throws(ServiceError) -> Account? {
        let rows = try pg.execute("SELECT id, username FROM accounts WHERE role_name = current_user")
        return rows.count == 1 ? Account(id: rows.int64(0, 0), username: rows.text(0, 1)) : nil
    }

    static func notATeamDirectory(_ pg: PostgresConnection) -> ServiceError {
        ServiceError(.refused, place: .server(pg.server), detail: "no team roles", code: .notATeamDirectory)
    }

    /// `<database>` (or `<database>_<schema>` for a schema of its own), in letters, digits and `_`,
    /// short enough that `_member` and `_editor` fit PostgreSQL's 63-byte names.
    static func roleBase(database: String, schema: String) -> String {
        let whole = schema == "public" ? database : database + "_" + schema
        var base = ""
        for scalar in whole.lowercased().unicodeScalars {
            let ok = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
            base.unicodeScalars.append(ok ? scalar : "_")
        }
        return String(base.prefix(55))
    }

    /// Row-level security: what each member reads and changes.
    static func policies(member: String, editor: String) -> String {
        // The accounts a member may change: their own; an editor's also the team book.
        let own = "account_id IN (SELECT id FROM accounts WHERE role_name = current_user)"
        let team = "account_id IN (SELECT id FROM accounts WHERE is_team)"
        // Which accounts a member reads (their own and the team's) is `PostgresTeamSearch.rule`; the
        // accounts' policy is made from it by `PostgresTeamGuards.apply`, in the same transaction.
        var sql = """
            ALTER TABLE accounts ENABLE ROW LEVEL SECURITY;

            """
        // Reads: the rows of the accounts the member sees (accounts' own policy applies inside).
        for table in ["contacts", "contact_counts", "contact_search", "contact_word_starts"] {
            sql += """
                ALTER TABLE \(table) ENABLE ROW LEVEL SECURITY;
                CREATE POLICY \(table)_seen ON \(table) FOR SELECT TO \(member) USING (account_id IN (SELECT id FROM accounts));
                CREATE POLICY \(table)_own ON \(table) FOR ALL TO \(member) USING (\(own)) WITH CHECK (\(own));
                CREATE POLICY \(table)_team ON \(table) FOR ALL TO \(editor) USING (\(team)) WITH CHECK (\(team));

                """
        }
        sql += """
            ALTER TABLE settings ENABLE ROW LEVEL SECURITY;
            CREATE POLICY settings_own ON settings FOR ALL TO \(member) USING (\(own)) WITH CHECK (\(own));
            ALTER TABLE activity ENABLE ROW LEVEL SECURITY;
            CREATE POLICY activity_seen ON activity FOR SELECT TO \(member) USING (account_id IN (SELECT id FROM accounts));
            CREATE POLICY activity_own ON activity FOR INSERT TO \(member) WITH CHECK (\(own));
            CREATE POLICY activity_team ON activity FOR INSERT TO \(editor) WITH CHECK (\(team));

            """
        return sql
    }
}
