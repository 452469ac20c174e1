import AppServices

/// The mail clients' answers to a search of two characters, kept ready on PostgreSQL (issue 50;
/// schema step 25, `MailQueryIndex`), in the shape of SQLite's `mail_query_rows` (its step 24):
/// per account and two-character start of a word of a name (`prefix`), each address line as mutt
/// is given it (`line`, `MailClientLine.mutt`) under the key of its address (`address_key`), the
/// class of the match (`inside`: 0 when the search starts a word of the name or the address, 1 when
/// only inside one), the name order's key and the address's place in its contact (the preferred one
/// 0). Where SQLite keeps one row for all the contacts that give it (and a count), this table keeps
/// one a contact (`contact_id`): a row is then a contact's, and row-level security ties it to that
/// contact exactly as it ties the word starts (`grant`).
///
/// `mail_query_rows_in_order` puts a start's rows best first, in list order (aerc's and mutt's
/// lines are one range of it, read in order); `mail_query_rows_by_line` puts them by the line's
/// md5 (a line may be longer than an index entry may), so mutt's count, the distinct lines, is one
/// range of it read in order, from the index alone. Kept by the contacts store with each change
/// (add, edit, delete: the app, an import, a merge, sync, the Trash's restore all write through
/// it), filled from the stored contacts by populate and by the step itself; no foreign key (each
/// would cost populate a lookup a row), so the deletes of an account's contacts take them too.
enum PostgresMailQueryRows {
    /// One kept row of a contact.
    struct Row: Equatable {
        var prefix: String
        var inside: Bool
        var place: Int
        var addressKey: String
        var line: String
    }

    /// What a contact's rows take from its name: its two-character word starts, the name its lines
    /// show, and for each start whether it starts a word of the name (then it is a starting match
    /// whatever the address).
    struct NameFacts {
        var starts: [String]
        var shown: String
        var startsTheName: [Bool]
    }

    static func nameFacts(firstName: String, lastName: String, displayName: String, middleName: String, company: String,
                          cache: inout SearchText.FoldCache) -> NameFacts {
        let starts = SearchText.twoCharacterWordStarts(firstName: firstName, lastName: lastName, displayName: displayName,
                                                       middleName: middleName, cache: &cache)
        let shown = ContactRecord.shownName(displayName: displayName, firstName: firstName, lastName: lastName)
        let named = shown.isEmpty ? company : shown
        // `QueryRanking.startsAWord(name:email:)` is the name's part or the address's: the name's, once.
        return NameFacts(starts: starts, shown: shown, startsTheName: starts.map { QueryRanking($0).startsAWord(name: named, email: "") })
    }

    /// A contact's rows: every two-character start of a word of its name
    /// (`SearchText.twoCharacterWordStarts`) with every address of it, the preferred first, the
    /// rest in their order (as `emailAddresses(ofContacts:)` gives them). None without an address.
    static func rows(firstName: String, lastName: String, displayName: String, middleName: String, company: String,
                     emails stored: [String], preferred: Int?, cache: inout SearchText.FoldCache) -> [Row] {
        guard !stored.isEmpty else { return [] }
        let facts = nameFacts(firstName: firstName, lastName: lastName, displayName: displayName, middleName: middleName, company: company, cache: &cache)
        return rows(facts, company: company, emails: stored, preferred: preferred)
    }

    /// The rows of a contact whose name gives `facts`.
    static func rows(_ facts: NameFacts, company: String, emails stored: [String], preferred: Int?) -> [Row] {
        guard !stored.isEmpty, !facts.starts.isEmpty else { return [] }
        var emails = stored
        if let preferred, preferred > 0, preferred < emails.count { emails.insert(emails.remove(at: preferred), at: 0) }
        let lines = emails.map { MailClientLine.mutt(email: $0, name: facts.shown, company: company) }
        let keys = emails.map(MailClientLine.addressKey)
        var rows: [Row] = []
        rows.reserveCapacity(facts.starts.count * emails.count)
        for (n, start) in facts.starts.enumerated() {
            let ranking = QueryRanking(start)
            for place in emails.indices {
                let starting = facts.startsTheName[n] || ranking.startsAWord(name: "", email: emails[place])
                rows.append(Row(prefix: start, inside: !starting, place: place, addressKey: keys[place], line: lines[place]))
            }
        }
        return rows
    }

    static func rows(of contact: ContactRecord) -> [Row] {
        var cache = SearchText.FoldCache()
        return rows(firstName: contact.firstName, lastName: contact.lastName, displayName: contact.displayName, middleName: contact.middleName,
                    company: contact.company, emails: contact.emails, preferred: contact.preferredEmail, cache: &cache)
    }

