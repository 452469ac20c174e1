/// Contacts in memory, as a store: the kiosk's address book (the Demo target's made-up
/// contacts; what a visitor adds, edits and deletes is gone at the next reset), and the ground
/// tests' spies stand on. Searches follow the SQLite store's rules (`ContactQuery`); the list and
/// the friends are in list order (sort key, then id).
///
/// ```swift
/// let book = InMemoryContacts([ContactRecord(firstName: "Ada", lastName: "Lovelace", isFriend: true)])
/// try book.count(matching: "love")   // 1
/// try book.friendsCount()            // 1
/// ```
public final class InMemoryContacts: ContactsService, FriendsService {
    private var records: [Int64: ContactRecord] = [:]
    /// Ids in list order (sort key, then id), kept up to date on every change.
    private var order: [Int64] = []
    private var sortKeys: [Int64: String] = [:]
    private var nextID: Int64 = 1

    /// A book holding `contacts` (ids are given from 1, in this order).
    public init(_ contacts: [ContactRecord] = []) {
        for contact in contacts { insert(contact) }
        sortOrder()
    }

    private func insert(_ contact: ContactRecord) {
        var stored = contact
        let id = nextID
        nextID += 1
        stored.id = id
        stored.revision = 1
        records[id] = stored
        sortKeys[id] = contact.sortKey
        order.append(id)
    }

    private func sortOrder() {
        order.sort { (sortKeys[$0]!, $0) < (sortKeys[$1]!, $1) }
    }

    private func matches(_ query: String) -> [Int64] {
        let search = ContactQuery(query)
        return order.filter { search.matches(records[$0]!) }
    }

    public func count(matching query: String, upTo cap: Int) throws(ServiceError) -> Int { min(cap, matches(query).count) }

    public func contacts(matching query: String, offset: Int, limit: Int) throws(ServiceError) -> [ContactSummary] {
        let ids = matches(query)
        guard offset < ids.count, limit > 0 else { return [] }
        return ids[max(0, offset)..<min(ids.count, max(0, offset) + limit)].map(summary)
    }

    /// What a list row shows of contact `id`.
    private func summary(of id: Int64) -> ContactSummary {
        let c = records[id]!
        return ContactSummary(id: id, firstName: c.firstName, lastName: c.lastName, isFriend: c.isFriend, sortKey: sortKeys[id]!,
                              displayName: c.displayName)
    }

    public func contact(id: Int64) throws(ServiceError) -> ContactRecord? { records[id] }

    public func contacts(withEmail address: String) throws(ServiceError) -> [ContactSummary] {
        func folded(_ text: String) -> [UInt8] { text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 } }
        let wanted = folded(address)
        return order.filter { id in records[id]!.emails.contains { folded($0) == wanted } }.map(summary)
    }

    public func birthdays() throws(ServiceError) -> [ContactBirthday] {
        order.compactMap { id in
            records[id].flatMap { $0.birthday.isEmpty ? nil : ContactBirthday(id: id, firstName: $0.firstName, lastName: $0.lastName,
                                                                            birthday: $0.birthday, displayName: $0.displayName) }
        }
    }

    public func listIndex(ofContact id: Int64) throws(ServiceError) -> Int? { matches("").firstIndex(of: id) }

    public func add(_ contact: ContactRecord) throws(ServiceError) -> Int64 {
        insert(contact)
        sortOrder()
        return nextID - 1
    }

    public func update(_ contact: ContactRecord) throws(ServiceError) -> Bool {
        guard let id = contact.id, let old = records[id] else { return false }
        if contact.revision != 0, contact.revision != old.revision {
            throw .changedSinceRead(place: "memory", id: id, revision: contact.revision, stored: old.revision)
        }
        var stored = contact
        stored.revision = old.revision + 1
        records[id] = stored
        sortKeys[id] = contact.sortKey
        sortOrder()
        return true
    }

    /// Deletes kept for Undo, the last first (the last 100).
    private var deleted: [ContactRecord] = []

    public func delete(id: Int64) throws(ServiceError) -> Bool {
        guard let gone = records.removeValue(forKey: id) else { return false }
        deleted.append(gone)
        if deleted.count > 100 { deleted.removeFirst() }
        sortKeys[id] = nil
        order.removeAll { $0 == id }
        return true
    }

    public func restoreLastDeleted() throws(ServiceError) -> ContactRecord? {
        guard var record = deleted.popLast() else { return nil }
        record.id = nil
        record.revision = 0
        record.id = try add(record)
        return record
    }

    public func setFriend(id: Int64, _ isFriend: Bool) throws(ServiceError) -> Bool {
        guard records[id] != nil else { return false }
        records[id]!.isFriend = isFriend
        records[id]!.revision += 1
        return true
    }

    /// Every contact, in the order they were added.
    public var all: [ContactRecord] { records.keys.sorted().map { records[$0]! } }

    // MARK: Friends

    private func friendRows() -> [FriendSummary] {
        order.compactMap { id in
            guard let c = records[id], c.isFriend else { return nil }
            let status = !c.company.isEmpty ? c.company : c.emails.first ?? c.phones.first?.number ?? ""
            return FriendSummary(id: id, firstName: c.firstName, lastName: c.lastName, status: status,
                                 cursor: FriendCursor(sortKey: sortKeys[id]!, id: id), displayName: c.displayName)
        }
    }

    public func friendsCount() throws(ServiceError) -> Int { friendRows().count }

    public func friends(after cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [FriendSummary] {
        let rows = friendRows()
        guard let cursor else { return Array(rows.prefix(max(0, limit))) }
        return Array(rows.filter { ($0.cursor.sortKey, $0.cursor.id) > (cursor.sortKey, cursor.id) }.prefix(max(0, limit)))
    }

    public func friends(before cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [FriendSummary] {
        let rows = friendRows()
        let earlier = cursor.map { c in rows.filter { ($0.cursor.sortKey, $0.cursor.id) < (c.sortKey, c.id) } } ?? rows
        return Array(earlier.suffix(max(0, limit)))
    }
}
