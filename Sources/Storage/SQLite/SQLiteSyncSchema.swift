import AppServices

/// The tables and triggers of CardDAV sync (migration 16), and how local changes get queued.
///
/// **How a local write enters the queue.** Triggers on `contacts` do it, so every writer is covered
/// (the app's add, edit, delete and friend flag, an import, Undo's restore, another process on the
/// same file) without any of them knowing about sync:
/// - a contact **added** to an account that syncs (one of its address books is the default, where
///   new contacts go) is queued `add` to that book;
/// - a contact whose shown fields **change** (name, phones, e-mails, company, notes, friend flag, …:
///   not its rank, revision or kept card) is queued `edit` when it is bound to a card on a server,
///   `add` when it is not yet (a contact left here after a conflict, made before sync was set up);
///   at most one row a contact: a second edit before the next sync changes nothing in the queue;
/// - a contact **deleted** here: its pending row goes, and when it is bound, a `delete` with the
///   card's href and etag is queued (an add never sent is simply dropped).
/// The queue is sent in `id` order. The sync engine's own writes (cards from the server) happen with
/// `sync_flags.applying = 1`, set and reset inside the engine's transaction, so they are not queued;
/// no other connection can write in between (every write is `BEGIN IMMEDIATE`).
enum SQLiteSyncSchema {
    /// Now, in seconds, as the triggers write it.
    private static let now = "CAST(strftime('%s', 'now') AS INTEGER)"
    /// True while the sync engine writes.
    private static let applying = "(SELECT applying FROM sync_flags WHERE id = 1) = 1"
    /// The fields a person sees and edits; a change of any of them is queued.
    static let syncedColumns = ["first_name", "last_name", "company", "notes", "is_friend", "phones", "emails", "uid", "nickname",
                                "title", "birthday", "url", "addresses", "extras", "name_prefix", "name_suffix", "email_labels",
                                "preferred_email", "preferred_phone", "display_name", "formatted_name", "middle_name"]

    static let migration = """
        CREATE TABLE sync_accounts (
            id INTEGER PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            url TEXT NOT NULL,
            home_url TEXT NOT NULL,
            username TEXT NOT NULL,
            password_command TEXT,
            ca_file TEXT,
            created_at INTEGER NOT NULL,
            last_sync_at INTEGER,
            last_error TEXT
        );
        CREATE TABLE sync_books (
            id INTEGER PRIMARY KEY,
            sync_account_id INTEGER NOT NULL REFERENCES sync_accounts(id) ON DELETE CASCADE,
            url TEXT NOT NULL,
            display_name TEXT NOT NULL,
            sync_token TEXT,
            ctag TEXT,
            is_default INTEGER NOT NULL DEFAULT 0,
            UNIQUE (sync_account_id, url)
        );
        CREATE TABLE sync_cards (
            contact_id INTEGER PRIMARY KEY,
            book_id INTEGER NOT NULL REFERENCES sync_books(id) ON DELETE CASCADE,
            href TEXT NOT NULL,
            etag TEXT,
            card TEXT NOT NULL
        );
        CREATE UNIQUE INDEX sync_cards_by_href ON sync_cards (book_id, href);
        CREATE TABLE sync_queue (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            book_id INTEGER NOT NULL REFERENCES sync_books(id) ON DELETE CASCADE,
            contact_id INTEGER,
            kind TEXT NOT NULL CHECK (kind IN ('add', 'edit', 'delete')),
            href TEXT,
            etag TEXT,
            queued_at INTEGER NOT NULL
        );
        CREATE UNIQUE INDEX sync_queue_by_contact ON sync_queue (contact_id) WHERE contact_id IS NOT NULL;
        CREATE INDEX sync_queue_by_href ON sync_queue (book_id, href) WHERE href IS NOT NULL;
        CREATE TABLE sync_conflicts (
            id INTEGER PRIMARY KEY,
            book_id INTEGER NOT NULL REFERENCES sync_books(id) ON DELETE CASCADE,
            contact_id INTEGER,
            href TEXT NOT NULL,
            kind TEXT NOT NULL,
            fields TEXT NOT NULL,
            local_record TEXT NOT NULL,
            found_at INTEGER NOT NULL
        );
        CREATE TABLE sync_problems (
            book_id INTEGER NOT NULL REFERENCES sync_books(id) ON DELETE CASCADE,
            href TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('unreadable', 'refused')),
            etag TEXT,
            contact_id INTEGER,
            reason TEXT NOT NULL,
            found_at INTEGER NOT NULL,
            PRIMARY KEY (book_id, href)
        );
        CREATE TABLE sync_flags (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            applying INTEGER NOT NULL
        );
        INSERT INTO sync_flags (id, applying) VALUES (1, 0);
        """

