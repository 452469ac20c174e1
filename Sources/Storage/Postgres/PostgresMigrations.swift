import AppServices
/// The shared directory's schema on PostgreSQL, one step per version, mirroring what the
/// SQLite file holds (see `SQLiteMigrations`): accounts and failed sign-ins, contacts with their
/// phones and emails (JSON in the row), each account's counts, settings, the activity log,
/// and the address-book fields of SQLite's step 9; for searches of one or two characters, each name
/// word's first characters in a table of their own (step 6). Where SQLite ranks contacts for its FTS5
/// index, PostgreSQL keeps each contact's search document (`SearchText.document`) in the row
/// under a pg_trgm index and sorts by the `(account_id, sort_key, id)` index itself; text
/// that is sorted or compared is in the "C" collation, so the order is SQLite's (UTF-8 bytes).
///
/// There is no session table: with a shared server, who is signed in belongs to the
/// machine (see `LocalSessionFile`). A step runs in one transaction with the version bump,
/// under an advisory lock, so two clients starting at once migrate once.
enum PostgresMigrations {
    /// SQL, and whether every contact's search document is made again after it (in Swift:
    /// the folding is `SearchText`'s).
    struct Step {
        let sql: String
        let rebuildsSearch: Bool
        /// Work in Swift after the SQL, in the same transaction (values only `SearchText` can make).
        var then: (@Sendable (PostgresConnection) throws(ServiceError) -> Void)? = nil
        static func sql(_ sql: String) -> Step { Step(sql: sql, rebuildsSearch: false) }
        static func both(_ sql: String, rebuild: Bool) -> Step { Step(sql: sql, rebuildsSearch: rebuild) }
        static func sql(_ sql: String, then: @escaping @Sendable (PostgresConnection) throws(ServiceError) -> Void) -> Step {
            Step(sql: sql, rebuildsSearch: false, then: then)
        }
    }