    /// The table and its indexes (schema step 25).
    static let table = """
        CREATE TABLE mail_query_rows (
            account_id BIGINT NOT NULL,
            prefix TEXT COLLATE "C" NOT NULL,
            inside SMALLINT NOT NULL,
            sort_key TEXT COLLATE "C" NOT NULL,
            contact_id BIGINT NOT NULL,
            place INTEGER NOT NULL,
            address_key TEXT NOT NULL,
            line TEXT NOT NULL,
            line_md5 UUID GENERATED ALWAYS AS (md5(line)::uuid) STORED
        );
        """
    static let indexes = """
        CREATE INDEX mail_query_rows_in_order ON mail_query_rows (account_id, prefix, inside, sort_key, contact_id, place);
        CREATE INDEX mail_query_rows_by_line ON mail_query_rows (account_id, prefix, line_md5);
        CREATE INDEX mail_query_rows_of_contact ON mail_query_rows (contact_id);
        """

    /// The columns a row is written with (the md5 is the server's).
    static let columns = ["account_id", "prefix", "inside", "sort_key", "contact_id", "place", "address_key", "line"]

    /// Step 25: the table, filled from the stored contacts, then indexed (one sort each, not indexes
    /// grown row by row); on a team's directory, the members' grants and policies. A table there
    /// already (a directory set back to an older version and migrated again) is made again.
    static func migrate(_ pg: PostgresConnection) throws(ServiceError) {
        try pg.executeScript("DROP TABLE IF EXISTS mail_query_rows; " + table)
        try fill(on: pg, contacts: "true", [])
        try pg.executeScript(indexes)
        try grant(on: pg)
    }

    /// The indexes' names (populate into an empty directory drops them and makes them again after its fill).
    static let indexNames = ["mail_query_rows_in_order", "mail_query_rows_by_line", "mail_query_rows_of_contact"]

    /// Writes the rows of `contact` (stored under `id` in `account`); its old ones must be gone.
    static func write(_ contact: ContactRecord, id: Int64, account: Int64, on pg: PostgresConnection) throws(ServiceError) {
        let rows = rows(of: contact)
        guard !rows.isEmpty else { return }
        try pg.execute("""
            INSERT INTO mail_query_rows (account_id, prefix, inside, sort_key, contact_id, place, address_key, line)
            SELECT $1, p, i, $2, $3, k, a, l FROM unnest($4::text[], $5::smallint[], $6::int[], $7::text[], $8::text[]) AS u(p, i, k, a, l)
            """, [account, contact.sortKey, id, PostgresMigrations.arrayLiteral(rows.map(\.prefix)),
                  "{" + rows.map { $0.inside ? "1" : "0" }.joined(separator: ",") + "}",
                  "{" + rows.map { String($0.place) }.joined(separator: ",") + "}",
                  PostgresMigrations.arrayLiteral(rows.map(\.addressKey)), PostgresMigrations.arrayLiteral(rows.map(\.line))])
    }

    /// Takes away the rows of the contact `id` of `account`.
    static func remove(id: Int64, account: Int64, on pg: PostgresConnection) throws(ServiceError) {
        try pg.execute("DELETE FROM mail_query_rows WHERE contact_id = $1 AND account_id = $2", [id, account])
    }

    /// Adds the rows of the stored contacts `filter` picks (a condition on the contacts' columns,
    /// its parameters `values`), read 5,000 at a time by id: COPY into a temporary table (row-level
    /// security refuses `COPY FROM` into the table itself for a member), then one insert in the
    /// order of `mail_query_rows_in_order`, through the policies.
    static func fill(on pg: PostgresConnection, contacts filter: String, _ values: [any PostgresValue]) throws(ServiceError) {
        try pg.executeScript("""
            CREATE TEMP TABLE mail_query_rows_fill (account_id BIGINT, prefix TEXT COLLATE "C", inside SMALLINT, sort_key TEXT COLLATE "C",
                contact_id BIGINT, place INTEGER, address_key TEXT, line TEXT) ON COMMIT DROP
            """)
        var cache = SearchText.FoldCache()
        var after: Int64 = -1
        let n = values.count
        while true {
            let contacts = try pg.execute("""
                SELECT id, account_id, first_name, last_name, display_name, middle_name, company, emails::text, preferred_email, sort_key
                FROM contacts WHERE (\(filter)) AND id > $\(n + 1) AND emails <> '[]'::jsonb ORDER BY id LIMIT 5000
                """, values + [after])
            guard contacts.count > 0 else { break }
            after = contacts.int64(contacts.count - 1, 0)
            try pg.copy(into: "mail_query_rows_fill", columns: columns) { send throws(ServiceError) in
                for i in 0..<contacts.count {
                    let emails = PostgresContactLists.decode(phones: "[]", emails: contacts.text(i, 7)).emails
                    let preferred = contacts.isNull(i, 8) ? nil : Int(contacts.int64(i, 8))
                    let rows = rows(firstName: contacts.text(i, 2), lastName: contacts.text(i, 3), displayName: contacts.text(i, 4),
                                    middleName: contacts.text(i, 5), company: contacts.text(i, 6), emails: emails, preferred: preferred, cache: &cache)
                    guard !rows.isEmpty else { continue }
                    let id = contacts.text(i, 0), account = contacts.text(i, 1), key = contacts.text(i, 9)
                    for row in rows {
                        try send([account, row.prefix, row.inside ? "1" : "0", key, id, String(row.place), row.addressKey, row.line])
                    }
                }
            }
        }
        try pg.executeScript("""
            INSERT INTO mail_query_rows (\(columns.joined(separator: ", ")))
                SELECT \(columns.joined(separator: ", ")) FROM mail_query_rows_fill ORDER BY account_id, prefix, inside, sort_key, contact_id, place;
            DROP TABLE mail_query_rows_fill
            """)
    }

