import AppServices

/// Groups (CATEGORIES): which there are, and the list of one. A contact's groups are in its
/// extras (`ContactCardText.categories`); only the contacts whose extras name any are looked at.
extension SQLiteContactsStore {
    public func groups() throws(ServiceError) -> [ContactGroup] {
        // Each CATEGORIES line once, with how many contacts have it (most books repeat a few lines
        // over and over: Google's "myContacts" on every card), read by the same rules as the contact.
        let s = try db.prepare("""
            SELECT line, count(*) FROM (
                SELECT substr(extras, instr(extras, 'CATEGORIES')) AS rest,
                       CASE WHEN instr(substr(extras, instr(extras, 'CATEGORIES')), char(13)) > 0
                            THEN substr(substr(extras, instr(extras, 'CATEGORIES')), 1, instr(substr(extras, instr(extras, 'CATEGORIES')), char(13)) - 1)
                            ELSE substr(extras, instr(extras, 'CATEGORIES')) END AS line
                FROM contacts WHERE account_id = ? AND instr(extras, 'CATEGORIES') > 0)
            GROUP BY line
            """)
        s.bind(1, accountID)
        defer { s.reset() }
        var counts: [String: Int] = [:]
        while try s.step() {
            for g in ContactCardText.categories(inExtras: s.text(0)) { counts[g, default: 0] += Int(s.int64(1)) }
        }
        return counts.map { ContactGroup(name: $0.key, count: $0.value) }
            .sorted { (SearchText.fold($0.name), $0.name) < (SearchText.fold($1.name), $1.name) }
    }

    public func page(inGroup group: String, matching query: String, offset: Int, limit: Int, countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        try page(inGroup: group, matching: query, in: .lastName, offset: offset, limit: limit, countingUpTo: cap)
    }

    public func page(inGroup group: String, matching query: String, in order: ContactListOrder, offset: Int, limit: Int,
                     countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        let (key, index) = Self.listKey(order)
        // The group's name as its line writes it must be in the extras before the line is read.
        let inGroup = "instr(c.extras, ?5) > 0 AND instr(c.extras, 'CATEGORIES') > 0 AND \(GroupsFunction.inGroupName)(c.extras, ?2)"
        // The group's members in list order (the list-order index), or the search's matches (the
        // trigram index, in rank = list order) among them.
        let from: String
        let phrase = SearchText.ftsPhrase(for: query)
        if phrase != nil {
            from = """
                (SELECT contact_id FROM contact_search WHERE contact_search MATCH ?3 ORDER BY rowid) m
                CROSS JOIN contacts c ON c.id = m.contact_id WHERE c.account_id = ?1 AND \(inGroup)\(order == .lastName ? "" : " ORDER BY c.\(key), c.id")
                """
        } else {
            from = "contacts c INDEXED BY \(index) WHERE c.account_id = ?1 AND \(inGroup) ORDER BY c.\(key), c.id"
        }
        let s = try db.prepare("SELECT c.id, c.first_name, c.last_name, c.is_friend, c.\(key), c.display_name FROM \(from) LIMIT ?4")
        s.bind(1, accountID).bind(2, group).bind(4, cap).bind(5, ContactCardText.escape(group))
        if let phrase { s.bind(3, phrase) }
        defer { s.reset() }
        var rows: [ContactSummary] = []
        var counted = 0
        while try s.step() {
            if counted >= offset, rows.count < limit {
                rows.append(ContactSummary(id: s.int64(0), firstName: s.text(1), lastName: s.text(2), isFriend: s.bool(3), sortKey: s.text(4),
                                           displayName: s.text(5)))
            }
            counted += 1
        }
        return ContactsPage(count: counted, rows: rows)
    }
}