    static let all: [Step] = [
        // 1: accounts and failed sign-in counts (SQLite's 1, without the session).
        .sql("""
        CREATE TABLE accounts (
            id BIGSERIAL PRIMARY KEY,
            username TEXT NOT NULL,
            username_key TEXT NOT NULL UNIQUE,
            password_hash TEXT NOT NULL,
            created_at BIGINT NOT NULL
        );
        CREATE TABLE sign_in_failures (
            username_key TEXT PRIMARY KEY,
            failures INTEGER NOT NULL,
            last_failure_at BIGINT NOT NULL
        );
        """),
        // 2: contacts, their search documents under a trigram index, and each account's counts (SQLite's 2–4).
        .sql("""
        CREATE TABLE contacts (
            id BIGSERIAL PRIMARY KEY,
            account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            first_name TEXT NOT NULL,
            last_name TEXT NOT NULL,
            company TEXT NOT NULL,
            notes TEXT NOT NULL,
            is_friend BOOLEAN NOT NULL DEFAULT false,
            sort_key TEXT COLLATE "C" NOT NULL,
            phones JSONB NOT NULL DEFAULT '[]',
            emails JSONB NOT NULL DEFAULT '[]',
            search_text TEXT COLLATE "C" NOT NULL DEFAULT '',
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL
        );
        CREATE INDEX contacts_by_name ON contacts (account_id, sort_key, id);
        CREATE INDEX contacts_friends_by_name ON contacts (account_id, sort_key, id) WHERE is_friend;
        CREATE INDEX contacts_search ON contacts USING gin (search_text gin_trgm_ops);
        CREATE TABLE contact_counts (
            account_id BIGINT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
            total BIGINT NOT NULL,
            friends BIGINT NOT NULL DEFAULT 0
        );
        """),
        // 3: each account's settings, one row a setting (SQLite's 5).
        .sql("""
        CREATE TABLE settings (
            account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (account_id, key)
        );
        """),
        // 4: the activity log, its subjects folded for type-ahead (SQLite's 6 and 8).
        .sql("""
        CREATE TABLE activity (
            id BIGSERIAL PRIMARY KEY,
            account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            at BIGINT NOT NULL,
            kind TEXT NOT NULL,
            subject TEXT NOT NULL,
            contact_id BIGINT,
            subject_key TEXT COLLATE "C" NOT NULL DEFAULT ''
        );
        CREATE INDEX activity_by_account ON activity (account_id, id);
        CREATE INDEX activity_by_subject ON activity (account_id, subject_key, id);
        """),
        // 5: the address-book fields (SQLite's 9); search documents hold the company and notes too (SQLite's 7 and 9).
        .both("""
        ALTER TABLE contacts ADD COLUMN uid TEXT;
        ALTER TABLE contacts ADD COLUMN nickname TEXT NOT NULL DEFAULT '';
        ALTER TABLE contacts ADD COLUMN title TEXT NOT NULL DEFAULT '';
        ALTER TABLE contacts ADD COLUMN birthday TEXT NOT NULL DEFAULT '';
        ALTER TABLE contacts ADD COLUMN url TEXT NOT NULL DEFAULT '';
        ALTER TABLE contacts ADD COLUMN addresses TEXT NOT NULL DEFAULT '';
        ALTER TABLE contacts ADD COLUMN extras TEXT NOT NULL DEFAULT '';
        CREATE UNIQUE INDEX contacts_by_uid ON contacts (account_id, uid);
        """, rebuild: true),
        // 6: each name word's first one and two characters, one row each in list order, for searches
        // of one or two characters (what SQLite's word-start marks answer): a page of them in list
        // order is one range of an index, however common or rare the start. Kept by the contacts
        // store with each change, found by the contact's old name (no foreign key and no second
        // index: each would cost populate a lookup or an index entry a row).
        .both("""
        CREATE TABLE contact_word_starts (
            account_id BIGINT NOT NULL,
            start TEXT COLLATE "C" NOT NULL,
            sort_key TEXT COLLATE "C" NOT NULL,
            contact_id BIGINT NOT NULL
        );
        CREATE INDEX contact_word_starts_in_order ON contact_word_starts (account_id, start, sort_key, contact_id);
        """, rebuild: true),
        // 7: the name's honorific prefix and suffix, each e-mail's label (a JSON array by position, '[]'
        // when none has one), the preferred e-mail and phone (a 0-based position, NULL for none) (SQLite's 10).
        .sql("""
        ALTER TABLE contacts ADD COLUMN name_prefix TEXT NOT NULL DEFAULT '';
        ALTER TABLE contacts ADD COLUMN name_suffix TEXT NOT NULL DEFAULT '';
        ALTER TABLE contacts ADD COLUMN email_labels JSONB NOT NULL DEFAULT '[]';
        ALTER TABLE contacts ADD COLUMN preferred_email INTEGER;
        ALTER TABLE contacts ADD COLUMN preferred_phone INTEGER;
        """),
        // 8: what a search reads, in a table of its own: each contact's summary (what a list row shows)
        // and search document, under the trigram index and in list order. A search rechecks every
        // row the trigram index hands back; these rows are half the width of the contacts' (their
        // phones, e-mails and address-book fields stay behind), so a phrase found in 12,000 of a million
        // contacts costs a third less, and populate builds this trigram index beside the contacts'
        // indexes on a connection of its own. Kept by the contacts store with each change, like the
        // word starts (no foreign key: one lookup a row for populate).
        .sql("""
        CREATE TABLE contact_search (
            id BIGINT NOT NULL,
            account_id BIGINT NOT NULL,
            sort_key TEXT COLLATE "C" NOT NULL,
            first_name TEXT NOT NULL,
            last_name TEXT NOT NULL,
            is_friend BOOLEAN NOT NULL,
            search_text TEXT COLLATE "C" NOT NULL
        );
        INSERT INTO contact_search (id, account_id, sort_key, first_name, last_name, is_friend, search_text)
            SELECT id, account_id, sort_key, first_name, last_name, is_friend, search_text FROM contacts ORDER BY account_id, sort_key, id;
        CREATE UNIQUE INDEX contact_search_by_id ON contact_search (id);
        CREATE INDEX contact_search_in_order ON contact_search (account_id, sort_key, id);
        CREATE INDEX contact_search_text ON contact_search USING gin (search_text gin_trgm_ops);
        DROP INDEX contacts_search;
        ALTER TABLE contacts DROP COLUMN search_text;
        """),
        // 9: each contact's revision, counted up by every change, so an edit made from what was read
        // at one revision never overwrites a change someone made after (SQLite's 11).
        .sql("""
        ALTER TABLE contacts ADD COLUMN revision BIGINT NOT NULL DEFAULT 1;
        """),
        // 10: search documents and name starts folded as searches are (`SearchText.searchFold`: ł ø đ ħ…
        // as their plain letter, "luk" finds Łukasiewicz) (SQLite's 12).
        .both("SELECT 1", rebuild: true),
        // 11: each phone's first one and two digits among the word starts, so a search of one or two
        // digits ("+4", "44") finds the numbers starting with them (SQLite's 13).
        .both("SELECT 1", rebuild: true),
        // 12: a team's directory (`PostgresTeamDirectory`): the role each member's account belongs to,
        // the team address book's account, and who made each activity event (set by the database).
        .sql("""
        ALTER TABLE accounts ADD COLUMN role_name TEXT UNIQUE;
        ALTER TABLE accounts ADD COLUMN is_team BOOLEAN NOT NULL DEFAULT false;
        ALTER TABLE activity ADD COLUMN actor TEXT NOT NULL DEFAULT '';
        """),
        // 13: the last deletes of each account, whole, for Undo (SQLite's 14).
        .sql("""
        CREATE TABLE deleted_contacts (
            id BIGSERIAL PRIMARY KEY,
            account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            deleted_at BIGINT NOT NULL,
            record TEXT NOT NULL
        );
        CREATE INDEX deleted_contacts_by_account ON deleted_contacts (account_id, id);
        """),
        // 14: each contact's vCard as it came (`ContactRecord.card`; SQLite's 15).
        .sql("""
        ALTER TABLE contacts ADD COLUMN card TEXT NOT NULL DEFAULT '';
        """),
        // 15: the name a contact is shown by, its formatted name (FN) as the card wrote it and N's
        // additional names (SQLite's 16); the search rows carry the display name for the list's pages.
        .sql("""
        ALTER TABLE contacts ADD COLUMN display_name TEXT NOT NULL DEFAULT '',
            ADD COLUMN formatted_name TEXT NOT NULL DEFAULT '', ADD COLUMN middle_name TEXT NOT NULL DEFAULT '';
        ALTER TABLE contact_search ADD COLUMN display_name TEXT NOT NULL DEFAULT '';
        """),
        // 16: group cards kept whole (SQLite's 18).
        .sql("""
        CREATE TABLE group_cards (
            id BIGSERIAL PRIMARY KEY,
            account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            uid TEXT NOT NULL,
            card TEXT NOT NULL
        );
        CREATE INDEX group_cards_by_account ON group_cards (account_id, uid);
        """),
        // 17: the list sorted by first name or by company as well (SQLite's 19): each order's key in a
        // column of its own, filled in Swift (`fillOtherSortKeys`), then indexed like the name order.
        .sql("""
        ALTER TABLE contacts ADD COLUMN sort_key_first TEXT COLLATE "C" NOT NULL DEFAULT '',
            ADD COLUMN sort_key_company TEXT COLLATE "C" NOT NULL DEFAULT '';
        """, then: { pg throws(ServiceError) in
            try fillOtherSortKeys(pg)
            try pg.executeScript("""
                CREATE INDEX contacts_by_first_name ON contacts (account_id, sort_key_first, id);
                CREATE INDEX contacts_by_company ON contacts (account_id, sort_key_company, id);
                """)
        }),
        // 18: each group's members (CATEGORIES) in a table of their own, with the members' keys of each
        // list order under an index each (SQLite's 20), so a group's window is one range of an index;
        // written by the store with the contact (`PostgresContactsStore.writeGroups`).
        .sql("""
        CREATE TABLE contact_groups (
            id BIGSERIAL PRIMARY KEY,
            account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            name TEXT COLLATE "C" NOT NULL,
            contact_id BIGINT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
            sort_key TEXT COLLATE "C" NOT NULL,
            sort_key_first TEXT COLLATE "C" NOT NULL,
            sort_key_company TEXT COLLATE "C" NOT NULL
        );
        INSERT INTO contact_groups (account_id, name, contact_id, sort_key, sort_key_first, sort_key_company)
            SELECT c.account_id, g.item, c.id, c.sort_key, c.sort_key_first, c.sort_key_company
            FROM contacts c CROSS JOIN LATERAL \(PostgresContactsStore.groupItems) g
            WHERE position('CATEGORIES' in c.extras) > 0 AND g.item <> '';
        CREATE INDEX contact_groups_by_name ON contact_groups (account_id, name, sort_key, contact_id);
        CREATE INDEX contact_groups_by_first_name ON contact_groups (account_id, name, sort_key_first, contact_id);
        CREATE INDEX contact_groups_by_company ON contact_groups (account_id, name, sort_key_company, contact_id);
        CREATE INDEX contact_groups_of_contact ON contact_groups (contact_id);
        """),
        // 19: the display name (FN) of rows stored before it was kept (15; SQLite's 21), with what follows
        // from it: a contact with no person's name is filed by it (keys, search row, word starts, groups).
        .sql("SELECT 1", then: { pg throws(ServiceError) in try fillDisplayNames(pg) }),
        // 20: CardDAV sync per account (SQLite's 16; `PostgresSyncSchema`): accounts on servers (never a
        // password), their address books, each synced contact's card, the queue of local changes filled
        // by triggers on the contacts, conflicts and problems.
        .sql(PostgresSyncSchema.migration),
        // 21: what keeps a team's members from harming one another (`PostgresTeamGuards`, issue 47): no
        // password command in the database, functions on a fixed search path, announcements of a
        // member's own book on a channel of its own; on a team's directory the log, keys and sync
        // rows held by the database.
        .sql("SELECT 1", then: { pg throws(ServiceError) in try PostgresTeamGuards.migrate(pg) }),
        // 22: what the mail harvest learnt (SQLite's 22; `PostgresMailHistorySchema`), on a team
        // directory each member's own.
        .sql(PostgresMailHistorySchema.migration, then: { pg throws(ServiceError) in try PostgresMailHistorySchema.grant(on: pg) }),
        // 23: on a team directory, the read rule in one function, the accounts' policy made from it, and
        // the members' searches through the trigram index that apply it (`PostgresTeamSearch`, issue 51).
        .sql("SELECT 1", then: { pg throws(ServiceError) in
            if let roles = try PostgresTeamDirectory.roles(of: pg) { try PostgresTeamSearch.apply(roles, on: pg) }
        }),
        // 24: e-mail addresses compared in any case beyond ASCII (issue 50; SQLite's `AddressKeyFunction`):
        // `lower(… COLLATE switchboard_fold)` folds every letter, as `MailCorrespondent.key` does, where
        // "C" folds A–Z alone. The server's ICU root locale; without ICU, its C.UTF-8; else ASCII as before (kept if
        // there already: a directory set back to an older version and migrated again).
        .sql("""
        DO $d$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_collation WHERE collprovider = 'i' AND collname = 'und-x-icu') THEN
                CREATE COLLATION IF NOT EXISTS switchboard_fold (provider = icu, locale = 'und');
            ELSIF EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'C.utf8' AND collencoding IN (-1, pg_char_to_encoding('UTF8'))) THEN
                CREATE COLLATION IF NOT EXISTS switchboard_fold FROM pg_catalog."C.utf8";
            ELSE
                CREATE COLLATION IF NOT EXISTS switchboard_fold FROM pg_catalog."C";
            END IF;
        END
        $d$;
        """),
        // 25: the mail clients' answers to a search of two characters kept ready (issue 50; SQLite's 24,
        // `PostgresMailQueryRows`): mutt's line and its address's key a contact, address and two-letter
        // word start, filled from the stored contacts, kept by the contacts store with each change.
        .sql("SELECT 1", then: { pg throws(ServiceError) in try PostgresMailQueryRows.migrate(pg) }),
    ]

