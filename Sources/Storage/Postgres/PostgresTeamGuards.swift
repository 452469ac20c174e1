import AppServices

/// What keeps one member of a team directory from harming the others (issue 47), on top of the
/// row-level security `PostgresTeamDirectory` sets up. Schema step 21 (`migrate`) brings every
/// directory to it; on a team's directory it runs `apply`, which `directory init` runs as well
/// (both are the owner's; every statement here may run again).
///
/// - **No command from the database.** `sync_accounts.password_command` is emptied and held empty
///   by a CHECK: a sync account's password command is kept on each member's own machine
///   (`LocalSyncCommands`), so no one plants a command another member's `sync` runs.
/// - **Fixed search paths.** Every trigger function of switchboard's runs with `search_path` set to
///   the directory's schema, then `pg_catalog`, then `pg_temp`: a temporary table named `activity`
///   or `sync_queue` (temporary tables come first on a path that does not name them) is never the
///   one written.
/// - **The log is the database's.** A bulk load's `switchboard.bulk` skips the per-row activity
///   entries only for the owner's maintenance and for rows of the member's own private book; every
///   change to the team book is logged (but the card the sync engine keeps after a send), and a
///   contact is never moved from one book to another.
/// - **Keys are the database's.** A member's inserts get their ids from the sequence, whatever id
///   the client sent (a trigger), except contact ids the database handed that member for a
///   populate (`switchboard_reserve_contact_ids`); no one makes another's insert fail with a
///   duplicate key.
/// - **Rows tied to contacts the member may write.** The search rows, word starts, groups and every
///   sync table's rows (`WITH CHECK`) name only contacts of the account they are filed under, so
///   no one fills their queue with another member's contact ids, nor learns whether an id exists
///   from a unique or foreign-key violation (the policy refuses first).
/// - **Announcements.** A change to a member's private book is announced on a channel named by a
///   secret of that account (`accounts.notify_key`), which only they (and the owner) can read; the
///   team book's on the directory's channel, carrying the team book's id.
enum PostgresTeamGuards {
    /// The schema, quoted, and the search path every function of switchboard's runs with.
    static func searchPath(_ pg: PostgresConnection) throws(ServiceError) -> String {
        let schema = try pg.execute("SELECT quote_ident(current_schema())").text(0, 0)
        return "\(schema), pg_catalog, pg_temp"
    }

    /// Schema step 21, on every directory (a team's also gets `apply`).
    static func migrate(_ pg: PostgresConnection) throws(ServiceError) {
        if let roles = try PostgresTeamDirectory.roles(of: pg) { try apply(roles, on: pg) } else { try everyDirectorys(pg) }
    }

    /// Whether the directory has CardDAV sync's tables (schema step 20; a team directory set up
    /// at an older version has not, until it is migrated).
    static func hasSyncTables(_ pg: PostgresConnection) throws(ServiceError) -> Bool {
        try pg.execute("SELECT to_regclass(quote_ident(current_schema()) || '.sync_accounts') IS NOT NULL").bool(0, 0)
    }

    /// What every directory gets: the announcements' function and key, and no password command kept.
    static func everyDirectorys(_ pg: PostgresConnection) throws(ServiceError) {
        let path = try searchPath(pg)
        try pg.executeScript("""
            ALTER TABLE accounts ADD COLUMN IF NOT EXISTS notify_key TEXT NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');
            \(announce(path: path))
            """)
        guard try hasSyncTables(pg) else { return }
        try pg.executeScript("""
            UPDATE sync_accounts SET password_command = NULL WHERE password_command IS NOT NULL;
            ALTER TABLE sync_accounts DROP CONSTRAINT IF EXISTS sync_accounts_password_command_is_local;
            ALTER TABLE sync_accounts ADD CONSTRAINT sync_accounts_password_command_is_local CHECK (password_command IS NULL);
            ALTER FUNCTION switchboard_sync_contacts_added() SET search_path = \(path);
            ALTER FUNCTION switchboard_sync_contacts_changed() SET search_path = \(path);
            ALTER FUNCTION switchboard_sync_contacts_deleted() SET search_path = \(path);
            """)
    }

    /// `pg_notify` for a change to `changed`'s data: a member's own book on its secret channel, any
    /// other (the team book, every account of a directory that is not a team's) on the directory's.
    static func announce(path: String) -> String {
        """
        CREATE OR REPLACE FUNCTION switchboard_announce(changed BIGINT) RETURNS void LANGUAGE plpgsql SET search_path = \(path) AS $f$
        DECLARE
            secret TEXT;
        BEGIN
            SELECT a.notify_key INTO secret FROM accounts a WHERE a.id = changed AND a.role_name IS NOT NULL;
            IF secret IS NULL THEN
                PERFORM pg_notify('\(PostgresChangeListener.channelPrefix)' || current_schema(), changed::text);
            ELSE
                PERFORM pg_notify('\(PostgresChangeListener.channelPrefix)' || secret, changed::text);
            END IF;
        END
        $f$;
        """
    }

