/// Memory's way with the queries a store answers in its own statements: every contact read
/// whole, the list sorted here (a few contacts; the demo's). Each is the store's own: a
/// `ContactsService` has no default to fall into (a store that lacks a query does not compile).
extension InMemoryContacts {
    /// Each contact read whole (memory answers at once; the stores read the three columns).
    public func rowDetails(of ids: [Int64]) throws(ServiceError) -> [Int64: ContactRowDetails] {
        var details: [Int64: ContactRowDetails] = [:]
        for id in ids { if let record = try contact(id: id) { details[id] = ContactRowDetails(record) } }
        return details
    }

    /// The merge as an update and a delete (memory: nothing can come between them).
    public func merge(_ kept: ContactRecord, removing mergedAway: Int64) throws(ServiceError) -> Bool {
        guard let id = kept.id, id != mergedAway, try contact(id: mergedAway) != nil, try contact(id: id) != nil else { return false }
        guard try update(kept) else { return false }
        return try delete(id: mergedAway)
    }

    /// The slice read from the list and each contact whole (memory: a few contacts).
    public func matchKeys(after cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [ContactMatchKeys] {
        var keys: [ContactMatchKeys] = []
        for row in try contacts(matching: "", offset: 0, limit: count(matching: "", upTo: .max)) {
            if let cursor, (row.sortKey, row.id) <= (cursor.sortKey, cursor.id) { continue }
            guard keys.count < limit else { break }
            guard let c = try contact(id: row.id) else { continue }
            keys.append(ContactMatchKeys(contact: row, emails: c.emails, phones: c.phones.map(\.number)))
        }
        return keys
    }

    /// Every contact read whole (memory: a few contacts).
    public func groups() throws(ServiceError) -> [ContactGroup] {
        var lists: [[String]] = []
        for row in try contacts(matching: "", offset: 0, limit: count(matching: "", upTo: .max)) {
            if let c = try contact(id: row.id), !c.extras.isEmpty { lists.append(c.categories) }
        }
        return ContactGroup.groups(of: lists)
    }

    /// The search's matches read whole, those in the group kept (memory: a few contacts).
    public func page(inGroup group: String, matching query: String, offset: Int, limit: Int, countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        var members: [ContactSummary] = []
        for row in try contacts(matching: query, offset: 0, limit: count(matching: query, upTo: .max)) {
            if let c = try contact(id: row.id), c.categories.contains(group) { members.append(row) }
        }
        let rows = offset < members.count ? Array(members[offset..<min(members.count, offset + max(0, limit))]) : []
        return ContactsPage(count: min(cap, members.count), rows: rows)
    }

    /// The last-name order as ever; another: every match read whole and sorted (memory: a few contacts).
    public func page(matching query: String, in order: ContactListOrder, offset: Int, limit: Int, countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        if order == .lastName { return try page(matching: query, offset: offset, limit: limit, countingUpTo: cap) }
        let all = try contacts(matching: query, offset: 0, limit: count(matching: query, upTo: .max))
        return try Self.reordered(all, in: order, offset: offset, limit: limit, cap: cap) { id throws(ServiceError) in try contact(id: id) }
    }

    public func page(inGroup group: String, matching query: String, in order: ContactListOrder, offset: Int, limit: Int,
              countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        if order == .lastName { return try page(inGroup: group, matching: query, offset: offset, limit: limit, countingUpTo: cap) }
        let all = try page(inGroup: group, matching: query, offset: 0, limit: .max, countingUpTo: .max).rows
        return try Self.reordered(all, in: order, offset: offset, limit: limit, cap: cap) { id throws(ServiceError) in try contact(id: id) }
    }

    public func listIndex(ofContact id: Int64, in order: ContactListOrder) throws(ServiceError) -> Int? {
        if order == .lastName { return try listIndex(ofContact: id) }
        let all = try contacts(matching: "", offset: 0, limit: count(matching: "", upTo: .max))
        let sorted = try Self.reordered(all, in: order, offset: 0, limit: .max, cap: .max) { id throws(ServiceError) in try contact(id: id) }
        return sorted.rows.firstIndex { $0.id == id }
    }

    /// No address books: nothing syncs here (memory, a team's directory for now).
    public func addressBooks(counted: Bool) throws(ServiceError) -> ContactAddressBooks { ContactAddressBooks() }

    /// With no address books every contact is on none, and no book has any.
    public func page(in filter: AddressBookFilter, matching query: String, in order: ContactListOrder, offset: Int, limit: Int,
              countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        guard filter == .notSynced else { return ContactsPage(count: 0, rows: []) }
        return try page(matching: query, in: order, offset: offset, limit: limit, countingUpTo: cap)
    }

    /// The count, then the page: two reads.
    public func page(matching query: String, offset: Int, limit: Int, countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        ContactsPage(count: try count(matching: query, upTo: cap), rows: try contacts(matching: query, offset: offset, limit: limit))
    }
}