    /// Every contact whose display name is '' gets it (`ContactRecord.backfilled`), 2,000 at a time.
    static func fillDisplayNames(_ pg: PostgresConnection) throws(ServiceError) {
        try pg.executeScript("SET LOCAL switchboard.bulk = 'on'")
        var after: Int64 = 0
        while true {
            let rows = try pg.execute("""
                SELECT id, account_id, first_name, middle_name, last_name, company, coalesce(emails ->> 0, ''), coalesce(phones -> 0 ->> 1, ''),
                       nickname, title, url, notes, formatted_name, card, phones::text, emails::text, addresses, is_friend
                FROM contacts WHERE display_name = '' AND id > $1 ORDER BY id LIMIT 2000
                """, [after])
            guard rows.count > 0 else { return }
            after = rows.int64(rows.count - 1, 0)
            var cache = SearchText.FoldCache()
            var ids: [String] = [], display: [String] = [], formatted: [String] = [], keys: [String] = [], first: [String] = [],
                company: [String] = [], documents: [String] = [], starts: [String] = [], startIDs: [String] = [], startAccounts: [String] = [],
                startKeys: [String] = []
            for i in 0..<rows.count {
                var record = ContactRecord.backfilled(firstName: rows.text(i, 2), middleName: rows.text(i, 3), lastName: rows.text(i, 4),
                                                      company: rows.text(i, 5), email: rows.text(i, 6), phone: rows.text(i, 7), nickname: rows.text(i, 8),
                                                      title: rows.text(i, 9), url: rows.text(i, 10), notes: rows.text(i, 11),
                                                      formattedName: rows.text(i, 12), card: rows.text(i, 13))
                let lists = PostgresContactLists.decode(phones: rows.text(i, 14), emails: rows.text(i, 15))
                record.phones = lists.phones
                record.emails = lists.emails
                record.addresses = StoredCardFields.decodeAddresses(rows.text(i, 16))
                let id = String(rows.int64(i, 0))
                let shown = record.displayName
                if shown.isEmpty { continue } // nothing to name it by: it keeps ''

                let key = record.sortKey(cache: &cache), other = record.otherSortKeys(cache: &cache)
                ids.append(id); display.append(shown); formatted.append(record.formattedName); keys.append(key)
                first.append(other.firstName); company.append(other.company); documents.append(SearchText.phraseDocument(for: record))
                for start in PostgresContactsStore.wordStarts(firstName: record.firstName, lastName: record.lastName, displayName: shown,
                                                              middleName: record.middleName, cache: &cache)
                    + PostgresContactsStore.phoneStarts(record.phones.map(\.number), besides: []) {
                    starts.append(start); startIDs.append(id); startAccounts.append(String(rows.int64(i, 1))); startKeys.append(key)
                }
            }
            guard !ids.isEmpty else { continue }
            let idArray = "{" + ids.joined(separator: ",") + "}"
            try pg.execute("""
                UPDATE contacts c SET display_name = u.d, formatted_name = u.f, sort_key = u.k, sort_key_first = u.kf, sort_key_company = u.kc
                FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS u(id, d, f, k, kf, kc) WHERE c.id = u.id
                """, [idArray, arrayLiteral(display), arrayLiteral(formatted), arrayLiteral(keys), arrayLiteral(first), arrayLiteral(company)])
            try pg.execute("""
                UPDATE contact_search s SET display_name = u.d, sort_key = u.k, search_text = u.t
                FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[]) AS u(id, d, k, t) WHERE s.id = u.id
                """, [idArray, arrayLiteral(display), arrayLiteral(keys), arrayLiteral(documents)])
            try pg.execute("DELETE FROM contact_word_starts WHERE contact_id = ANY($1::bigint[])", [idArray])
            try pg.execute("""
                INSERT INTO contact_word_starts (account_id, start, sort_key, contact_id)
                SELECT a, s, k, c FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[]) AS u(a, s, k, c)
                """, ["{" + startAccounts.joined(separator: ",") + "}", arrayLiteral(starts), arrayLiteral(startKeys), "{" + startIDs.joined(separator: ",") + "}"])
            try pg.execute("""
                UPDATE contact_groups g SET sort_key = c.sort_key, sort_key_first = c.sort_key_first, sort_key_company = c.sort_key_company
                FROM contacts c WHERE g.contact_id = c.id AND c.id = ANY($1::bigint[])
                """, [idArray])
        }
    }

