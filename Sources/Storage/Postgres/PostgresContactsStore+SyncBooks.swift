import AppServices

/// The contacts list by CardDAV address book on a shared directory (issue 38), as the data file's
/// (`SQLiteContactsStore+SyncBooks`): which books the account's contacts sync with, and a page of
/// those on one book or on none, over the sync tables of migration 20 (on a team's directory,
/// what row-level security lets the member see). The planner picks how a book's page is read: near
/// either end a walk of the order's `(account_id, key, id)` index, each row tested by `sync_cards`'
/// primary key (1.5 ms at 100,000); deep in a large book a hash join and a sort of the book's rows
/// (the middle of 50,000 of 100,000: 80 ms, where the index walk measured 480 ms: PostgreSQL's
/// lookup a row costs more than SQLite's). A search's matches on the book are sorted.
extension PostgresContactsStore {
    public func addressBooks(counted: Bool) throws(ServiceError) -> ContactAddressBooks {
        if readsBothBooks { return try addressBooksOfBothBooks(counted: counted) }
        let rows = try pg.execute("""
            SELECT b.id, b.display_name, CASE WHEN $2 THEN (SELECT count(*) FROM sync_cards c WHERE c.book_id = b.id) ELSE 0 END
            FROM sync_books b JOIN sync_accounts a ON a.id = b.sync_account_id WHERE a.account_id = $1 ORDER BY b.id
            """, [accountID, counted])
        let books = (0..<rows.count).map { ContactAddressBook(id: rows.int64($0, 0), name: rows.text($0, 1), count: rows.int($0, 2)) }
        guard counted else { return ContactAddressBooks(books: books) }
        let total = try count(matching: "", upTo: .max)
        return ContactAddressBooks(books: books, notSynced: max(0, total - books.reduce(0) { $0 + $1.count }))
    }

    public func page(in filter: AddressBookFilter, matching query: String, in order: ContactListOrder, offset: Int, limit: Int,
                     countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        if readsBothBooks {
            return try pageOfBothBooks(in: filter, matching: query, in: order, offset: offset, limit: limit, countingUpTo: cap)
        }
        let key = Self.listKey(order)
        let columns = "c.id, c.first_name, c.last_name, c.is_friend, c.\(key), c.display_name"
        var values: [any PostgresValue] = [accountID]
        let kept: String
        switch filter {
        case .book(let id):
            values.append(id)
            kept = "EXISTS (SELECT 1 FROM sync_cards s WHERE s.contact_id = c.id AND s.book_id = $2)"
        case .notSynced:
            kept = "NOT EXISTS (SELECT 1 FROM sync_cards s WHERE s.contact_id = c.id)"
        }
        let members = "SELECT c.id FROM contacts c WHERE c.account_id = $1 AND \(kept)"
        switch Match(query) {
        case .all:
            let total = try count(of: filter)
            guard offset >= 0, limit > 0, offset < total else { return ContactsPage(count: min(total, cap), rows: []) }
            // From the end past the middle, as the whole list.
            let fromEnd = offset > total / 2
            let direction = fromEnd ? " DESC" : ""
            let take = min(limit, total - offset), skip = fromEnd ? total - offset - take : offset
            let rows = try pg.execute("""
                SELECT \(columns) FROM contacts c WHERE c.account_id = $1 AND \(kept)
                ORDER BY c.\(key)\(direction), c.id\(direction) LIMIT $\(values.count + 1) OFFSET $\(values.count + 2)
                """, values + [Int64(take), Int64(skip)])
            let page = Self.summaries(rows)
            return ContactsPage(count: min(total, cap), rows: fromEnd ? page.reversed() : page)
        case .wordStart, .substring: break
        }
        return try page(of: members, values: values, matching: query, orderedBy: key, columns: columns, offset: offset, limit: limit, countingUpTo: cap)
    }

    /// How many contacts `filter` keeps: a book's (of this account) one range of `sync_cards_by_href`;
    /// those on none, the account's count less every book's.
    func count(of filter: AddressBookFilter) throws(ServiceError) -> Int {
        switch filter {
        case .book(let id):
            Int(try pg.scalarInt("""
                SELECT count(*) FROM sync_cards c WHERE c.book_id = $2 AND EXISTS (
                    SELECT 1 FROM sync_books b JOIN sync_accounts a ON a.id = b.sync_account_id WHERE b.id = $2 AND a.account_id = $1)
                """, [accountID, id]) ?? 0)
        case .notSynced:
            max(0, try count(matching: "", upTo: .max) - Int(try pg.scalarInt("""
                SELECT count(*) FROM sync_cards c JOIN sync_books b ON b.id = c.book_id JOIN sync_accounts a ON a.id = b.sync_account_id
                WHERE a.account_id = $1
                """, [accountID]) ?? 0))
        }
    }
}
