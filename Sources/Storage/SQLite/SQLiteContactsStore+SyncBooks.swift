import AppServices

/// The contacts list by CardDAV address book (issue 38): which books the contacts sync with, and
/// a page of those on one book or on none. Read-only SQL over the sync tables (`SQLiteSyncSchema`),
/// no index of its own: a page walks the list order's index (as the whole list's page does, from
/// the end past the middle) and keeps the rows `sync_cards`' primary key (the contact's id) says are
/// on the book; a book's count is one range of `sync_cards_by_href`, the contacts on none the
/// account's count less the books'.
extension SQLiteContactsStore {
    public func addressBooks(counted: Bool) throws(ServiceError) -> ContactAddressBooks {
        let s = try db.prepare("""
            SELECT b.id, b.display_name, CASE WHEN ?2 THEN (SELECT count(*) FROM sync_cards c WHERE c.book_id = b.id) ELSE 0 END
            FROM sync_books b JOIN sync_accounts a ON a.id = b.sync_account_id WHERE a.account_id = ?1 ORDER BY b.id
            """)
        s.bind(1, accountID).bind(2, counted ? 1 : 0)
        var books: [ContactAddressBook] = []
        while try s.step() { books.append(ContactAddressBook(id: s.int64(0), name: s.text(1), count: Int(s.int64(2)))) }
        s.reset()
        guard counted else { return ContactAddressBooks(books: books) }
        let total = try count(matching: "", upTo: .max)
        return ContactAddressBooks(books: books, notSynced: max(0, total - books.reduce(0) { $0 + $1.count }))
    }

    public func page(in filter: AddressBookFilter, matching query: String, in order: ContactListOrder, offset: Int, limit: Int,
                     countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        let key = Self.listKey(order).column
        let columns = "c.id, c.first_name, c.last_name, c.is_friend, c.\(key), c.display_name"
        let book: Int64?
        switch filter {
        case .book(let id): book = id
        case .notSynced: book = nil
        }
        let kept = Self.kept(filter)
        if let phrase = try ftsPhrase(for: query) {
            // The search's matches (the trigram index, in last-name order) on the book, in the order asked for.
            guard let bounds = try self.order.bounds(of: accountID) else { return ContactsPage(count: 0, rows: []) }
            let s = try db.prepare("""
                SELECT \(columns) FROM
                (SELECT rowid AS rank, contact_id FROM contact_search WHERE contact_search MATCH ?2 AND rowid BETWEEN ?3 AND ?4) m
                CROSS JOIN contacts c ON c.id = m.contact_id
                WHERE \(kept)
                ORDER BY \(order == .lastName ? "m.rank" : "c.\(key), c.id") LIMIT ?5
                """)
            s.bind(1, book ?? 0).bind(2, phrase).bind(3, bounds.first).bind(4, bounds.last).bind(5, cap)
            let all = try summaries(s)
            let start = min(all.count, max(0, offset))
            return ContactsPage(count: all.count, rows: Array(all[start..<min(all.count, start + max(0, limit))]))
        }
        let total = try count(of: filter)
        guard offset >= 0, limit > 0, offset < total else { return ContactsPage(count: min(total, cap), rows: []) }
        // From the end past the middle, as the whole list: the index entries skipped are fewer.
        let fromEnd = offset > total / 2
        let take = min(limit, total - offset), skip = fromEnd ? total - offset - take : offset
        let s = try db.prepare(Self.pageSQL(filter, in: order, fromEnd: fromEnd))
        s.bind(1, book ?? 0).bind(2, accountID).bind(3, take).bind(4, skip)
        let rows = try summaries(s)
        return ContactsPage(count: min(total, cap), rows: fromEnd ? rows.reversed() : rows)
    }

    /// The condition on a contact `c` that `filter` keeps it (?1 the book; unused for the contacts on none).
    static func kept(_ filter: AddressBookFilter) -> String {
        filter == .notSynced ? "NOT EXISTS (SELECT 1 FROM sync_cards s WHERE s.contact_id = c.id)"
            : "EXISTS (SELECT 1 FROM sync_cards s WHERE s.contact_id = c.id AND s.book_id = ?1)"
    }

    /// A page of the contacts `filter` keeps, in `order` (from the end: backwards): a walk of the
    /// order's index, each row tested by `sync_cards`' primary key (?1 the book, ?2 the account,
    /// ?3 the limit, ?4 the offset).
    static func pageSQL(_ filter: AddressBookFilter, in order: ContactListOrder, fromEnd: Bool) -> String {
        let (key, index) = listKey(order)
        let direction = fromEnd ? " DESC" : ""
        return """
            SELECT c.id, c.first_name, c.last_name, c.is_friend, c.\(key), c.display_name FROM contacts c INDEXED BY \(index)
            WHERE c.account_id = ?2 AND \(kept(filter)) ORDER BY c.\(key)\(direction), c.id\(direction) LIMIT ?3 OFFSET ?4
            """
    }

    /// How many contacts `filter` keeps: a book's (of this account) one range of `sync_cards_by_href`;
    /// those on none, the account's count less every book's.
    func count(of filter: AddressBookFilter) throws(ServiceError) -> Int {
        let s: SQLiteStatement
        switch filter {
        case .book(let id):
            s = try db.prepare("""
                SELECT count(*) FROM sync_cards c WHERE c.book_id = ?1 AND EXISTS (
                    SELECT 1 FROM sync_books b JOIN sync_accounts a ON a.id = b.sync_account_id WHERE b.id = ?1 AND a.account_id = ?2)
                """)
            s.bind(1, id).bind(2, accountID)
        case .notSynced:
            s = try db.prepare("""
                SELECT coalesce((SELECT total FROM contact_counts WHERE account_id = ?1), 0) - (SELECT count(*) FROM sync_cards c
                    WHERE c.book_id IN (SELECT b.id FROM sync_books b JOIN sync_accounts a ON a.id = b.sync_account_id WHERE a.account_id = ?1))
                """)
            s.bind(1, accountID)
        }
        defer { s.reset() }
        guard try s.step() else { return 0 }
        return max(0, s.int(0))
    }
}