    /// Every contact's first-name and company orders' keys, made from its row, written 5,000 at a time.
    static func fillOtherSortKeys(_ pg: PostgresConnection) throws(ServiceError) {
        // No activity entry a row on a team's directory (its trigger logs each change otherwise).
        try pg.executeScript("SET LOCAL switchboard.bulk = 'on'")
        let rows = try pg.execute("SELECT id, first_name, last_name, display_name, company, sort_key FROM contacts")
        var cache = SearchText.FoldCache()
        var start = 0
        while start < rows.count {
            let end = min(rows.count, start + 5_000)
            var ids: [String] = [], first: [String] = [], company: [String] = []
            for i in start..<end {
                ids.append(String(rows.int64(i, 0)))
                first.append(SearchText.firstNameKey(firstName: rows.text(i, 1), lastName: rows.text(i, 2), displayName: rows.text(i, 3), cache: &cache))
                company.append(SearchText.companyKey(company: rows.text(i, 4), nameKey: rows.text(i, 5), cache: &cache))
            }
            try pg.execute("""
                UPDATE contacts c SET sort_key_first = u.f, sort_key_company = u.co
                FROM unnest($1::bigint[], $2::text[], $3::text[]) AS u(id, f, co) WHERE c.id = u.id
                """, ["{" + ids.joined(separator: ",") + "}", arrayLiteral(first), arrayLiteral(company)])
            start = end
        }
    }

