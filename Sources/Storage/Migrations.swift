/// The schema, one step per version. A step runs in one transaction with the
/// bump of `user_version`, so a crash mid-upgrade leaves the old version whole.
enum Migrations {
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
    ]

    static func migrate(_ db: Database, from version: Int) throws(StorageError) {
        guard version < all.count else { return }
        for step in version..<all.count {
            try db.transaction { () throws(StorageError) in
                try db.execute(all[step])
                try db.execute("PRAGMA user_version = \(step + 1)")
            }
        }
    }
}
