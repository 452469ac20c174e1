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
        let rows = try pg.execute("""
            SELECT g.item, count(*) FROM contacts c CROSS JOIN LATERAL \(Self.groupItems) g
            WHERE c.account_id = $1 AND position('CATEGORIES' in c.extras) > 0 AND g.item <> ''
            GROUP BY g.item
            """, [accountID])
        return (0..<rows.count).map { ContactGroup(name: rows.text($0, 0), count: rows.int($0, 1)) }
            .sorted { (SearchText.fold($0.name), $0.name) < (SearchText.fold($1.name), $1.name) }
    }

    public func page(inGroup group: String, matching query: String, offset: Int, limit: Int, countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        try page(inGroup: group, matching: query, in: .lastName, offset: offset, limit: limit, countingUpTo: cap)
    }

    public func page(inGroup group: String, matching query: String, in order: ContactListOrder, offset: Int, limit: Int,
                     countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        let key = Self.listKey(order)
        var searched = ""
        var values: [any PostgresValue] = [accountID, group, Int64(min(cap, Int(Int64.max)))]
        switch Match(query) {
        case .all: break
        case .wordStart(let start):
            searched = " AND c.id IN (SELECT contact_id FROM contact_word_starts WHERE account_id = $1 AND start = $4)"
            values.append(start)
        case .substring(let like):
            searched = " AND c.id IN (SELECT id FROM contact_search WHERE account_id = $1 AND search_text LIKE $4)"
            values.append(like)
        }
        let members = """
            FROM contacts c WHERE c.account_id = $1 AND position('CATEGORIES' in c.extras) > 0\(searched)
              AND EXISTS (SELECT 1 FROM \(Self.groupItems) g WHERE g.item = $2)
            """
        // The count (up to the cap), then only the page's rows.
        let count = try pg.scalarInt("SELECT count(*) FROM (SELECT 1 \(members) LIMIT $3) counted", values) ?? 0
        guard limit > 0, offset < count else { return ContactsPage(count: Int(count), rows: []) }
        values[2] = Int64(limit)
        let rows = try pg.execute("SELECT c.id, c.first_name, c.last_name, c.is_friend, c.\(key), c.display_name \(members) ORDER BY c.\(key), c.id LIMIT $3 OFFSET $\(values.count + 1)",
                                  values + [Int64(max(0, offset))])
        return ContactsPage(count: Int(count), rows: Self.summaries(rows))
    }
}
