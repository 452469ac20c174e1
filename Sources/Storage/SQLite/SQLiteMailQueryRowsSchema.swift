/// The mail clients' answers to a search of two characters, kept ready (issue 50; schema step 24,
/// `MailQueryIndex`), so `query jo` at a million contacts writes its first line at once, in one
/// table where step 23 kept two (`SQLiteMailQuerySchema`, whose second table was kept by a trigger
/// on the first that parsed each row's JSON again: writes cost 1.5 to 2.7 times as much CPU).
///
/// `mail_query_rows` holds, per account and two-character start of a word of a name, each address
/// line as mutt is given it (`line`, `MailClientLine.mutt`) under the key of its address as
/// printed (`address_key`, `MailClientLine.addressKey`), with the class of the match (`inside`: 0
/// when the search starts a word of the name or the address, 1 when it is only inside one), the
/// name order's key and the address's place in its contact (the preferred one 0), and how many
/// contacts give that row (`contacts`). Its primary key puts a start's rows by address and line:
/// the count of its distinct (key, line) pairs is mutt's first line (equal lines have equal keys,
/// so that is the count of the lines printed), and the people written to are found by their keys;
/// its index `mail_query_rows_by_rank` puts them best first and in name order.
/// Triggers on `contacts` keep it in the same statement as every write (the app, Undo's restore,
/// sync, another process on the file); populate and an import fill it in one sorted pass.
/// `MailQueryRowsFunction` makes a contact's rows.
enum SQLiteMailQueryRowsSchema {
    static let tables: Set<String> = ["mail_query_rows"]

    /// The kept columns, in the primary key's order, then the count.
    private static let key = "account_id, prefix, address_key, line, inside, sort_key, place"

    private static func rows(of row: String) -> String {
        """
        json_each(\(MailQueryRowsFunction.name)(\(row).first_name, \(row).last_name, \(row).display_name, \(row).middle_name, \
        \(row).company, \(row).emails, \(row).preferred_email)) r
        """
    }

    /// The key columns of the contact `row`'s row `r` (see `rows(of:)`).
    private static func values(of row: String) -> String {
        "\(row).account_id, r.value ->> 0, r.value ->> 3, r.value ->> 4, r.value ->> 1, \(row).sort_key, r.value ->> 2"
    }

    /// Adds the rows of the contact NEW.
    private static let addNew = """
        INSERT INTO mail_query_rows (\(key), contacts) SELECT \(values(of: "NEW")), 1 FROM \(rows(of: "NEW")) WHERE true
            ON CONFLICT (\(key)) DO UPDATE SET contacts = contacts + 1;
        """

    /// The key columns after the account.
    private static let keyInAccount = "prefix, address_key, line, inside, sort_key, place"

    /// The key columns of the contact `row`'s row `r` after its account.
    private static func valuesInAccount(of row: String) -> String {
        "r.value ->> 0, r.value ->> 3, r.value ->> 4, r.value ->> 1, \(row).sort_key, r.value ->> 2"
    }

    /// Takes away the rows of the contact OLD (each row's count, then the rows none is left of);
    /// `MailQueryRowsFunction` keeps the last contact's rows, so they are made once. The account
    /// apart from the rest of the key: with all seven as one row value, SQLite searched the
    /// account's whole range of the index.
    private static let removeOld = """
        UPDATE mail_query_rows SET contacts = contacts - 1
            WHERE account_id = OLD.account_id AND (\(keyInAccount)) IN (SELECT \(valuesInAccount(of: "OLD")) FROM \(rows(of: "OLD")));
        DELETE FROM mail_query_rows
            WHERE account_id = OLD.account_id AND (\(keyInAccount)) IN (SELECT \(valuesInAccount(of: "OLD")) FROM \(rows(of: "OLD")))
            AND contacts = 0;
        """

    /// The table (empty) and its index.
    private static let table = """
        CREATE TABLE mail_query_rows (
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            prefix TEXT NOT NULL,
            address_key TEXT NOT NULL,
            line TEXT NOT NULL,
            inside INTEGER NOT NULL,
            sort_key TEXT NOT NULL,
            place INTEGER NOT NULL,
            contacts INTEGER NOT NULL,
            PRIMARY KEY (account_id, prefix, address_key, line, inside, sort_key, place)
        ) WITHOUT ROWID;
        """
    static let index = "CREATE INDEX mail_query_rows_by_rank ON mail_query_rows (account_id, prefix, inside, sort_key, place, line);"

