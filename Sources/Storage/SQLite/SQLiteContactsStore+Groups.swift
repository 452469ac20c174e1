import AppServices

/// Groups: CATEGORIES items (a contact's extras, `ContactCardText.categories`), whose members are
/// kept in `contact_groups` by triggers (migration 20) with their keys of each list order, and
/// iCloud/Apple group cards (`group_cards`), whose MEMBER references name contacts by UID.
extension SQLiteContactsStore {
    public func groups() throws(ServiceError) -> [ContactGroup] {
        // One walk of the membership index, grouped by name as it goes (no sort).
        let s = try db.prepare("SELECT name, count(*) FROM contact_groups INDEXED BY contact_groups_by_name WHERE account_id = ? GROUP BY name")
        s.bind(1, accountID)
        var groups: [ContactGroup] = []
        while try s.step() { groups.append(ContactGroup(name: s.text(0), count: Int(s.int64(1)))) }
        s.reset()
        for card in try groupCards().compactMap(GroupCard.init(storedText:)) {
            groups.append(ContactGroup(name: card.name, count: try memberIDs(of: card).count, id: card.groupID))
        }
        return groups.sorted { (SearchText.fold($0.name), $0.name, $0.id) < (SearchText.fold($1.name), $1.name, $1.id) }
    }

    /// The stored contacts a group card names (by UID, `contacts_by_uid`), each once.
    func memberIDs(of card: GroupCard) throws(ServiceError) -> [Int64] {
        guard !card.memberUIDs.isEmpty else { return [] }
        let s = try db.prepare("SELECT DISTINCT id FROM contacts WHERE account_id = ? AND uid IN (SELECT value FROM json_each(?))")
        s.bind(1, accountID).bind(2, JSONText.array(of: card.memberUIDs))
        defer { s.reset() }
        var ids: [Int64] = []
        while try s.step() { ids.append(s.int64(0)) }
        return ids
    }

    public func page(inGroup group: String, matching query: String, offset: Int, limit: Int, countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        try page(inGroup: group, matching: query, in: .lastName, offset: offset, limit: limit, countingUpTo: cap)
    }

    public func page(inGroup group: String, matching query: String, in order: ContactListOrder, offset: Int, limit: Int,
                     countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        if let uid = GroupCard.uid(ofGroupID: group) {
            return try page(ofGroupCard: uid, matching: query, in: order, offset: offset, limit: limit, countingUpTo: cap)
        }
        let (key, _) = Self.listKey(order)
        let index = Self.membershipIndex(order)
        let columns = "c.id, c.first_name, c.last_name, c.is_friend, c.\(key), c.display_name"
        if let phrase = try ftsPhrase(for: query) {
            // The search's matches (the trigram index, in last-name order) that are members (the
            // membership's primary key), in the order asked for.
            guard let bounds = try self.order.bounds(of: accountID) else { return ContactsPage(count: 0, rows: []) }
            let s = try db.prepare("""
                SELECT \(columns) FROM
                (SELECT rowid AS rank, contact_id FROM contact_search WHERE contact_search MATCH ?1 AND rowid BETWEEN ?2 AND ?3) m
                CROSS JOIN contacts c ON c.id = m.contact_id
                WHERE EXISTS (SELECT 1 FROM contact_groups g WHERE g.contact_id = c.id AND g.name = ?4)
                ORDER BY \(order == .lastName ? "m.rank" : "c.\(key), c.id") LIMIT ?5
                """)
            s.bind(1, phrase).bind(2, bounds.first).bind(3, bounds.last).bind(4, group).bind(5, cap)
            let all = try summaries(s)
            let start = min(all.count, max(0, offset))
            return ContactsPage(count: all.count, rows: Array(all[start..<min(all.count, start + max(0, limit))]))
        }
        // The whole group: its count one range of the index, its page another (from the end past the middle).
        let counted = try db.prepare("SELECT count(*) FROM contact_groups INDEXED BY \(index) WHERE account_id = ? AND name = ?")
        counted.bind(1, accountID).bind(2, group)
        _ = try counted.step()
        let total = Int(counted.int64(0))
        counted.reset()
        guard offset >= 0, limit > 0, offset < total else { return ContactsPage(count: min(total, cap), rows: []) }
        let fromEnd = offset > total / 2
        let direction = fromEnd ? " DESC" : ""
        let take = min(limit, total - offset), skip = fromEnd ? total - offset - take : offset
        // The page's members from the index alone (the rows skipped are never joined), then their contacts.
        let s = try db.prepare("""
            SELECT \(columns) FROM (SELECT g.contact_id, g.\(key) FROM contact_groups g INDEXED BY \(index)
                                    WHERE g.account_id = ? AND g.name = ? ORDER BY g.\(key)\(direction), g.contact_id\(direction) LIMIT ? OFFSET ?) g
            CROSS JOIN contacts c ON c.id = g.contact_id ORDER BY g.\(key)\(direction), g.contact_id\(direction)
            """)
        s.bind(1, accountID).bind(2, group).bind(3, take).bind(4, skip)
        let rows = try summaries(s)
        return ContactsPage(count: min(total, cap), rows: fromEnd ? rows.reversed() : rows)
    }

    /// The membership index of each list order.
    static func membershipIndex(_ order: ContactListOrder) -> String {
        switch order {
        case .lastName: "contact_groups_by_name"
        case .firstName: "contact_groups_by_first_name"
        case .company: "contact_groups_by_company"
        }
    }

    /// A group card's members (by UID), those matching a search among them, in `order`: a sort of
    /// the members (a group card names its members one by one: tens, hundreds).
    private func page(ofGroupCard uid: String, matching query: String, in order: ContactListOrder, offset: Int, limit: Int,
                      countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        guard let card = try groupCards().compactMap(GroupCard.init(storedText:)).first(where: { $0.uid == uid }) else {
            return ContactsPage(count: 0, rows: [])
        }
        var ids = try memberIDs(of: card)
        if try ftsPhrase(for: query) != nil {
            let matching = Set(try contacts(matching: query, offset: 0, limit: count(matching: query, upTo: .max)).map(\.id))
            ids = ids.filter(matching.contains)
        }
        let (key, _) = Self.listKey(order)
        let s = try db.prepare("""
            SELECT id, first_name, last_name, is_friend, \(key), display_name FROM contacts
            WHERE id IN (SELECT value FROM json_each(?)) AND +account_id = ? ORDER BY \(key), id LIMIT ? OFFSET ?
            """)
        s.bind(1, "[" + ids.map(String.init).joined(separator: ",") + "]").bind(2, accountID).bind(3, max(0, limit)).bind(4, max(0, offset))
        return ContactsPage(count: min(ids.count, cap), rows: try summaries(s))
    }
}