    /// The tables members insert into whose `id` comes from a sequence.
    static let tablesWithIDs = ["contacts", "activity", "deleted_contacts", "group_cards", "contact_groups",
                                "sync_accounts", "sync_books", "sync_queue", "sync_conflicts"]

    /// A team directory's guards (see the type's notes): its functions, triggers and policies made
    /// again, whatever an older version made. Run as the owner, in the caller's transaction.
    static func apply(_ roles: PostgresTeamDirectory.Roles, on pg: PostgresConnection) throws(ServiceError) {
        // The tables of later versions first (their grants and first policies), then these over them.
        try PostgresTeamDirectory.grantTablesOfLaterVersions(roles, on: pg)
        try everyDirectorys(pg)
        let sync = try hasSyncTables(pg)
        let path = try searchPath(pg)
        let quoted = try pg.execute("SELECT quote_ident($1), quote_ident($2)", [roles.member, roles.editor])
        let member = quoted.text(0, 0), editor = quoted.text(0, 1)
        var sql = """
            CREATE OR REPLACE FUNCTION switchboard_is_owner() RETURNS boolean LANGUAGE sql STABLE SET search_path = \(path) AS $f$
                SELECT pg_has_role(current_user, (SELECT c.relowner FROM pg_class c WHERE c.oid = 'switchboard_schema'::regclass), 'USAGE')
            $f$;

            CREATE TABLE IF NOT EXISTS contact_id_grants (id BIGINT PRIMARY KEY, role_name TEXT NOT NULL);
            CREATE OR REPLACE FUNCTION switchboard_reserve_contact_ids(wanted INTEGER) RETURNS SETOF BIGINT LANGUAGE sql
                SECURITY DEFINER SET search_path = \(path) AS $f$
                INSERT INTO contact_id_grants (id, role_name) SELECT nextval('contacts_id_seq'), session_user FROM generate_series(1, wanted) RETURNING id
            $f$;
            CREATE OR REPLACE FUNCTION switchboard_take_contact_id(wanted BIGINT) RETURNS boolean LANGUAGE sql
                SECURITY DEFINER SET search_path = \(path) AS $f$
                WITH taken AS (DELETE FROM contact_id_grants WHERE id = wanted AND role_name = session_user RETURNING 1)
                SELECT count(*) > 0 FROM taken
            $f$;
            CREATE OR REPLACE FUNCTION switchboard_assign_id() RETURNS trigger LANGUAGE plpgsql SET search_path = \(path) AS $f$
            BEGIN
                IF switchboard_is_owner() THEN RETURN NEW; END IF;
                IF TG_TABLE_NAME = 'contacts' THEN
                    IF switchboard_take_contact_id(NEW.id) THEN RETURN NEW; END IF;
                END IF;
                NEW.id := nextval(TG_ARGV[0]::regclass);
                RETURN NEW;
            END
            $f$;

            CREATE OR REPLACE FUNCTION switchboard_activity_actor() RETURNS trigger LANGUAGE plpgsql SET search_path = \(path) AS $f$
            BEGIN
                NEW.actor := current_user;
                RETURN NEW;
            END
            $f$;
            DROP TRIGGER IF EXISTS activity_actor ON activity;
            CREATE TRIGGER activity_actor BEFORE INSERT OR UPDATE ON activity FOR EACH ROW EXECUTE FUNCTION switchboard_activity_actor();

            \(contactChanged(path: path))
            DROP TRIGGER IF EXISTS contacts_logged ON contacts;
            CREATE TRIGGER contacts_logged AFTER INSERT OR UPDATE OR DELETE ON contacts FOR EACH ROW EXECUTE FUNCTION switchboard_contact_changed();

            """
        for table in tablesWithIDs where sync || !table.hasPrefix("sync_") {
            sql += """
                DROP TRIGGER IF EXISTS \(table)_id_assigned ON \(table);
                CREATE TRIGGER \(table)_id_assigned BEFORE INSERT ON \(table) FOR EACH ROW EXECUTE FUNCTION switchboard_assign_id('\(table)_id_seq');

                """
        }
        sql += policies(member: member, editor: editor, sync: sync)
        // Rows planted before these policies: a queue item or binding of a contact not in its book's account.
        for table in ["sync_queue", "sync_cards"] where sync {
            sql += """
                DELETE FROM \(table) t WHERE t.contact_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM sync_books b
                    JOIN sync_accounts a ON a.id = b.sync_account_id JOIN contacts c ON c.account_id = a.account_id
                    WHERE b.id = t.book_id AND c.id = t.contact_id);

                """
        }
        try pg.executeScript(sql)
        // The read rule (the accounts' policy) and the members' searches made from it.
        try PostgresTeamSearch.apply(roles, on: pg)
    }

