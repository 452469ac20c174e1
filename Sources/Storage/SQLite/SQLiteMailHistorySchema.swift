/// The tables of the mail harvest (issue 50; migration 22), each per account:
/// - `mail_counts`: per address (in lower case) how often and when last the person wrote to it
///   and got mail from it, with the address and name as last written;
/// - `mail_messages`: the key of every message counted (its Message-ID, or a hash of its header),
///   so a message found again (in another folder, or a rewritten mbox) is not counted twice;
/// - `mail_read_files`: each maildir file read (its folder, its unique name before ":2,");
/// - `mail_mboxes`: how far each mbox was read, and a hash of the bytes before that point;
/// - `mail_me`: the user's own addresses (given with `--me`, or senders of a sent folder).
enum SQLiteMailHistorySchema {
    static let tables: Set<String> = ["mail_counts", "mail_messages", "mail_read_files", "mail_mboxes", "mail_me"]

    static let migration = """
        CREATE TABLE mail_counts (
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            address_key TEXT NOT NULL,
            address TEXT NOT NULL,
            name TEXT NOT NULL DEFAULT '',
            sent INTEGER NOT NULL DEFAULT 0,
            last_sent INTEGER,
            received INTEGER NOT NULL DEFAULT 0,
            last_received INTEGER,
            PRIMARY KEY (account_id, address_key)
        ) WITHOUT ROWID;
        CREATE INDEX mail_counts_written_to ON mail_counts (account_id, sent DESC, last_sent DESC) WHERE sent > 0;
        CREATE TABLE mail_messages (
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            message_key TEXT NOT NULL,
            PRIMARY KEY (account_id, message_key)
        ) WITHOUT ROWID;
        CREATE TABLE mail_read_files (
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            folder TEXT NOT NULL,
            name TEXT NOT NULL,
            PRIMARY KEY (account_id, folder, name)
        ) WITHOUT ROWID;
        CREATE TABLE mail_mboxes (
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            path TEXT NOT NULL,
            read_to INTEGER NOT NULL,
            check_length INTEGER NOT NULL,
            check_hash TEXT NOT NULL,
            PRIMARY KEY (account_id, path)
        ) WITHOUT ROWID;
        CREATE TABLE mail_me (
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            address_key TEXT NOT NULL,
            PRIMARY KEY (account_id, address_key)
        ) WITHOUT ROWID;
        """
}