    /// A PostgreSQL text array literal of `items`, each quoted.
    static func arrayLiteral(_ items: [String]) -> String {
        var out = "{"
        for (n, item) in items.enumerated() {
            if n > 0 { out += "," }
            out += "\""
            for c in item.unicodeScalars {
                if c == "\\" || c == "\"" { out += "\\" }
                out.unicodeScalars.append(c)
            }
            out += "\""
        }
        return out + "}"
    }

    /// The newest schema this build knows.
    static var latest: Int { all.count }

    /// A number no other program's advisory lock is likely to use ("SWBD").
    static let lockKey: Int64 = 0x5357_4244

    /// The schema version of the connected database (0 when empty); refuses a database of another
    /// program (any table, view, foreign table, sequence, type or function in the schema), one
    /// written by a newer build, and one whose version table was emptied or changed by hand.
    static func version(of pg: PostgresConnection) throws(ServiceError) -> Int {
        // In the schema this connection creates tables in (the first of its search path), not any other on the path.
        guard try pg.execute("SELECT current_schema() IS NOT NULL").bool(0, 0) else {
            throw ServiceError(.unavailable, place: .server(pg.server), detail: "current_schema() is null", code: .noSchema)
        }
        let hasTable = try pg.execute("SELECT to_regclass(quote_ident(current_schema()) || '.switchboard_schema') IS NOT NULL")
        if hasTable.bool(0, 0) {
            let rows = try pg.execute("SELECT version FROM switchboard_schema")
            guard rows.count == 1, !rows.isNull(0, 0), rows.int(0, 0) > 0 else {
                throw ServiceError(.damaged, place: .server(pg.server),
                                   detail: "its version table (switchboard_schema) holds \(rows.count) rows where switchboard keeps one number; it was changed by hand")
            }
            return rows.int(0, 0)
        }
        let others = try pg.execute("""
            SELECT kind || ' ' || name FROM (
                SELECT CASE c.relkind WHEN 'r' THEN 'table' WHEN 'p' THEN 'table' WHEN 'v' THEN 'view' WHEN 'm' THEN 'materialized view'
                                      WHEN 'f' THEN 'foreign table' WHEN 'S' THEN 'sequence' ELSE 'relation' END AS kind, c.relname::text AS name
                FROM pg_class c WHERE c.relnamespace = to_regnamespace(quote_ident(current_schema())) AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
                UNION ALL
                SELECT 'type', t.typname::text FROM pg_type t
                WHERE t.typnamespace = to_regnamespace(quote_ident(current_schema())) AND t.typrelid = 0 AND t.typelem = 0
                  AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = t.oid AND d.deptype = 'e')
                UNION ALL
                SELECT 'function', p.proname::text FROM pg_proc p
                WHERE p.pronamespace = to_regnamespace(quote_ident(current_schema()))
                  AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
            ) AS found ORDER BY 1 LIMIT 20
            """)
        if others.count > 0 {
            throw .foreignObjects(server: pg.server, objects: (0..<others.count).map { others.text($0, 0) })
        }
        return 0
    }

