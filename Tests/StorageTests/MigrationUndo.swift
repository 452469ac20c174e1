/// SQL that takes a file back from migrations 24, 23, 22, 20, 19, 18, 17, 16, 15, 14, 11, 10 and 9, for tests that make an older file by hand.
enum MigrationUndo {
    /// Step 16's sync tables and the triggers that fill its queue.
    static let sync = """
        DROP TRIGGER IF EXISTS sync_queue_contact_added; DROP TRIGGER IF EXISTS sync_queue_contact_changed; DROP TRIGGER IF EXISTS sync_queue_contact_deleted;
        DROP TABLE sync_queue; DROP TABLE sync_conflicts; DROP TABLE sync_problems; DROP TABLE sync_cards; DROP TABLE sync_books;
        DROP TABLE sync_accounts; DROP TABLE sync_flags;
        """

    /// Step 14's table of deletes kept for Undo.
    static let deletesKept = "DROP INDEX deleted_contacts_by_account; DROP TABLE deleted_contacts;"

    /// Step 17's display, formatted and middle name.
    static let displayNames = """
        ALTER TABLE contacts DROP COLUMN display_name; ALTER TABLE contacts DROP COLUMN formatted_name;
        ALTER TABLE contacts DROP COLUMN middle_name;
        """

    /// Steps 23 and 24's mail clients' kept answers (step 24's table, which took the place of 23's) and their triggers.
    static let mailQuery = """
        DROP TRIGGER mail_query_rows_added; DROP TRIGGER mail_query_rows_removed; DROP TRIGGER mail_query_rows_changed;
        DROP TABLE mail_query_rows;
        """

    /// Step 22's mail harvest tables (and step 23's undo first).
    static let mailHistory = "\(mailQuery) DROP TABLE mail_counts; DROP TABLE mail_messages; DROP TABLE mail_read_files; DROP TABLE mail_mboxes; DROP TABLE mail_me;"

    /// Step 20's group memberships and their triggers (and step 22's undo first).
    static let memberships = "\(mailHistory) DROP TRIGGER contact_groups_added; DROP TRIGGER contact_groups_changed; DROP TABLE contact_groups;"

    /// Step 19's keys of the first-name and company orders (and step 20's undo first).
    static let listOrders = """
        \(memberships)
        DROP INDEX contacts_by_first_name; DROP INDEX contacts_by_company;
        ALTER TABLE contacts DROP COLUMN sort_key_first; ALTER TABLE contacts DROP COLUMN sort_key_company;
        """

    /// Step 18's group cards (and every later step's undo first).
    static let groupCards = "\(listOrders) DROP INDEX group_cards_by_account; DROP TABLE group_cards;"

    static let cardFields = """
        \(groupCards)
        \(displayNames)
        \(sync)
        \(deletesKept)
        ALTER TABLE contacts DROP COLUMN card;
        ALTER TABLE contacts DROP COLUMN revision;
        ALTER TABLE contacts DROP COLUMN name_prefix; ALTER TABLE contacts DROP COLUMN name_suffix;
        ALTER TABLE contacts DROP COLUMN email_labels; ALTER TABLE contacts DROP COLUMN preferred_email;
        ALTER TABLE contacts DROP COLUMN preferred_phone;
        DROP INDEX contacts_by_uid;
        ALTER TABLE contacts DROP COLUMN uid; ALTER TABLE contacts DROP COLUMN nickname; ALTER TABLE contacts DROP COLUMN title;
        ALTER TABLE contacts DROP COLUMN birthday; ALTER TABLE contacts DROP COLUMN url; ALTER TABLE contacts DROP COLUMN addresses;
        ALTER TABLE contacts DROP COLUMN extras;
        """
}
