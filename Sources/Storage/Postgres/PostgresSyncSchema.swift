/// CardDAV sync's tables and triggers on PostgreSQL (migration 20): what `SQLiteSyncSchema` is
/// in the data file, kept per account in a shared directory.
///
/// **How a local write enters the queue.** Triggers on `contacts` do it, as in the file, so every
/// writer is covered (the app on any machine, `import`, Undo's restore, psql): a contact added to
/// an account that syncs is queued `add` to its default book; a change of a shown field (not its
/// rank, revision, sort keys or kept card) is queued `edit` when it is bound to a card, `add` when
/// not yet (one row a contact); a delete drops its pending row and, when it was bound (or an add
/// of it was on its way to an href), queues a `delete` of that href with the etag. The queue is
/// sent in `id` order. The triggers are per statement, over its transition tables: one run of
/// the function for an import or a populate of a million rows, one set-based insert into the
/// queue, and next to nothing when no address book syncs.
///
/// The sync engine's own writes run with `SET LOCAL switchboard.sync_applying = 'on'` (that
/// transaction only, that connection only: another client's edits meanwhile are queued as usual).
///
/// On a team's directory (`PostgresTeamDirectory`) row-level security gives each member their own
/// sync accounts (an editor also the team book's), and of the other tables the rows of the
/// address books of those accounts; the triggers run as the member who changed the contact, so
/// they too reach only those. The password is never stored.
enum PostgresSyncSchema {
    /// The fields a person sees and edits; a change of any of them is queued. SQLite's list, and the
    /// name's middle part and shown name (the file's triggers predate them).
    static let syncedColumns = ["first_name", "last_name", "company", "notes", "is_friend", "phones", "emails", "uid", "nickname",
                                "title", "birthday", "url", "addresses", "extras", "name_prefix", "name_suffix", "email_labels",
                                "preferred_email", "preferred_phone", "display_name", "formatted_name", "middle_name"]

    static let tables = ["sync_accounts", "sync_books", "sync_cards", "sync_queue", "sync_conflicts", "sync_problems"]

    /// True while the sync engine writes (never NULL: a connection that never set it is not applying).
    private static let applying = "coalesce(current_setting('switchboard.sync_applying', true), '') = 'on'"
    private static let now = "extract(epoch FROM clock_timestamp())::bigint"
    /// The default address book of `n.account_id` (as `d.book_id`), where its new contacts go.
    private static let defaultBook = """
        LEFT JOIN LATERAL (
                SELECT b.id AS book_id FROM sync_books b JOIN sync_accounts a ON a.id = b.sync_account_id
                WHERE a.account_id = n.account_id AND b.is_default ORDER BY b.id LIMIT 1) d ON true
        """