    /// The activity log's trigger: who changed which contact, announced when it commits.
    static func contactChanged(path: String) -> String {
        """
        CREATE OR REPLACE FUNCTION switchboard_contact_changed() RETURNS trigger LANGUAGE plpgsql SET search_path = \(path) AS $f$
        DECLARE
            row contacts%ROWTYPE;
            what TEXT;
            name TEXT;
        BEGIN
            IF TG_OP = 'DELETE' THEN
                row := OLD; what := 'contact_deleted';
            ELSIF TG_OP = 'INSERT' THEN
                row := NEW; what := 'contact_added';
            ELSE
                row := NEW;
                IF OLD.account_id IS DISTINCT FROM NEW.account_id AND NOT switchboard_is_owner() THEN
                    RAISE EXCEPTION 'a contact stays in its address book: copy it to the other and delete it here instead'
                        USING ERRCODE = '42501';
                END IF;
                -- Only the card kept for sync changed, by the sync engine after a send: nothing anyone sees.
                -- (Outside the engine's writes a change of the card, which export writes, is logged.)
                IF (to_jsonb(OLD) - 'card') = (to_jsonb(NEW) - 'card')
                   AND coalesce(current_setting('switchboard.sync_applying', true), '') = 'on' THEN
                    RETURN NULL;
                END IF;
                IF OLD.is_friend IS DISTINCT FROM NEW.is_friend
                   AND (to_jsonb(OLD) - 'is_friend' - 'updated_at' - 'revision') = (to_jsonb(NEW) - 'is_friend' - 'updated_at' - 'revision') THEN
                    what := CASE WHEN NEW.is_friend THEN 'friend_added' ELSE 'friend_removed' END;
                ELSE
                    what := 'contact_edited';
                END IF;
            END IF;
            -- A bulk load logs one event of its own: the owner's maintenance, and a member's load into
            -- their own private book (whose log only they read); the team book's changes are logged each.
            IF current_setting('switchboard.bulk', true) = 'on'
               AND (switchboard_is_owner() OR row.account_id IN (SELECT id FROM accounts WHERE role_name = current_user AND NOT is_team)) THEN
                RETURN NULL;
            END IF;
            name := coalesce(nullif(row.display_name, ''), btrim(row.first_name || ' ' || row.last_name));
            IF name = '' THEN name := row.company; END IF;
            INSERT INTO activity (account_id, at, kind, subject, contact_id, subject_key)
                VALUES (row.account_id, extract(epoch FROM clock_timestamp())::bigint, what, name, row.id, lower(name));
            PERFORM switchboard_announce(row.account_id);
            RETURN NULL;
        END
        $f$;
        """
    }

    /// The policies that tie a row to a contact of the account it is filed under (`member`,
    /// `editor`: the group roles, quoted), in place of the ones `PostgresTeamDirectory` and
    /// `PostgresSyncSchema` first made.
    static func policies(member: String, editor: String, sync: Bool) -> String {
        let own = "account_id IN (SELECT id FROM accounts WHERE role_name = current_user)"
        let team = "account_id IN (SELECT id FROM accounts WHERE is_team)"
        var sql = ""
        for (table, contact) in [("contact_search", "id"), ("contact_word_starts", "contact_id"), ("contact_groups", "contact_id")] {
            let tied = "EXISTS (SELECT 1 FROM contacts c WHERE c.id = \(table).\(contact) AND c.account_id = \(table).account_id)"
            sql += """
                DROP POLICY IF EXISTS \(table)_own ON \(table);
                CREATE POLICY \(table)_own ON \(table) FOR ALL TO \(member) USING (\(own)) WITH CHECK (\(own) AND \(tied));
                DROP POLICY IF EXISTS \(table)_team ON \(table);
                CREATE POLICY \(table)_team ON \(table) FOR ALL TO \(editor) USING (\(team)) WITH CHECK (\(team) AND \(tied));

                """
        }
        let inBooks = "book_id IN (SELECT id FROM sync_books)"
        for table in ["sync_cards", "sync_queue", "sync_conflicts", "sync_problems"] where sync {
            // The contact is one of the account whose sync account holds the book (the member's own, or the team's for an editor).
            let tied = """
                (\(table).contact_id IS NULL OR EXISTS (SELECT 1 FROM sync_books b JOIN sync_accounts a ON a.id = b.sync_account_id
                    JOIN contacts c ON c.account_id = a.account_id WHERE b.id = \(table).book_id AND c.id = \(table).contact_id))
                """
            sql += """
                DROP POLICY IF EXISTS \(table)_own ON \(table);
                CREATE POLICY \(table)_own ON \(table) FOR ALL TO \(member) USING (\(inBooks)) WITH CHECK (\(inBooks) AND \(tied));

                """
        }
        return sql
    }
}