    /// Populate's: the rows of its generated contacts (as `PopulateRows.contactRow` stores them: no
    /// middle name, no preferred address), made from the generator without reading the contacts
    /// back, and COPYed in the order of `mail_query_rows_in_order` (start, class, then list order,
    /// which populate's ascending ids follow): into the table itself (`direct`), or on a team's
    /// directory, where row-level security refuses `COPY FROM`, into a temporary table whose rows
    /// then go in through the policies.
    static func copyPopulated(_ rows: PopulateRows, direct: Bool, on pg: PostgresConnection) throws(ServiceError) {
        var cache = SearchText.FoldCache()
        var buckets: [String: [(i: Int32, row: Row)]] = [:]
        // The generator's names repeat: each name's facts made once.
        var named: [String: NameFacts] = [:]
        for i in 0..<rows.count {
            let contact = rows.source.contact(at: Int(rows.order[i]), friendPercent: rows.friendPercent)
            guard !contact.emails.isEmpty else { continue }
            let display = contact.displayName
            let name = contact.firstName + "\u{0}" + contact.lastName + "\u{0}" + display + "\u{0}" + contact.company
            let facts: NameFacts
            if let known = named[name] { facts = known } else {
                facts = nameFacts(firstName: contact.firstName, lastName: contact.lastName, displayName: display, middleName: "",
                                  company: contact.company, cache: &cache)
                named[name] = facts
            }
            for row in Self.rows(facts, company: contact.company, emails: contact.emails, preferred: nil) {
                buckets[row.prefix + (row.inside ? "\u{1}" : "\u{0}"), default: []].append((Int32(i), row))
            }
        }
        guard !buckets.isEmpty else { return }
        // "C" order is byte order; the class after the start (0 before 1) sorts as its byte does.
        let order = buckets.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let target = direct ? "mail_query_rows" : "mail_query_rows_fill"
        if !direct {
            try pg.executeScript("""
                CREATE TEMP TABLE mail_query_rows_fill (account_id BIGINT, prefix TEXT COLLATE "C", inside SMALLINT, sort_key TEXT COLLATE "C",
                    contact_id BIGINT, place INTEGER, address_key TEXT, line TEXT) ON COMMIT DROP
                """)
        }
        try pg.copy(into: target, columns: columns) { send throws(ServiceError) in
            for bucket in order {
                for (i, row) in buckets[bucket] ?? [] {
                    try send([rows.account, row.prefix, row.inside ? "1" : "0", rows.keys[Int(i)], rows.ids[Int(i)], String(row.place),
                              row.addressKey, row.line])
                }
            }
        }
        if !direct {
            try pg.executeScript("""
                INSERT INTO mail_query_rows (\(columns.joined(separator: ", "))) SELECT \(columns.joined(separator: ", ")) FROM mail_query_rows_fill;
                DROP TABLE mail_query_rows_fill
                """)
        }
    }

    /// On a team's directory: the member group may read the rows of the accounts it sees (the
    /// accounts' policy, `switchboard_sees`, as on the contacts) and write its own book's (an
    /// editor the team book's), each row tied to a contact of the account it is filed under.
    static func grant(on pg: PostgresConnection) throws(ServiceError) {
        guard let roles = try PostgresTeamDirectory.roles(of: pg),
              try pg.execute("SELECT to_regclass(quote_ident(current_schema()) || '.mail_query_rows') IS NOT NULL").bool(0, 0),
              try pg.scalarInt("SELECT count(*) FROM pg_policies WHERE schemaname = current_schema() AND tablename = 'mail_query_rows'") == 0
        else { return }
        let quoted = try pg.execute("SELECT quote_ident($1), quote_ident($2)", [roles.member, roles.editor])
        let member = quoted.text(0, 0), editor = quoted.text(0, 1)
        let own = "account_id IN (SELECT id FROM accounts WHERE role_name = current_user)"
        let team = "account_id IN (SELECT id FROM accounts WHERE is_team)"
        let tied = "EXISTS (SELECT 1 FROM contacts c WHERE c.id = mail_query_rows.contact_id AND c.account_id = mail_query_rows.account_id)"
        try pg.executeScript("""
            GRANT SELECT, INSERT, UPDATE, DELETE ON mail_query_rows TO \(member);
            ALTER TABLE mail_query_rows ENABLE ROW LEVEL SECURITY;
            CREATE POLICY mail_query_rows_seen ON mail_query_rows FOR SELECT TO \(member) USING (account_id IN (SELECT id FROM accounts));
            CREATE POLICY mail_query_rows_own ON mail_query_rows FOR ALL TO \(member) USING (\(own)) WITH CHECK (\(own) AND \(tied));
            CREATE POLICY mail_query_rows_team ON mail_query_rows FOR ALL TO \(editor) USING (\(team)) WITH CHECK (\(team) AND \(tied));
            """)
    }
}
