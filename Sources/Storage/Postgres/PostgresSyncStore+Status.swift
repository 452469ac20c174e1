import AppServices

/// What the app reads of sync on a shared directory (the Sync screen, the status line, the
/// Conflicts screen, the list's address book column) and how it settles a conflict: SQL only,
/// never the network — as `SQLiteSyncStore`'s, and on a team's directory only what the member's
/// row-level security lets them see.
extension PostgresSyncStore: SyncStatusService {
    public func syncAccounts(of accountID: Int64) throws(ServiceError) -> [SyncAccountStatus] {
        var result: [SyncAccountStatus] = []
        for row in try accounts(of: accountID) {
            var status = SyncAccountStatus(id: row.id, url: row.url, username: row.username, hasPasswordCommand: row.passwordCommand != nil,
                                           caFile: row.caFile, lastSyncAt: row.lastSyncAt, lastError: row.lastError)
            let rows = try pg.execute("""
                SELECT b.id, b.display_name, b.url, b.is_default,
                       (SELECT count(*) FROM sync_cards c WHERE c.book_id = b.id),
                       (SELECT count(*) FROM sync_queue q WHERE q.book_id = b.id)
                FROM sync_books b WHERE b.sync_account_id = $1 ORDER BY b.id
                """, [row.id])
            for i in 0..<rows.count {
                status.books.append(SyncBookStatus(id: rows.int64(i, 0), name: rows.text(i, 1), url: rows.text(i, 2), isDefault: rows.bool(i, 3),
                                                   contacts: rows.int(i, 4), pending: rows.int(i, 5)))
            }
            for index in status.books.indices { status.books[index].leftAlone = try leftAlone(book: status.books[index].id) }
            result.append(status)
        }
        return result
    }

    /// The book's cards left alone (`sync_problems`), by href.
    private func leftAlone(book: Int64) throws(ServiceError) -> [SyncLeftCard] {
        let rows = try pg.execute("SELECT href, kind, reason FROM sync_problems WHERE book_id = $1 ORDER BY href", [book])
        return (0..<rows.count).map { SyncLeftCard(href: rows.text($0, 0), kind: rows.text($0, 1), reason: rows.text($0, 2)) }
    }

    public func syncConflicts(of accountID: Int64) throws(ServiceError) -> [SyncConflictItem] {
        try conflictItems(in: bookNamesByID(of: accountID))
    }

    public func settleConflict(_ id: Int64, with record: ContactRecord?, accountID: Int64) throws(ServiceError) {
        try pg.transaction { () throws(ServiceError) in
            let rows = try pg.execute("""
                SELECT c.book_id, c.contact_id, c.kind FROM sync_conflicts c JOIN sync_books b ON b.id = c.book_id
                JOIN sync_accounts a ON a.id = b.sync_account_id WHERE c.id = $1 AND a.account_id = $2 FOR UPDATE OF c
                """, [id, accountID])
            guard rows.count == 1 else { return }
            let book = rows.int64(0, 0), contact = rows.optionalInt64(0, 1), kind = rows.text(0, 2)
            // Deleted on the server and kept here: it goes back up as a new card.
            if record != nil, kind == SyncConflict.Kind.deletedOnServer.rawValue, let contact, try binding(contact: contact) == nil {
                try enqueue(contact: contact, book: book, kind: .add)
            }
            try pg.execute("DELETE FROM sync_conflicts WHERE id = $1", [id])
        }
    }

    public func bookNames(of contactIDs: [Int64]) throws(ServiceError) -> [Int64: String] {
        guard !contactIDs.isEmpty else { return [:] }
        let rows = try pg.execute("""
            SELECT c.contact_id, b.display_name FROM sync_cards c JOIN sync_books b ON b.id = c.book_id WHERE c.contact_id = ANY($1::bigint[])
            """, ["{" + contactIDs.map(String.init).joined(separator: ",") + "}"])
        var names: [Int64: String] = [:]
        for i in 0..<rows.count { names[rows.int64(i, 0)] = rows.text(i, 1) }
        return names
    }

    /// The names of `accountID`'s address books by id.
    func bookNamesByID(of accountID: Int64) throws(ServiceError) -> [Int64: String] {
        let rows = try pg.execute("""
            SELECT b.id, b.display_name FROM sync_books b JOIN sync_accounts a ON a.id = b.sync_account_id WHERE a.account_id = $1
            """, [accountID])
        var names: [Int64: String] = [:]
        for i in 0..<rows.count { names[rows.int64(i, 0)] = rows.text(i, 1) }
        return names
    }
}
