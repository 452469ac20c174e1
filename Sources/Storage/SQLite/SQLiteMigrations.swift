import AppServices
/// The schema, one step per version. A step runs in one transaction with the
/// bump of `user_version`, so a crash mid-upgrade leaves the old version whole.
enum SQLiteMigrations {
    /// How many steps `all` has: the newest version. Written out (`SchemaCheckTests` holds it to
    /// `all.count`) so that opening an up-to-date file does not build every step's SQL (~218,000
    /// instructions, at each start) only to count them.
    static let count = 24

    static let all: [String] = [
        // 1: accounts, the saved session, failed sign-in counts.
        """
        CREATE TABLE accounts (
            id INTEGER PRIMARY KEY,
            username TEXT NOT NULL,
            username_key TEXT NOT NULL UNIQUE,
            password_hash TEXT NOT NULL,
            created_at INTEGER NOT NULL
        );
        CREATE TABLE session (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            created_at INTEGER NOT NULL
        );
        CREATE TABLE sign_in_failures (
            username_key TEXT PRIMARY KEY,
            failures INTEGER NOT NULL,
            last_failure_at INTEGER NOT NULL
        );
        """,
        // 2: contacts with their phones and emails, and a trigram index for search.
        """
        CREATE TABLE contacts (
            id INTEGER PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            first_name TEXT NOT NULL,
            last_name TEXT NOT NULL,
            company TEXT NOT NULL,
            notes TEXT NOT NULL,
            is_friend INTEGER NOT NULL DEFAULT 0,
            sort_key TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL
        );
        CREATE INDEX contacts_by_name ON contacts (account_id, sort_key, id);
        CREATE INDEX contacts_friends_by_name ON contacts (account_id, is_friend, sort_key, id);
        CREATE TABLE contact_phones (
            id INTEGER PRIMARY KEY,
            contact_id INTEGER NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            label TEXT NOT NULL,
            number TEXT NOT NULL
        );
        CREATE INDEX contact_phones_by_contact ON contact_phones (contact_id, position);
        CREATE TABLE contact_emails (
            id INTEGER PRIMARY KEY,
            contact_id INTEGER NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            address TEXT NOT NULL
        );
        CREATE INDEX contact_emails_by_contact ON contact_emails (contact_id, position);
        CREATE VIRTUAL TABLE contact_search USING fts5(text, tokenize = 'trigram');
        """,
        // 3: each account's number of contacts, kept by the contacts store in the same transaction as the change.
        """
        CREATE TABLE contact_counts (
            account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
            total INTEGER NOT NULL
        );
        INSERT INTO contact_counts (account_id, total) SELECT account_id, count(*) FROM contacts GROUP BY account_id;
        """,
        // 4: list ranks (see SQLiteListOrder); the search index rebuilt under them (so matches come in list order), from names, emails and phone digits; the friends index holds friends only, and the counts table counts them; phones ([[label, number], …]) and emails ([address, …]) move into the contact row as JSON, read and written whole with it.
        """
        ALTER TABLE contacts ADD COLUMN sort_rank INTEGER;
        ALTER TABLE contacts ADD COLUMN phones TEXT NOT NULL DEFAULT '[]';
        ALTER TABLE contacts ADD COLUMN emails TEXT NOT NULL DEFAULT '[]';
        UPDATE contacts SET
            phones = coalesce((SELECT json_group_array(json_array(label, number)) FROM
                (SELECT label, number FROM contact_phones WHERE contact_id = contacts.id ORDER BY position)), '[]'),
            emails = coalesce((SELECT json_group_array(address) FROM
                (SELECT address FROM contact_emails WHERE contact_id = contacts.id ORDER BY position)), '[]');
        DROP TABLE contact_phones;
        DROP TABLE contact_emails;
        CREATE TEMP TABLE migration_ranks (id INTEGER PRIMARY KEY, position INTEGER NOT NULL);
        INSERT INTO migration_ranks SELECT id, row_number() OVER (ORDER BY account_id, sort_key, id) FROM contacts;
        UPDATE contacts SET sort_rank = r.position * 64 FROM migration_ranks r WHERE r.id = contacts.id;
        DROP TABLE contact_search;
        CREATE VIRTUAL TABLE contact_search USING fts5(text, contact_id UNINDEXED, tokenize = 'trigram', columnsize = 0);
        INSERT INTO contact_search (rowid, text, contact_id)
            SELECT c.sort_rank, \(SearchDocumentFunction.documentOfContactCBeforeCardFields), c.id FROM migration_ranks r JOIN contacts c ON c.id = r.id
            ORDER BY r.position;
        DROP TABLE migration_ranks;
        DROP INDEX contacts_friends_by_name;
        CREATE INDEX contacts_friends_by_name ON contacts (account_id, sort_key, id) WHERE is_friend = 1;
        ALTER TABLE contact_counts ADD COLUMN friends INTEGER NOT NULL DEFAULT 0;
        UPDATE contact_counts SET friends = (SELECT count(*) FROM contacts c WHERE c.account_id = contact_counts.account_id AND c.is_friend = 1);
        """,
        // 5: each account's settings, one row a setting.
        """
        CREATE TABLE settings (
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (account_id, key)
        ) WITHOUT ROWID;
        """,
        // 6: the activity log, one row an event, written with the change it records.
        """
        CREATE TABLE activity (
            id INTEGER PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            at INTEGER NOT NULL,
            kind TEXT NOT NULL,
            subject TEXT NOT NULL,
            contact_id INTEGER
        );
        CREATE INDEX activity_by_account ON activity (account_id, id);
        """,
        // 7: search entries hold the name as shown (East Asian names family name first), in the other
        // order too, and word starts marked for searches of one or two characters.
        """
        DELETE FROM contact_search;
        INSERT INTO contact_search (rowid, text, contact_id)
            SELECT c.sort_rank, \(SearchDocumentFunction.documentOfContactCBeforeCardFields), c.id FROM contacts c ORDER BY c.sort_rank;
        """,
        // 8: each event's subject folded, indexed, for type-ahead in the activity feed.
        """
        ALTER TABLE activity ADD COLUMN subject_key TEXT NOT NULL DEFAULT '';
        UPDATE activity SET subject_key = \(SearchDocumentFunction.foldName)(subject);
        CREATE INDEX activity_by_subject ON activity (account_id, subject_key, id);
        """,
        // 9: the fields address books carry (see SQLiteContactsStore+CardFields): a stable UID, unique
        // per account (NULL until an export or an import gives one), nickname, title, birthday, web
        // address, postal addresses, and opaque vCard extras; search entries hold the company and notes too.
        """
        ALTER TABLE contacts ADD COLUMN uid TEXT;
        ALTER TABLE contacts ADD COLUMN nickname TEXT NOT NULL DEFAULT '';
        ALTER TABLE contacts ADD COLUMN title TEXT NOT NULL DEFAULT '';
        ALTER TABLE contacts ADD COLUMN birthday TEXT NOT NULL DEFAULT '';
        ALTER TABLE contacts ADD COLUMN url TEXT NOT NULL DEFAULT '';
        ALTER TABLE contacts ADD COLUMN addresses TEXT NOT NULL DEFAULT '';
        ALTER TABLE contacts ADD COLUMN extras TEXT NOT NULL DEFAULT '';
        CREATE UNIQUE INDEX contacts_by_uid ON contacts (account_id, uid);
        DELETE FROM contact_search;
        INSERT INTO contact_search (rowid, text, contact_id)
            SELECT c.sort_rank, \(SearchDocumentFunction.documentOfContactCBeforeCardFields), c.id FROM contacts c ORDER BY c.sort_rank;
        """,
        // 10: what imports used to count as "not kept": the name's honorific prefix and suffix (vCard N's
        // 4th and 5th parts), each e-mail's label (a JSON array of text by position, like `emails`; '[]'
        // when none has one), and which e-mail and which phone is preferred (vCard PREF): a 0-based
        // position in `emails` / `phones`, NULL for none. Plain columns, nothing to backfill.
        """
        ALTER TABLE contacts ADD COLUMN name_prefix TEXT NOT NULL DEFAULT '';
        ALTER TABLE contacts ADD COLUMN name_suffix TEXT NOT NULL DEFAULT '';
        ALTER TABLE contacts ADD COLUMN email_labels TEXT NOT NULL DEFAULT '[]';
        ALTER TABLE contacts ADD COLUMN preferred_email INTEGER;
        ALTER TABLE contacts ADD COLUMN preferred_phone INTEGER;
        """,
        // 11: each contact's revision, counted up by every change, so an edit made from what was read
        // at one revision never overwrites a change someone made after (the stored contacts start at 1).
        """
        ALTER TABLE contacts ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
        """,
        // 12: search entries folded as searches are (`SearchText.searchFold`): a Latin letter with a stroke,
        // bar or middle dot (ł ø đ ħ…) and the dotless i as their plain letter ("luk" finds Łukasiewicz);
        // they hold the job title and each address's city too.
        """
        DELETE FROM contact_search;
        INSERT INTO contact_search (rowid, text, contact_id)
            SELECT c.sort_rank, \(SearchDocumentFunction.documentOfContactCBeforeDisplayName), c.id FROM contacts c ORDER BY c.sort_rank;
        """,
        // 13: each phone's digits start as a word of the name does, so a search of one or two digits
        // ("+4", "44") finds the numbers starting with them.
        """
        DELETE FROM contact_search;
        INSERT INTO contact_search (rowid, text, contact_id)
            SELECT c.sort_rank, \(SearchDocumentFunction.documentOfContactCBeforeDisplayName), c.id FROM contacts c ORDER BY c.sort_rank;
        """,
        // 14: the last deletes of each account, whole, for Undo (`DeletedContactText`).
        """
        CREATE TABLE deleted_contacts (
            id INTEGER PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            deleted_at INTEGER NOT NULL,
            record TEXT NOT NULL
        );
        CREATE INDEX deleted_contacts_by_account ON deleted_contacts (account_id, id);
        """,
        // 15: each contact's vCard as it came (`ContactRecord.card`): an import's card whole, '' for a
        // contact made here; an export writes it with the properties of changed fields rewritten.
        """
        ALTER TABLE contacts ADD COLUMN card TEXT NOT NULL DEFAULT '';
        """,
        // 16: CardDAV sync (issue 38; see SQLiteSyncStore): accounts on servers (never a password), their
        // chosen address books with the last sync token / ctag, each synced contact's place (href, etag, the
        // last card synced: the base of a three-way merge), the queue of local changes to send, conflicts
        // (the local version kept beside the server's), cards the server holds that could not be read or
        // that it refused. Local writes enter the queue through triggers on `contacts`, so every writer
        // (the app, import, restore) is covered; the sync itself writes with `sync_flags.applying` set,
        // in the same transaction, so its own writes are not queued.
        SQLiteSyncSchema.migration,
        // 17: the name a contact is shown by (`ContactRecord.displayName`: its formatted name, else the
        // name from its parts, else its company, e-mail or phone), kept at each write so lists read it
        // with the row; the formatted name (vCard FN) as the card wrote it and N's additional names,
        // each in a column of its own. Rows from before keep '' (shown by first and last name, as before).
        """
        ALTER TABLE contacts ADD COLUMN display_name TEXT NOT NULL DEFAULT '';
        ALTER TABLE contacts ADD COLUMN formatted_name TEXT NOT NULL DEFAULT '';
        ALTER TABLE contacts ADD COLUMN middle_name TEXT NOT NULL DEFAULT '';
        """,
        // 18: group cards (KIND:group, iCloud's X-ADDRESSBOOKSERVER-KIND:group), kept whole as they came:
        // not people, so not contacts; an export writes them back after the contacts.
        """
        CREATE TABLE group_cards (
            id INTEGER PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            uid TEXT NOT NULL,
            card TEXT NOT NULL
        );
        CREATE INDEX group_cards_by_account ON group_cards (account_id, uid);
        """,
        // 19: the list sorted by first name or by company as well (`ContactListOrder`): each order's key
        // in a column of its own (`SearchText.firstNameKey`, `companyKey`), kept at each write, under an
        // index like the name order's, so a page of the list is one range of an index in any order.
        """
        ALTER TABLE contacts ADD COLUMN sort_key_first TEXT NOT NULL DEFAULT '';
        ALTER TABLE contacts ADD COLUMN sort_key_company TEXT NOT NULL DEFAULT '';
        UPDATE contacts SET sort_key_first = \(SortKeyFunction.firstName)(first_name, last_name, display_name),
            sort_key_company = \(SortKeyFunction.company)(company, sort_key);
        CREATE INDEX contacts_by_first_name ON contacts (account_id, sort_key_first, id);
        CREATE INDEX contacts_by_company ON contacts (account_id, sort_key_company, id);
        """,
        // 20: each group's members (CATEGORIES) in a table of their own, with the members' keys of each
        // list order under an index each, so a group's window is one range of an index (it was a walk
        // of the whole list reading every contact's extras); kept by triggers on `contacts`, so every
        // writer is covered (only a contact whose extras name CATEGORIES costs anything).
        """
        CREATE TABLE contact_groups (
            account_id INTEGER NOT NULL,
            name TEXT NOT NULL,
            contact_id INTEGER NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
            sort_key TEXT NOT NULL,
            sort_key_first TEXT NOT NULL,
            sort_key_company TEXT NOT NULL,
            PRIMARY KEY (contact_id, name)
        ) WITHOUT ROWID;
        INSERT INTO contact_groups SELECT c.account_id, g.value, c.id, c.sort_key, c.sort_key_first, c.sort_key_company
            FROM contacts c, json_each(\(GroupsFunction.groupsJSONName)(c.extras)) g WHERE instr(c.extras, 'CATEGORIES') > 0;
        CREATE INDEX contact_groups_by_name ON contact_groups (account_id, name, sort_key, contact_id);
        CREATE INDEX contact_groups_by_first_name ON contact_groups (account_id, name, sort_key_first, contact_id);
        CREATE INDEX contact_groups_by_company ON contact_groups (account_id, name, sort_key_company, contact_id);
        CREATE TRIGGER contact_groups_added AFTER INSERT ON contacts WHEN instr(NEW.extras, 'CATEGORIES') > 0
        BEGIN
            INSERT INTO contact_groups SELECT NEW.account_id, g.value, NEW.id, NEW.sort_key, NEW.sort_key_first, NEW.sort_key_company
                FROM json_each(\(GroupsFunction.groupsJSONName)(NEW.extras)) g;
        END;
        CREATE TRIGGER contact_groups_changed AFTER UPDATE OF extras, sort_key, sort_key_first, sort_key_company, account_id ON contacts
        WHEN instr(OLD.extras, 'CATEGORIES') > 0 OR instr(NEW.extras, 'CATEGORIES') > 0
        BEGIN
            DELETE FROM contact_groups WHERE contact_id = OLD.id;
            INSERT INTO contact_groups SELECT NEW.account_id, g.value, NEW.id, NEW.sort_key, NEW.sort_key_first, NEW.sort_key_company
                FROM json_each(\(GroupsFunction.groupsJSONName)(NEW.extras)) g;
        END;
        """,
        // 21: the display name (FN) of rows stored before it was kept (17) — an import's card's FN, else
        // the name from the parts, company, e-mail… (`ContactRecord.displayName`) — so the list, search and
        // mail clients' query show it; a contact with no person's name is filed by it, so the keys, ranks
        // and search entries are made again when any row changed.
        """
        CREATE TEMP TABLE migration_fn (id INTEGER PRIMARY KEY);
        INSERT INTO migration_fn SELECT id FROM contacts WHERE display_name = '';
        UPDATE contacts SET
            formatted_name = \(SortKeyFunction.backfilled)(\(Self.backfillArguments), 1)
            WHERE id IN (SELECT id FROM migration_fn);
        UPDATE contacts SET
            display_name = \(SortKeyFunction.backfilled)(\(Self.backfillArguments), 0)
            WHERE id IN (SELECT id FROM migration_fn);
        UPDATE contacts SET sort_key = \(SortKeyFunction.name)(first_name, last_name, display_name) WHERE id IN (SELECT id FROM migration_fn);
        UPDATE contacts SET sort_key_first = \(SortKeyFunction.firstName)(first_name, last_name, display_name),
            sort_key_company = \(SortKeyFunction.company)(company, sort_key) WHERE id IN (SELECT id FROM migration_fn);
        DELETE FROM contact_search WHERE EXISTS (SELECT 1 FROM migration_fn);
        UPDATE contacts SET sort_rank = r.place * 64 FROM
            (SELECT id, row_number() OVER (ORDER BY account_id, sort_key, id) AS place FROM contacts) r
            WHERE contacts.id = r.id AND EXISTS (SELECT 1 FROM migration_fn);
        INSERT INTO contact_search (rowid, text, contact_id)
            SELECT c.sort_rank, \(SearchDocumentFunction.documentOfContactC), c.id FROM contacts c
            WHERE EXISTS (SELECT 1 FROM migration_fn) ORDER BY c.sort_rank;
        DROP TABLE migration_fn;
        """,
        // 22: what the mail harvest learnt (`switchboard harvest`, issue 50; `SQLiteMailHistorySchema`).
        SQLiteMailHistorySchema.migration,
        // 23: the mail clients' answers to a search of two characters, kept ready by triggers on
        // `contacts` (`SQLiteMailQuerySchema`, issue 50), filled from the stored contacts.
        SQLiteMailQuerySchema.migration,
        // 24: those answers in one table (`SQLiteMailQueryRowsSchema`) with mutt's line and its
        // address's key made once, where 23's two tables parsed each line again: writes cheaper.
        SQLiteMailQueryRowsSchema.migration,
    ]

    /// A row's columns for `switchboard_backfilled` (its first e-mail and phone, where the lists are JSON).
    static let backfillArguments = """
        first_name, middle_name, last_name, company,
        CASE WHEN json_valid(emails) THEN coalesce(emails ->> 0, '') ELSE '' END,
        CASE WHEN json_valid(phones) THEN coalesce(phones -> 0 ->> 1, '') ELSE '' END,
        nickname, title, url, notes, formatted_name, card
        """

    /// `version` was read before the write lock: another program opening the same file (the app
    /// beside `switchboard query` from mutt) may have run a step since, so each step reads the
    /// version again inside its transaction and is skipped when it is done already.
    static func migrate(_ db: SQLiteDatabase, from version: Int) throws(ServiceError) {
        guard version < count else { return }
        for step in version..<count {
            try db.transaction { () throws(ServiceError) in
                guard db.userVersion == step else { return } // done by another connection meanwhile
                try db.execute(all[step])
                try db.execute("PRAGMA user_version = \(step + 1)")
            }
        }
    }
}
