import AppServices

/// What the app reads of sync (the Sync screen, the status line, the Conflicts screen, the
/// list's address book column) and how it settles a conflict: SQL on the data file only,
/// never the network.
extension SQLiteSyncStore: SyncStatusService {
    public func syncAccounts(of accountID: Int64) throws(ServiceError) -> [SyncAccountStatus] {
        var result: [SyncAccountStatus] = []
        for row in try accounts(of: accountID) {
            var status = SyncAccountStatus(id: row.id, url: row.url, username: row.username, hasPasswordCommand: row.passwordCommand != nil,
                                           caFile: row.caFile, lastSyncAt: row.lastSyncAt, lastError: row.lastError)
            let s = try db.prepare("""
                SELECT b.id, b.display_name, b.url, b.is_default,
                       (SELECT count(*) FROM sync_cards c WHERE c.book_id = b.id),
                       (SELECT count(*) FROM sync_queue q WHERE q.book_id = b.id)
                FROM sync_books b WHERE b.sync_account_id = ? ORDER BY b.id
                """)
            s.bind(1, row.id)
            while try s.step() {
                status.books.append(SyncBookStatus(id: s.int64(0), name: s.text(1), url: s.text(2), isDefault: s.bool(3),
                                                   contacts: s.int(4), pending: s.int(5)))
            }
            s.reset()
            for index in status.books.indices { status.books[index].leftAlone = try leftAlone(book: status.books[index].id) }
            result.append(status)
        }
        return result
    }

    /// The book's cards left alone (`sync_problems`), by href.
    private func leftAlone(book: Int64) throws(ServiceError) -> [SyncLeftCard] {
        let s = try db.prepare("SELECT href, kind, reason FROM sync_problems WHERE book_id = ? ORDER BY href")
        s.bind(1, book)
        defer { s.reset() }
        var cards: [SyncLeftCard] = []
        while try s.step() { cards.append(SyncLeftCard(href: s.text(0), kind: s.text(1), reason: s.text(2))) }
        return cards
    }

    public func syncConflicts(of accountID: Int64) throws(ServiceError) -> [SyncConflictItem] {
        try conflictItems(in: bookNamesByID(of: accountID))
    }

    public func settleConflict(_ id: Int64, with record: ContactRecord?, accountID: Int64) throws(ServiceError) {
        try db.transaction { () throws(ServiceError) in
            let s = try db.prepare("""
                SELECT c.book_id, c.contact_id, c.kind FROM sync_conflicts c JOIN sync_books b ON b.id = c.book_id
                JOIN sync_accounts a ON a.id = b.sync_account_id WHERE c.id = ? AND a.account_id = ?
                """)
            s.bind(1, id).bind(2, accountID)
            guard try s.step() else { s.reset(); return }
            let book = s.int64(0), contact: Int64? = s.isNull(1) ? nil : s.int64(1), kind = s.text(2)
            s.reset()
            // Deleted on the server and kept here: it goes back up as a new card.
            if record != nil, kind == SyncConflict.Kind.deletedOnServer.rawValue, let contact, try binding(contact: contact) == nil {
                try enqueue(contact: contact, book: book, kind: .add)
            }
            let d = try db.prepare("DELETE FROM sync_conflicts WHERE id = ?")
            d.bind(1, id)
            try d.run()
        }
    }

    public func bookNames(of contactIDs: [Int64]) throws(ServiceError) -> [Int64: String] {
        guard !contactIDs.isEmpty else { return [:] }
        let s = try db.prepare("""
            SELECT c.contact_id, b.display_name FROM sync_cards c JOIN sync_books b ON b.id = c.book_id
            WHERE c.contact_id IN (SELECT value FROM json_each(?))
            """)
        s.bind(1, "[" + contactIDs.map(String.init).joined(separator: ",") + "]")
        defer { s.reset() }
        var names: [Int64: String] = [:]
        while try s.step() { names[s.int64(0)] = s.text(1) }
        return names
    }

    /// The names of `accountID`'s address books by id.
    func bookNamesByID(of accountID: Int64) throws(ServiceError) -> [Int64: String] {
        let s = try db.prepare("""
            SELECT b.id, b.display_name FROM sync_books b JOIN sync_accounts a ON a.id = b.sync_account_id WHERE a.account_id = ?
            """)
        s.bind(1, accountID)
        defer { s.reset() }
        var names: [Int64: String] = [:]
        while try s.step() { names[s.int64(0)] = s.text(1) }
        return names
    }
}
