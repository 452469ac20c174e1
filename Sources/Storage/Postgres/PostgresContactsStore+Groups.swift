import AppServices

/// Groups (CATEGORIES): which there are, and the list of one. A contact's groups are in its
/// extras as a `CATEGORIES:` line (`ContactCardText.categories`); the server reads them with the
/// same rules (items split at commas not escaped, escapes undone, spaces trimmed).
extension PostgresContactsStore {
    /// The groups of `c.extras`, one row each (as `item`).
    static let groupItems = #"""
        (SELECT DISTINCT replace(replace(replace(btrim(part), '\,', ','), '\;', ';'), '\\', '\') AS item
         FROM regexp_matches(c.extras, '(?:^|\n)CATEGORIES(?:;[^:\r\n]*)?:([^\r\n]*)', 'g') AS line(v),
              regexp_split_to_table(line.v[1], '(?<!\\),') AS part)
        """#

    public func groups() throws(ServiceError) -> [ContactGroup] {
        if readsBothBooks { return try groupsOfBothBooks() }
        let rows = try pg.execute("SELECT name, count(*) FROM contact_groups WHERE account_id = $1 GROUP BY name", [accountID])
        var groups = (0..<rows.count).map { ContactGroup(name: rows.text($0, 0), count: rows.int($0, 1)) }
        for card in try groupCards().compactMap(GroupCard.init(storedText:)) {
            groups.append(ContactGroup(name: card.name, count: try memberIDs(of: card).count, id: card.groupID))
        }
        return groups.sorted { (SearchText.fold($0.name), $0.name, $0.id) < (SearchText.fold($1.name), $1.name, $1.id) }
    }

    /// The stored contacts a group card names (by UID), each once.
    func memberIDs(of card: GroupCard) throws(ServiceError) -> [Int64] {
        guard !card.memberUIDs.isEmpty else { return [] }
        let rows = try pg.execute("SELECT DISTINCT id FROM contacts WHERE account_id = $1 AND uid = ANY($2::text[])",
                                  [accountID, PostgresMigrations.arrayLiteral(card.memberUIDs)])
        return (0..<rows.count).map { rows.int64($0, 0) }
    }

    public func page(inGroup group: String, matching query: String, offset: Int, limit: Int, countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        try page(inGroup: group, matching: query, in: .lastName, offset: offset, limit: limit, countingUpTo: cap)
    }

    public func page(inGroup group: String, matching query: String, in order: ContactListOrder, offset: Int, limit: Int,
                     countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        if readsBothBooks {
            return try pageOfBothBooks(inGroup: group, matching: query, in: order, offset: offset, limit: limit, countingUpTo: cap)
        }
        let key = Self.listKey(order)
        let columns = "c.id, c.first_name, c.last_name, c.is_friend, c.\(key), c.display_name"
        var members = "SELECT contact_id AS id FROM contact_groups WHERE account_id = $1 AND name = $2"
        var values: [any PostgresValue] = [accountID, group]
        if let uid = GroupCard.uid(ofGroupID: group) {
            // A group card's members by UID (tens, hundreds: sorted).
            guard let card = try groupCards().compactMap(GroupCard.init(storedText:)).first(where: { $0.uid == uid }) else {
                return ContactsPage(count: 0, rows: [])
            }
            members = "SELECT id FROM contacts WHERE account_id = $1 AND uid = ANY($2::text[])"
            values = [accountID, PostgresMigrations.arrayLiteral(card.memberUIDs)]
        } else if case .all = Match(query) {
            // The whole group: its count one range of the membership index, its page another (from the end past the middle).
            let total = Int(try pg.scalarInt("SELECT count(*) FROM contact_groups WHERE account_id = $1 AND name = $2", [accountID, group]) ?? 0)
            guard offset >= 0, limit > 0, offset < total else { return ContactsPage(count: min(total, cap), rows: []) }
            let fromEnd = offset > total / 2
            let direction = fromEnd ? " DESC" : ""
            let take = min(limit, total - offset), skip = fromEnd ? total - offset - take : offset
            let rows = try pg.execute("""
                SELECT \(columns) FROM (SELECT contact_id, \(key) FROM contact_groups WHERE account_id = $1 AND name = $2
                                        ORDER BY \(key)\(direction), contact_id\(direction) LIMIT $3 OFFSET $4) g
                JOIN contacts c ON c.id = g.contact_id ORDER BY g.\(key)\(direction), g.contact_id\(direction)
                """, [accountID, group, take, skip])
            let page = Self.summaries(rows)
            return ContactsPage(count: min(total, cap), rows: fromEnd ? page.reversed() : page)
        }
        return try page(of: members, values: values, matching: query, orderedBy: key, columns: columns, offset: offset, limit: limit, countingUpTo: cap)
    }

    /// A page of the contacts whose ids `members` selects (its parameters `values`, `$1` the
    /// account), those matching `query` among them: counted up to the cap, then sorted by `key`.
    func page(of members: String, values: [any PostgresValue], matching query: String, orderedBy key: String, columns: String,
              offset: Int, limit: Int, countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        var members = members, values = values
        switch Match(query) {
        case .all: break
        case .wordStart(let start):
            members += " INTERSECT SELECT contact_id FROM contact_word_starts WHERE account_id = $1 AND start = $\(values.count + 1)"
            values.append(start)
        case .substring(let like):
            members += " INTERSECT SELECT id FROM contact_search WHERE account_id = $1 AND search_text LIKE $\(values.count + 1)"
            values.append(like)
        }
        let count = try pg.scalarInt("SELECT count(*) FROM (\(members) LIMIT $\(values.count + 1)) counted",
                                     values + [Int64(min(cap, Int(Int64.max)))]) ?? 0
        guard limit > 0, offset < count else { return ContactsPage(count: Int(count), rows: []) }
        let rows = try pg.execute("""
            SELECT \(columns) FROM (\(members)) m JOIN contacts c ON c.id = m.id
            ORDER BY c.\(key), c.id LIMIT $\(values.count + 1) OFFSET $\(values.count + 2)
            """, values + [Int64(limit), Int64(max(0, offset))])
        return ContactsPage(count: Int(count), rows: Self.summaries(rows))
    }
}

/// The membership table (migration 18): each group a contact is in, with its keys of each list order.
extension PostgresContactsStore {
    /// Writes the contact's memberships (`replacing`: its old ones go first), in the caller's transaction.
    func writeGroups(_ contact: ContactRecord, id: Int64, replacing: Bool) throws(ServiceError) {
        if replacing { try pg.execute("DELETE FROM contact_groups WHERE contact_id = $1 AND account_id = $2", [id, accountID]) }
        let groups = contact.categories
        guard !groups.isEmpty else { return }
        var cache = SearchText.FoldCache()
        let keys = contact.otherSortKeys(cache: &cache)
        try pg.execute("""
            INSERT INTO contact_groups (account_id, name, contact_id, sort_key, sort_key_first, sort_key_company)
            SELECT $1, unnest($2::text[]), $3, $4, $5, $6
            """, [accountID, PostgresMigrations.arrayLiteral(groups), id, contact.sortKey(cache: &cache), keys.firstName, keys.company])
    }
}