    /// The queue's triggers (see above). Each costs every insert into `contacts` a run of its
    /// program even when nothing syncs — over an import of 100,000 cards 4 s of CPU, as much as the
    /// import's own — so they exist only while some address book syncs: `settleTriggers` makes them
    /// when the first is chosen and takes them away when none is left (checked at each open).
    static let triggers = """
        CREATE TRIGGER sync_queue_contact_added AFTER INSERT ON contacts
        WHEN NOT \(applying)
        BEGIN
            INSERT OR IGNORE INTO sync_queue (book_id, contact_id, kind, queued_at)
                SELECT b.id, NEW.id, 'add', \(now) FROM sync_books b JOIN sync_accounts a ON a.id = b.sync_account_id
                WHERE a.account_id = NEW.account_id AND b.is_default = 1 ORDER BY b.id LIMIT 1;
        END;
        CREATE TRIGGER sync_queue_contact_changed AFTER UPDATE OF \(syncedColumns.joined(separator: ", ")) ON contacts
        WHEN NOT \(applying) AND (\(syncedColumns.map { "OLD.\($0) IS NOT NEW.\($0)" }.joined(separator: " OR ")))
        BEGIN
            INSERT OR IGNORE INTO sync_queue (book_id, contact_id, kind, queued_at)
                SELECT c.book_id, NEW.id, 'edit', \(now) FROM sync_cards c WHERE c.contact_id = NEW.id;
            INSERT OR IGNORE INTO sync_queue (book_id, contact_id, kind, queued_at)
                SELECT b.id, NEW.id, 'add', \(now) FROM sync_books b JOIN sync_accounts a ON a.id = b.sync_account_id
                WHERE a.account_id = NEW.account_id AND b.is_default = 1
                    AND NOT EXISTS (SELECT 1 FROM sync_cards c WHERE c.contact_id = NEW.id)
                ORDER BY b.id LIMIT 1;
        END;
        CREATE TRIGGER sync_queue_contact_deleted BEFORE DELETE ON contacts
        BEGIN
            INSERT INTO sync_queue (book_id, contact_id, kind, href, etag, queued_at)
                SELECT c.book_id, NULL, 'delete', c.href, c.etag, \(now) FROM sync_cards c
                WHERE c.contact_id = OLD.id AND NOT \(applying);
            INSERT INTO sync_queue (book_id, contact_id, kind, href, etag, queued_at)
                SELECT q.book_id, NULL, 'delete', q.href, NULL, \(now) FROM sync_queue q
                WHERE q.contact_id = OLD.id AND q.kind = 'add' AND q.href IS NOT NULL AND NOT \(applying);
            DELETE FROM sync_queue WHERE contact_id = OLD.id;
            DELETE FROM sync_cards WHERE contact_id = OLD.id;
        END;
        """

    static let triggerNames = ["sync_queue_contact_added", "sync_queue_contact_changed", "sync_queue_contact_deleted"]

    /// The edit trigger's statement as SQLite keeps it (`sqlite_master.sql`: from CREATE to END).
    static let changedTrigger: String = {
        let lines = triggers.split(separator: "\n", omittingEmptySubsequences: false)
        let first = lines.firstIndex { $0.hasPrefix("CREATE TRIGGER sync_queue_contact_changed") }!
        let last = lines[first...].firstIndex { $0 == "END;" }!
        return lines[first...last].joined(separator: "\n").dropLast().description
    }()

    /// Makes the queue's triggers exist exactly while some address book syncs (inside the caller's
    /// transaction, or on its own): made when they are missing and a book syncs, dropped when none
    /// does. Only reads when they already match (no lock taken: a file another program is writing
    /// opens as before).
    static func settleTriggers(_ db: SQLiteDatabase) throws(ServiceError) {
        // One statement at each open: whether any book syncs, how many of the triggers the file
        // has, and the edit trigger's text (a file whose triggers an older build made, fewer
        // columns watched, gets today's).
        let look = try db.prepare(settleLook)
        defer { look.reset() }
        guard try look.step() else { return }
        let syncing = look.bool(0), present = look.int(1)
        let stale = syncing && present == triggerNames.count && !look.isNull(2) && look.text(2) != changedTrigger
        guard syncing ? present < triggerNames.count || stale : present > 0 else { return }
        // A savepoint: inside the caller's transaction, or a transaction of its own.
        try db.execute("SAVEPOINT settle_sync_triggers; " + triggerNames.map { "DROP TRIGGER IF EXISTS \($0);" }.joined(separator: " ")
                       + (syncing ? triggers : "") + "; RELEASE settle_sync_triggers")
    }

    /// `settleTriggers`' look at the file, made once.
    private static let settleLook: String = {
        var names = ""
        for name in triggerNames { names += (names.isEmpty ? "'" : ", '") + name + "'" }
        return "SELECT EXISTS (SELECT 1 FROM sync_books), "
            + "(SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN (" + names + ")), "
            + "(SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'sync_queue_contact_changed')"
    }()

    /// The tables (what the schema check must know as ours).
    static let tables = ["sync_accounts", "sync_books", "sync_cards", "sync_queue", "sync_conflicts", "sync_problems", "sync_flags"]
}
