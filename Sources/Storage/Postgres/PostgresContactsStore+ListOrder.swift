import AppServices

/// The list in the first-name and company orders (migration 17): the last-name order's reads on
/// the order's own key column, under its `(account_id, key, id)` index — the whole list one range
/// of it, counted from the end past the middle; a search's matches put in the order asked for.
extension PostgresContactsStore {
    /// The key column of each order.
    static func listKey(_ order: ContactListOrder) -> String {
        switch order {
        case .lastName: "sort_key"
        case .firstName: "sort_key_first"
        case .company: "sort_key_company"
        }
    }

    public func page(matching query: String, in order: ContactListOrder, offset: Int, limit: Int,
                     countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        if readsBothBooks { return try pageOfBothBooks(matching: query, in: order, offset: offset, limit: limit, countingUpTo: cap) }
        if order == .lastName { return try page(matching: query, offset: offset, limit: limit, countingUpTo: cap) }
        let total = try count(matching: query, upTo: cap)
        return ContactsPage(count: total, rows: try contacts(matching: query, in: order, offset: offset, limit: limit))
    }

    /// A page of the list in `order`.
    func contacts(matching query: String, in order: ContactListOrder, offset: Int, limit: Int) throws(ServiceError) -> [ContactSummary] {
        if order == .lastName { return try contacts(matching: query, offset: offset, limit: limit) }
        guard offset >= 0, limit > 0 else { return [] }
        let key = Self.listKey(order)
        let columns = "c.id, c.first_name, c.last_name, c.is_friend, c.\(key), c.display_name"
        guard let (matches, value) = Match(query).matches(limitAndOffset: "", ordered: false) else {
            // Past the middle, counted from the end (the count is kept), so End costs what the top costs.
            let total = try count(matching: "", upTo: .max)
            if offset > total / 2 {
                let fromEnd = max(0, total - offset - limit), take = max(0, min(limit, total - offset))
                let rows = try pg.execute("SELECT \(columns) FROM contacts c WHERE c.account_id = $1 ORDER BY c.\(key) DESC, c.id DESC LIMIT $2 OFFSET $3",
                                          [accountID, take, fromEnd])
                return Self.summaries(rows).reversed()
            }
            return Self.summaries(try pg.execute("SELECT \(columns) FROM contacts c WHERE c.account_id = $1 ORDER BY c.\(key), c.id LIMIT $2 OFFSET $3",
                                                 [accountID, limit, offset]))
        }
        // The matches, then in this order: a sort of the matches (never of the whole book).
        return Self.summaries(try throughTrigrams(query) { () throws(ServiceError) in
            try pg.execute("""
                SELECT \(columns) FROM \(matches) JOIN contacts c ON c.id = m.id AND c.account_id = $1
                ORDER BY c.\(key), c.id LIMIT $3 OFFSET $4
                """, [accountID, value, limit, offset])
        })
    }

    /// The contacts before it in the scope's books (both books: each book's count before it, added).
    public func listIndex(ofContact id: Int64, in order: ContactListOrder) throws(ServiceError) -> Int? {
        let key = Self.listKey(order)
        let rows = try pg.execute("""
            SELECT (SELECT count(*) FROM contacts b WHERE \(accounts("b.account_id", 2)) AND (b.\(key), b.id) < (c.\(key), c.id))
            FROM contacts c WHERE c.id = $1 AND \(accounts("c.account_id", 2))
            """, [id, accountsValue])
        return rows.count == 1 ? rows.int(0, 0) : nil
    }
}