    /// The SQL of a step with pg_trgm's operator class named in the schema the extension is in, so
    /// a directory in a schema of its own (whose search_path may not reach the extension's) works.
    static func qualifyingTrigramClass(_ sql: String, on pg: PostgresConnection) throws(ServiceError) -> String {
        guard SearchText.contains(sql, "gin_trgm_ops") else { return sql }
        let rows = try pg.execute("SELECT quote_ident(n.nspname) FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'")
        guard rows.count == 1 else { return sql }
        return SearchText.replacing("gin_trgm_ops", with: rows.text(0, 0) + ".gin_trgm_ops", in: sql)
    }

    /// Brings the database to `target` (default: the newest), one step a transaction.
    ///
    /// A directory already at `target` takes no lock: any role may take the advisory lock (a team's
    /// member from psql too), so a client that has nothing to migrate never waits on it. One that
    /// has waits no longer than the connection's `lock_timeout`, and hears who holds it.
    static func migrate(_ pg: PostgresConnection, to target: Int = latest) throws(ServiceError) {
        let found = try version(of: pg)
        if found > latest { throw ServiceError.newerSchema(path: pg.server, found: found, supported: latest) }
        if found >= target { return }
        try pg.transaction { () throws(ServiceError) in
            try pg.execute("SELECT pg_advisory_xact_lock($1)", [lockKey])
            let version = try version(of: pg)
            if version < target { try pg.executeScript("SET LOCAL statement_timeout = 0") } // a step may remake a million search rows
            if version > latest { throw ServiceError.newerSchema(path: pg.server, found: version, supported: latest) }
            guard version < target else { return }
            if version == 0 {
                do {
                    try pg.executeScript("CREATE EXTENSION IF NOT EXISTS pg_trgm")
                } catch {
                    throw .server(.extensionMissing(server: pg.server, detail: "\(error)"))
                }
                try pg.executeScript("CREATE TABLE switchboard_schema (version INTEGER NOT NULL); INSERT INTO switchboard_schema VALUES (0)")
            }
            for step in version..<target {
                try pg.executeScript(qualifyingTrigramClass(all[step].sql, on: pg))
                if all[step].rebuildsSearch {
                    try rebuildSearch(pg, withNameStarts: step >= 5, inSearchTable: step >= 8, withPhoneStarts: step >= 10)
                }
                try all[step].then?(pg)
                try pg.execute("UPDATE switchboard_schema SET version = $1", [step + 1])
            }
        }
    }

