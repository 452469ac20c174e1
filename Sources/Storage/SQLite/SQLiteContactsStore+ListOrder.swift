import AppServices

/// The list in the first-name and company orders (migration 19): the same reads as the
/// last-name order's, on the order's own key column and index — the whole list one range of
/// `contacts_by_first_name` / `contacts_by_company`, counted from the end past the middle; a
/// search's matches (found by the trigram index, in last-name order) put in the order asked for.
extension SQLiteContactsStore {
    /// The key column and its index of each order.
    static func listKey(_ order: ContactListOrder) -> (column: String, index: String) {
        switch order {
        case .lastName: ("sort_key", "contacts_by_name")
        case .firstName: ("sort_key_first", "contacts_by_first_name")
        case .company: ("sort_key_company", "contacts_by_company")
        }
    }

    public func page(matching query: String, in order: ContactListOrder, offset: Int, limit: Int,
                     countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        if order == .lastName { return try page(matching: query, offset: offset, limit: limit, countingUpTo: cap) }
        let total = try count(matching: query, upTo: cap)
        return ContactsPage(count: total, rows: try contacts(matching: query, in: order, offset: offset, limit: limit))
    }

    /// A page of the list in `order` (not the last-name order: `contacts(matching:offset:limit:)`).
    func contacts(matching query: String, in order: ContactListOrder, offset: Int, limit: Int) throws(ServiceError) -> [ContactSummary] {
        guard offset >= 0, limit > 0 else { return [] }
        let (key, index) = Self.listKey(order)
        let columns = "c.id, c.first_name, c.last_name, c.is_friend, c.\(key), c.display_name"
        let s: SQLiteStatement
        if let phrase = try ftsPhrase(for: query) {
            guard let bounds = try self.order.bounds(of: accountID) else { return [] }
            // The matches, then in this order: a sort of the matches (never of the whole book).
            s = try db.prepare("""
                SELECT \(columns) FROM
                (SELECT contact_id FROM contact_search WHERE contact_search MATCH ? AND rowid BETWEEN ? AND ?) m
                CROSS JOIN contacts c ON c.id = m.contact_id ORDER BY c.\(key), c.id LIMIT ? OFFSET ?
                """)
            s.bind(1, phrase).bind(2, bounds.first).bind(3, bounds.last).bind(4, limit).bind(5, offset)
            return try summaries(s)
        }
        // An offset past the middle is counted from the end (the count is kept), as in the last-name order.
        let total = try count(matching: "", upTo: .max)
        if offset > total / 2 {
            let fromEnd = max(0, total - offset - limit), take = max(0, min(limit, total - offset))
            s = try db.prepare("SELECT \(columns) FROM contacts c INDEXED BY \(index) WHERE c.account_id = ? ORDER BY c.\(key) DESC, c.id DESC LIMIT ? OFFSET ?")
            s.bind(1, accountID).bind(2, take).bind(3, fromEnd)
            return try summaries(s).reversed()
        }
        s = try db.prepare("SELECT \(columns) FROM contacts c INDEXED BY \(index) WHERE c.account_id = ? ORDER BY c.\(key), c.id LIMIT ? OFFSET ?")
        s.bind(1, accountID).bind(2, limit).bind(3, offset)
        return try summaries(s)
    }

    public func listIndex(ofContact id: Int64, in order: ContactListOrder) throws(ServiceError) -> Int? {
        let (key, index) = Self.listKey(order)
        let s = try db.prepare("""
            SELECT (SELECT count(*) FROM contacts b INDEXED BY \(index)
                    WHERE b.account_id = c.account_id AND (b.\(key), b.id) < (c.\(key), c.id))
            FROM contacts c WHERE c.id = ? AND c.account_id = ?
            """)
        s.bind(1, id).bind(2, accountID)
        defer { s.reset() }
        return try s.step() ? Int(s.int64(0)) : nil
    }

    /// Rows of `id, first_name, last_name, is_friend, <an order's key>, display_name`: every list read's.
    func summaries(_ s: SQLiteStatement) throws(ServiceError) -> [ContactSummary] {
        defer { s.reset() }
        var rows: [ContactSummary] = []
        while try s.step() {
            rows.append(ContactSummary(id: s.int64(0), firstName: s.text(1), lastName: s.text(2), isFriend: s.bool(3), sortKey: s.text(4),
                                       displayName: s.text(5)))
        }
        return rows
    }
}
