import AppServices

/// The mail harvest's tables on a shared directory (PostgreSQL step 22; SQLite's 22,
/// `SQLiteMailHistorySchema`, says what each holds). On a team directory they are each member's
/// own: a member reads and writes only the rows of their own account (no one reads another's mail
/// counts; the team book has none).
enum PostgresMailHistorySchema {
    static let tables = ["mail_counts", "mail_messages", "mail_read_files", "mail_mboxes", "mail_me"]

    static let migration = """
        CREATE TABLE mail_counts (
            account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            address_key TEXT COLLATE "C" NOT NULL,
            address TEXT NOT NULL,
            name TEXT NOT NULL DEFAULT '',
            sent INTEGER NOT NULL DEFAULT 0,
            last_sent BIGINT,
            received INTEGER NOT NULL DEFAULT 0,
            last_received BIGINT,
            PRIMARY KEY (account_id, address_key)
        );
        CREATE INDEX mail_counts_written_to ON mail_counts (account_id, sent DESC, last_sent DESC) WHERE sent > 0;
        CREATE TABLE mail_messages (
            account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            message_key TEXT COLLATE "C" NOT NULL,
            PRIMARY KEY (account_id, message_key)
        );
        CREATE TABLE mail_read_files (
            account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            folder TEXT COLLATE "C" NOT NULL,
            name TEXT COLLATE "C" NOT NULL,
            PRIMARY KEY (account_id, folder, name)
        );
        CREATE TABLE mail_mboxes (
            account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            path TEXT COLLATE "C" NOT NULL,
            read_to BIGINT NOT NULL,
            check_length BIGINT NOT NULL,
            check_hash TEXT NOT NULL,
            PRIMARY KEY (account_id, path)
        );
        CREATE TABLE mail_me (
            account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            address_key TEXT COLLATE "C" NOT NULL,
            PRIMARY KEY (account_id, address_key)
        );
        """

    /// On a team directory: the members' grants and row-level security (each member their own
    /// rows), once. Run by the migration and by `directory init`.
    static func grant(on pg: PostgresConnection) throws(ServiceError) {
        guard let roles = try PostgresTeamDirectory.roles(of: pg),
              try pg.execute("SELECT to_regclass(quote_ident(current_schema()) || '.mail_counts') IS NOT NULL").bool(0, 0),
              try pg.scalarInt("SELECT count(*) FROM pg_policies WHERE schemaname = current_schema() AND tablename = 'mail_counts'") == 0
        else { return }
        let member = try pg.execute("SELECT quote_ident($1)", [roles.member]).text(0, 0)
        let own = "account_id IN (SELECT id FROM accounts WHERE role_name = current_user)"
        var sql = ""
        for table in tables {
            sql += """
                GRANT SELECT, INSERT, UPDATE, DELETE ON \(table) TO \(member);
                ALTER TABLE \(table) ENABLE ROW LEVEL SECURITY;
                CREATE POLICY \(table)_own ON \(table) FOR ALL TO \(member) USING (\(own)) WITH CHECK (\(own));

                """
        }
        try pg.executeScript(sql)
    }
}
