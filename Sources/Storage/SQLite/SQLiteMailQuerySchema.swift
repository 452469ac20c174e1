/// Schema step 23 as it was released (issue 50): the mail clients' answers to a search of two
/// characters in two tables, `mail_query_lines` (per account and two-character start of a word of
/// a name, each address line as JSON under the class of the match and the name order's key) and
/// `mail_query_distinct` (each distinct line as mutt is given it, under its address's key), kept
/// by triggers on `contacts` and on the first table. Step 24 (`SQLiteMailQueryRowsSchema`) puts
/// one table in their place; this text stays as step 23 ran it (the functions it names,
/// `MailQueryLinesFunction`, stay registered for a file that takes both steps).
enum SQLiteMailQuerySchema {
    static let tables: Set<String> = ["mail_query_lines", "mail_query_distinct"]

    private static func rows(of row: String) -> String {
        """
        \(MailQueryLinesFunction.name)(\(row).first_name, \(row).last_name, \(row).display_name, \(row).middle_name, \
        \(row).company, \(row).emails, \(row).preferred_email)
        """
    }

    /// Adds the rows of the contact `row` (NEW, or `c` in a SELECT over contacts).
    private static func add(_ row: String, from source: String = "") -> String {
        """
        INSERT INTO mail_query_lines (account_id, prefix, inside, sort_key, line, contacts)
            SELECT \(row).account_id, l.value ->> 0, l.value ->> 1, \(row).sort_key, l.value ->> 2, 1
            FROM \(source)json_each(\(rows(of: row))) l WHERE true
            ON CONFLICT (account_id, prefix, inside, sort_key, line) DO UPDATE SET contacts = contacts + 1;
        """
    }

    /// Takes away the rows of the contact OLD: every start with every line (the rows it gave are
    /// exactly those pairs; `inside` follows from the pair), the last contact's row deleted.
    private static let removeOld = """
        DELETE FROM mail_query_lines WHERE account_id = OLD.account_id
            AND prefix IN (SELECT value ->> 0 FROM json_each(\(rows(of: "OLD"))))
            AND inside IN (0, 1) AND sort_key = OLD.sort_key
            AND line IN (SELECT value ->> 2 FROM json_each(\(rows(of: "OLD"))))
            AND contacts = 1;
        UPDATE mail_query_lines SET contacts = contacts - 1 WHERE account_id = OLD.account_id
            AND prefix IN (SELECT value ->> 0 FROM json_each(\(rows(of: "OLD"))))
            AND inside IN (0, 1) AND sort_key = OLD.sort_key
            AND line IN (SELECT value ->> 2 FROM json_each(\(rows(of: "OLD"))));
        """

    /// The key and mutt line of `mail_query_lines`' row `row`, as `mail_query_distinct` keeps them.
    private static func distinctKey(of row: String) -> String {
        "\(MailQueryLinesFunction.addressKey)(\(row).line ->> 1), \(MailQueryLinesFunction.muttLine)(\(row).line)"
    }

    private static let distinctWhere = """
        account_id = OLD.account_id AND prefix = OLD.prefix
            AND address_key = \(MailQueryLinesFunction.addressKey)(OLD.line ->> 1) AND line = \(MailQueryLinesFunction.muttLine)(OLD.line)
        """

    /// The tables (empty).
    private static let tableStatements = """
        CREATE TABLE mail_query_lines (
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            prefix TEXT NOT NULL,
            inside INTEGER NOT NULL,
            sort_key TEXT NOT NULL,
            line TEXT NOT NULL,
            contacts INTEGER NOT NULL,
            PRIMARY KEY (account_id, prefix, inside, sort_key, line)
        ) WITHOUT ROWID;
        CREATE TABLE mail_query_distinct (
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            prefix TEXT NOT NULL,
            address_key TEXT NOT NULL,
            line TEXT NOT NULL,
            rows INTEGER NOT NULL,
            PRIMARY KEY (account_id, prefix, address_key, line)
        ) WITHOUT ROWID;
        """

    /// The triggers that kept both tables.
    private static let triggers = """
        CREATE TRIGGER mail_query_distinct_added AFTER INSERT ON mail_query_lines
        BEGIN
            INSERT INTO mail_query_distinct (account_id, prefix, address_key, line, rows)
                VALUES (NEW.account_id, NEW.prefix, \(distinctKey(of: "NEW")), 1)
                ON CONFLICT (account_id, prefix, address_key, line) DO UPDATE SET rows = rows + 1;
        END;
        CREATE TRIGGER mail_query_distinct_removed AFTER DELETE ON mail_query_lines
        BEGIN
            DELETE FROM mail_query_distinct WHERE \(distinctWhere) AND rows = 1;
            UPDATE mail_query_distinct SET rows = rows - 1 WHERE \(distinctWhere);
        END;
        \(addedTrigger)
        CREATE TRIGGER mail_query_lines_removed AFTER DELETE ON contacts WHEN OLD.emails <> '[]'
        BEGIN
            \(removeOld)
        END;
        \(changedTrigger)
        """

    private static let addedTrigger = """
        CREATE TRIGGER mail_query_lines_added AFTER INSERT ON contacts WHEN NEW.emails <> '[]'
        BEGIN
            \(add("NEW"))
        END;
        """

    private static let changedTrigger = """
        CREATE TRIGGER mail_query_lines_changed
        AFTER UPDATE OF first_name, last_name, display_name, middle_name, company, emails, preferred_email, sort_key, account_id ON contacts
        WHEN (OLD.emails <> '[]' OR NEW.emails <> '[]') AND (OLD.first_name IS NOT NEW.first_name OR OLD.last_name IS NOT NEW.last_name
            OR OLD.display_name IS NOT NEW.display_name OR OLD.middle_name IS NOT NEW.middle_name OR OLD.company IS NOT NEW.company
            OR OLD.emails IS NOT NEW.emails OR OLD.preferred_email IS NOT NEW.preferred_email OR OLD.sort_key IS NOT NEW.sort_key
            OR OLD.account_id IS NOT NEW.account_id)
        BEGIN
            \(removeOld)
            \(add("NEW"))
        END;
        """

    /// Fills both tables in one sorted pass for the contacts `filter` (a condition on `c`) picks,
    /// with the triggers away: a row per contact and start was ~30 times populate's own work.
    /// The distinct lines of the accounts `accounts` picks are counted afresh from the lines.
    private static func bulkFill(contacts filter: String, accounts: String) -> String {
        """
        INSERT INTO mail_query_lines (account_id, prefix, inside, sort_key, line, contacts)
            SELECT c.account_id, l.value ->> 0, l.value ->> 1, c.sort_key, l.value ->> 2, count(*)
            FROM contacts c, json_each(\(rows(of: "c"))) l WHERE c.emails <> '[]' AND \(filter)
            GROUP BY 1, 2, 3, 4, 5
            ON CONFLICT (account_id, prefix, inside, sort_key, line) DO UPDATE SET contacts = contacts + excluded.contacts;
        DELETE FROM mail_query_distinct WHERE \(accounts);
        INSERT INTO mail_query_distinct (account_id, prefix, address_key, line, rows)
            SELECT m.account_id, m.prefix, \(distinctKey(of: "m")), count(*) FROM mail_query_lines m WHERE \(accounts)
            GROUP BY 1, 2, 3, 4;
        """
    }

    static let migration = tableStatements + bulkFill(contacts: "true", accounts: "true") + triggers
}