    static let migration = """
        CREATE TABLE sync_accounts (
            id BIGSERIAL PRIMARY KEY,
            account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            url TEXT NOT NULL,
            home_url TEXT NOT NULL,
            username TEXT NOT NULL,
            password_command TEXT,
            ca_file TEXT,
            created_at BIGINT NOT NULL,
            last_sync_at BIGINT,
            last_error TEXT
        );
        CREATE INDEX sync_accounts_by_account ON sync_accounts (account_id);
        CREATE TABLE sync_books (
            id BIGSERIAL PRIMARY KEY,
            sync_account_id BIGINT NOT NULL REFERENCES sync_accounts(id) ON DELETE CASCADE,
            url TEXT NOT NULL,
            display_name TEXT NOT NULL,
            sync_token TEXT,
            ctag TEXT,
            is_default BOOLEAN NOT NULL DEFAULT false,
            UNIQUE (sync_account_id, url)
        );
        CREATE TABLE sync_cards (
            contact_id BIGINT PRIMARY KEY,
            book_id BIGINT NOT NULL REFERENCES sync_books(id) ON DELETE CASCADE,
            href TEXT NOT NULL,
            etag TEXT,
            card TEXT NOT NULL
        );
        CREATE UNIQUE INDEX sync_cards_by_href ON sync_cards (book_id, href);
        CREATE TABLE sync_queue (
            id BIGSERIAL PRIMARY KEY,
            book_id BIGINT NOT NULL REFERENCES sync_books(id) ON DELETE CASCADE,
            contact_id BIGINT,
            kind TEXT NOT NULL CHECK (kind IN ('add', 'edit', 'delete')),
            href TEXT,
            etag TEXT,
            queued_at BIGINT NOT NULL
        );
        CREATE UNIQUE INDEX sync_queue_by_contact ON sync_queue (contact_id) WHERE contact_id IS NOT NULL;
        CREATE INDEX sync_queue_by_href ON sync_queue (book_id, href) WHERE href IS NOT NULL;
        CREATE INDEX sync_queue_by_book ON sync_queue (book_id, id);
        CREATE TABLE sync_conflicts (
            id BIGSERIAL PRIMARY KEY,
            book_id BIGINT NOT NULL REFERENCES sync_books(id) ON DELETE CASCADE,
            contact_id BIGINT,
            href TEXT NOT NULL,
            kind TEXT NOT NULL,
            fields JSONB NOT NULL,
            local_record TEXT NOT NULL,
            found_at BIGINT NOT NULL
        );
        CREATE TABLE sync_problems (
            book_id BIGINT NOT NULL REFERENCES sync_books(id) ON DELETE CASCADE,
            href TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('unreadable', 'refused')),
            etag TEXT,
            contact_id BIGINT,
            reason TEXT NOT NULL,
            found_at BIGINT NOT NULL,
            PRIMARY KEY (book_id, href)
        );

        CREATE FUNCTION switchboard_sync_contacts_added() RETURNS trigger LANGUAGE plpgsql AS $f$
        BEGIN
            IF \(applying) OR NOT EXISTS (SELECT 1 FROM sync_books) THEN RETURN NULL; END IF;
            INSERT INTO sync_queue (book_id, contact_id, kind, queued_at)
                SELECT d.book_id, n.id, 'add', \(now) FROM added n
                \(defaultBook)
                WHERE d.book_id IS NOT NULL ORDER BY n.id
                ON CONFLICT (contact_id) WHERE contact_id IS NOT NULL DO NOTHING;
            RETURN NULL;
        END
        $f$;
        CREATE TRIGGER sync_queue_contacts_added AFTER INSERT ON contacts REFERENCING NEW TABLE AS added
            FOR EACH STATEMENT EXECUTE FUNCTION switchboard_sync_contacts_added();

        CREATE FUNCTION switchboard_sync_contacts_changed() RETURNS trigger LANGUAGE plpgsql AS $f$
        BEGIN
            IF \(applying) OR NOT EXISTS (SELECT 1 FROM sync_books) THEN RETURN NULL; END IF;
            INSERT INTO sync_queue (book_id, contact_id, kind, queued_at)
                SELECT coalesce(c.book_id, d.book_id), n.id, CASE WHEN c.contact_id IS NULL THEN 'add' ELSE 'edit' END, \(now)
                FROM changed n JOIN unchanged o ON o.id = n.id
                LEFT JOIN sync_cards c ON c.contact_id = n.id
                \(defaultBook)
                WHERE (\(syncedColumns.map { "o.\($0)" }.joined(separator: ", ")))
                      IS DISTINCT FROM (\(syncedColumns.map { "n.\($0)" }.joined(separator: ", ")))
                  AND coalesce(c.book_id, d.book_id) IS NOT NULL
                ORDER BY n.id
                ON CONFLICT (contact_id) WHERE contact_id IS NOT NULL DO NOTHING;
            RETURN NULL;
        END
        $f$;
        CREATE TRIGGER sync_queue_contacts_changed AFTER UPDATE ON contacts REFERENCING OLD TABLE AS unchanged NEW TABLE AS changed
            FOR EACH STATEMENT EXECUTE FUNCTION switchboard_sync_contacts_changed();

        CREATE FUNCTION switchboard_sync_contacts_deleted() RETURNS trigger LANGUAGE plpgsql AS $f$
        BEGIN
            IF NOT EXISTS (SELECT 1 FROM sync_books) THEN RETURN NULL; END IF;
            IF NOT \(applying) THEN
                INSERT INTO sync_queue (book_id, contact_id, kind, href, etag, queued_at)
                    SELECT book_id, NULL, 'delete', href, etag, \(now) FROM (
                        SELECT o.id, 0 AS n, c.book_id, c.href, c.etag FROM removed o JOIN sync_cards c ON c.contact_id = o.id
                        UNION ALL
                        SELECT o.id, 1, q.book_id, q.href, NULL FROM removed o JOIN sync_queue q ON q.contact_id = o.id
                        WHERE q.kind = 'add' AND q.href IS NOT NULL
                    ) gone ORDER BY id, n;
            END IF;
            DELETE FROM sync_queue WHERE contact_id IN (SELECT id FROM removed);
            DELETE FROM sync_cards WHERE contact_id IN (SELECT id FROM removed);
            RETURN NULL;
        END
        $f$;
        CREATE TRIGGER sync_queue_contacts_deleted AFTER DELETE ON contacts REFERENCING OLD TABLE AS removed
            FOR EACH STATEMENT EXECUTE FUNCTION switchboard_sync_contacts_deleted();
        """

    /// A team directory's grants and policies on the sync tables (once; `directory init` runs it on
    /// a directory set up before them too). `member`, `editor`: the group roles, quoted.
    ///
    /// A member's sync accounts are their own account's (an editor's also the team book's, as with
    /// the contacts); every other sync table's rows are those of the address books of the sync
    /// accounts the member has — the policies nest (`sync_books` in `sync_accounts`, the rest in
    /// `sync_books`), so PostgreSQL applies each table's own policy inside.
    static func teamPolicies(member: String, editor: String) -> String {
        let own = "account_id IN (SELECT id FROM accounts WHERE role_name = current_user)"
        let team = "account_id IN (SELECT id FROM accounts WHERE is_team)"
        let ofBooks = "sync_account_id IN (SELECT id FROM sync_accounts)"
        let inBooks = "book_id IN (SELECT id FROM sync_books)"
        var sql = """
            GRANT SELECT, INSERT, UPDATE, DELETE ON \(tables.joined(separator: ", ")) TO \(member);
            GRANT USAGE ON SEQUENCE sync_accounts_id_seq, sync_books_id_seq, sync_queue_id_seq, sync_conflicts_id_seq TO \(member);
            ALTER TABLE sync_accounts ENABLE ROW LEVEL SECURITY;
            CREATE POLICY sync_accounts_own ON sync_accounts FOR ALL TO \(member) USING (\(own)) WITH CHECK (\(own));
            CREATE POLICY sync_accounts_team ON sync_accounts FOR ALL TO \(editor) USING (\(team)) WITH CHECK (\(team));
            ALTER TABLE sync_books ENABLE ROW LEVEL SECURITY;
            CREATE POLICY sync_books_own ON sync_books FOR ALL TO \(member) USING (\(ofBooks)) WITH CHECK (\(ofBooks));

            """
        for table in ["sync_cards", "sync_queue", "sync_conflicts", "sync_problems"] {
            sql += """
                ALTER TABLE \(table) ENABLE ROW LEVEL SECURITY;
                CREATE POLICY \(table)_own ON \(table) FOR ALL TO \(member) USING (\(inBooks)) WITH CHECK (\(inBooks));

                """
        }
        return sql
    }
}