    /// Every contact's search document made again from its row, where steps 5 and 6 kept it (in
    /// the contacts' rows; step 8 moves the documents to `contact_search`, where step 10 remakes them).
    /// `inSearchTable`: the documents are in `contact_search` (from step 8).
    /// `withPhoneStarts`: each phone's first digits among the word starts (from step 11).
    static func rebuildSearch(_ pg: PostgresConnection, withNameStarts: Bool, inSearchTable: Bool = false,
                              withPhoneStarts: Bool = false) throws(ServiceError) {
        if withNameStarts { try pg.execute("DELETE FROM contact_word_starts") }
        // Title and addresses from step 5 on (the address-book fields).
        let cardFields = withNameStarts ? "title, addresses" : "'', ''"
        let rows = try pg.execute("SELECT id, first_name, last_name, company, notes, phones::text, emails::text, \(cardFields) FROM contacts")
        var cache = SearchText.FoldCache()
        for i in 0..<rows.count {
            let lists = PostgresContactLists.decode(phones: rows.text(i, 5), emails: rows.text(i, 6))
            let document = SearchText.document(firstName: rows.text(i, 1), lastName: rows.text(i, 2), emails: lists.emails,
                                               phoneNumbers: lists.phones.map(\.number), others: SearchText.searchedOthers(company: rows.text(i, 3), notes: rows.text(i, 4), title: rows.text(i, 7),
                                                                                    cities: StoredCardFields.decodeAddresses(rows.text(i, 8)).map(\.city)),
                                               marksWordStarts: false, cache: &cache)
            try pg.execute("UPDATE \(inSearchTable ? "contact_search" : "contacts") SET search_text = $1 WHERE id = $2",
                           [document, rows.int64(i, 0)])
            if withNameStarts {
                let starts = PostgresContactsStore.nameStarts(firstName: rows.text(i, 1), lastName: rows.text(i, 2),
                                                              phones: withPhoneStarts ? lists.phones.map(\.number) : [], cache: &cache)
                try pg.execute("""
                    INSERT INTO contact_word_starts (account_id, start, sort_key, contact_id)
                    SELECT account_id, unnest($1::text[]), sort_key, id FROM contacts WHERE id = $2
                    """, [starts, rows.int64(i, 0)])
            }
        }
    }
}