    private static let addedTrigger = """
        CREATE TRIGGER mail_query_rows_added AFTER INSERT ON contacts WHEN NEW.emails <> '[]'
        BEGIN
            \(addNew)
        END;
        """

    private static let removedTrigger = """
        CREATE TRIGGER mail_query_rows_removed AFTER DELETE ON contacts WHEN OLD.emails <> '[]'
        BEGIN
            \(removeOld)
        END;
        """

    private static let changedTrigger = """
        CREATE TRIGGER mail_query_rows_changed
        AFTER UPDATE OF first_name, last_name, display_name, middle_name, company, emails, preferred_email, sort_key, account_id ON contacts
        WHEN (OLD.emails <> '[]' OR NEW.emails <> '[]') AND (OLD.first_name IS NOT NEW.first_name OR OLD.last_name IS NOT NEW.last_name
            OR OLD.display_name IS NOT NEW.display_name OR OLD.middle_name IS NOT NEW.middle_name OR OLD.company IS NOT NEW.company
            OR OLD.emails IS NOT NEW.emails OR OLD.preferred_email IS NOT NEW.preferred_email OR OLD.sort_key IS NOT NEW.sort_key
            OR OLD.account_id IS NOT NEW.account_id)
        BEGIN
            \(removeOld)
            \(addNew)
        END;
        """

    /// The triggers that keep the table (populate drops them and makes them again).
    static let triggers = addedTrigger + removedTrigger + changedTrigger
    static let dropTriggers = "DROP TRIGGER mail_query_rows_added; DROP TRIGGER mail_query_rows_removed; DROP TRIGGER mail_query_rows_changed;"

    /// An import's: the triggers on the contacts' inserts and changes away while it runs (it
    /// takes the changed contacts' rows away itself, `removeRows`, and adds the rows of every
    /// contact it wrote, a pass at a time, `addRow`).
    static let dropWriteTriggers = "DROP TRIGGER mail_query_rows_added; DROP TRIGGER mail_query_rows_changed;"
    static let writeTriggers = addedTrigger + changedTrigger

    /// Take away the rows of the contact whose id is `?1` as it is stored now (before a change).
    static let removeRows = [
        "UPDATE mail_query_rows SET contacts = contacts - 1 WHERE \(rowsOfContact)",
        "DELETE FROM mail_query_rows WHERE \(rowsOfContact) AND contacts = 0",
    ]

    private static let rowsOfContact = """
        account_id = (SELECT account_id FROM contacts WHERE id = ?1) AND (\(keyInAccount)) IN \
        (SELECT \(valuesInAccount(of: "c")) FROM contacts c, \(rows(of: "c")) WHERE c.id = ?1)
        """

    /// Adds the rows of the contacts `filter` (a condition on `c`) picks, in one sorted pass.
    static func fill(contacts filter: String) -> String {
        """
        INSERT INTO mail_query_rows (\(key), contacts)
            SELECT \(values(of: "c")), count(*) FROM contacts c, \(rows(of: "c")) WHERE c.emails <> '[]' AND \(filter)
            GROUP BY 1, 2, 3, 4, 5, 6, 7
            ON CONFLICT (\(key)) DO UPDATE SET contacts = contacts + excluded.contacts;
        """
    }

    /// Adds one row (`?1`–`?7` the key, `?8` how many contacts give it): an import's, made in
    /// Swift from the contacts it writes (`MailQueryRowsFunction.rows`), sorted and counted.
    static let addRow = """
        INSERT INTO mail_query_rows (\(key), contacts) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            ON CONFLICT (\(key)) DO UPDATE SET contacts = contacts + excluded.contacts
        """

    /// Every contact's rows as they should be, as `account_id, prefix, address_key, line, inside,
    /// sort_key, place, contacts` (`DataAudit` compares them with the table).
    static let expectedRows = "SELECT \(values(of: "c")), count(*) FROM contacts c, \(rows(of: "c")) GROUP BY 1, 2, 3, 4, 5, 6, 7"
    static let keptRows = "SELECT \(key), contacts FROM mail_query_rows"

    /// Step 24: step 23's two tables and their triggers give way to the one table, filled from
    /// the stored contacts and then indexed (one sort, not an index grown row by row).
    static let migration = """
        DROP TRIGGER mail_query_lines_added; DROP TRIGGER mail_query_lines_removed; DROP TRIGGER mail_query_lines_changed;
        DROP TABLE mail_query_distinct; DROP TABLE mail_query_lines;
        \(table)
        \(fill(contacts: "true"))
        \(index)
        \(triggers)
        """
}
