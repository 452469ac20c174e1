import AppServices

/// The PostgreSQL store as a whole address book (transactions on its connection).
extension PostgresContactsStore: AddressBookService {
    public func inOneTransaction(_ body: () throws(ServiceError) -> Void) throws(ServiceError) { try pg.transaction(body) }
    public func importer() throws(ServiceError) -> any ContactsImporting { PostgresContactsImport(store: self) }
    public func beginTransaction() throws(ServiceError) { try pg.begin() }
    public func commitTransaction() throws(ServiceError) { try pg.commit() }
    public func rollbackTransaction() { pg.rollback() }

    /// The search's matches in list order, a page at a time: a small first page (a mail client's
    /// first answer soon), then larger ones, to the end. A word start (one or two characters) is
    /// read from its index alone, each page after the last one's key (sort key, id); any other
    /// search through `contacts(matching:offset:limit:)`. (Paged by offset and joined to the
    /// contacts, a page of 4,096 of a million contacts' word starts was a hash join over all of
    /// them: 1.2 s a page.)
    public func forEachContactID(matching query: String, _ body: ([Int64]) throws(ServiceError) -> Bool) throws(ServiceError) {
        if !readsBothBooks, case .wordStart(let start) = try match(query) {
            var after: (sortKey: String, id: Int64)?, size = 64
            while true {
                var values: [any PostgresValue] = [accountID, start, size]
                if let after { values += [after.sortKey, after.id] }
                let rows = try pg.execute("""
                    SELECT sort_key, contact_id FROM contact_word_starts WHERE account_id = $1 AND start = $2\(after == nil ? "" : " AND (sort_key, contact_id) > ($4, $5::bigint)")
                    ORDER BY sort_key, contact_id LIMIT $3
                    """, values)
                if rows.count == 0 { return }
                guard try body((0..<rows.count).map { rows.int64($0, 1) }) else { return }
                if rows.count < size { return }
                after = (rows.text(rows.count - 1, 0), rows.int64(rows.count - 1, 1))
                size = min(size * 4, 4096)
            }
        }
        var offset = 0, size = 64
        while true {
            let page = try contacts(matching: query, offset: offset, limit: size)
            if page.isEmpty { return }
            guard try body(page.map(\.id)) else { return }
            if page.count < size { return }
            offset += page.count
            size = min(size * 4, 4096)
        }
    }
}
