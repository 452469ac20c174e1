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
    /// The region its searches read a number in national form by (the kiosk: its Phone region
    /// setting); nil: as typed.
    public var phoneRegion: PhoneRegion?

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
        let search = ContactQuery(query, region: phoneRegion)
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

    /// Memory cannot fail half-way: every contact is added.
    public func add(_ contacts: [ContactRecord]) throws(ServiceError) -> [Int64] {
        var ids: [Int64] = []
        for contact in contacts { insert(contact); ids.append(nextID - 1) }
        sortOrder()
        return ids
    }

    /// The demo book keeps no mail counts.
    public var mailHistory: (any MailHistoryService)? { nil }

    public func update(_ contact: ContactRecord) throws(ServiceError) -> Bool {
        guard let id = contact.id, let old = records[id] else { return false }
        if contact.revision != 0, contact.revision != old.revision {
            throw .changedSinceRead(place: .memory, id: id, revision: contact.revision, stored: old.revision)
        }
        var stored = contact
        stored.revision = old.revision + 1
        records[id] = stored
        sortKeys[id] = contact.sortKey
        sortOrder()
        return true
    }

    /// Deletes kept for Undo, the last at the end (the last 100), each with its place in the
    /// Trash and the delete it was part of (a delete of the marked is one).
    private var deleted: [(trashID: Int64, batch: Int64, at: Int64, record: ContactRecord)] = []
    private var nextTrashID: Int64 = 1
    /// The time a delete is kept with (the kiosk has no clock of its own here).
    public var now: () -> Int64 = { 0 }

    private func keep(_ record: ContactRecord, batch: Int64) {
        deleted.append((nextTrashID, batch, now(), record))
        nextTrashID += 1
        if deleted.count > 100 { deleted.removeFirst() }
    }

    private func remove(_ id: Int64) -> ContactRecord? {
        guard let gone = records.removeValue(forKey: id) else { return nil }
        sortKeys[id] = nil
        order.removeAll { $0 == id }
        return gone
    }

    public func delete(id: Int64) throws(ServiceError) -> Bool {
        guard let gone = remove(id) else { return false }
        keep(gone, batch: nextTrashID)
        return true
    }

    public func delete(ids: [Int64]) throws(ServiceError) -> Int {
        let batch = nextTrashID
        var count = 0
        for id in ids { if let gone = remove(id) { keep(gone, batch: batch); count += 1 } }
        return count
    }

    /// Puts a kept contact back, under its old id where that is free.
    private func bringBack(_ kept: ContactRecord) -> ContactRecord {
        var record = kept
        record.revision = 0
        if let id = record.id, records[id] == nil {
            record.revision = 1
            records[id] = record
            sortKeys[id] = record.sortKey
            order.append(id)
            sortOrder()
            return record
        }
        record.id = nil
        record.id = try? add(record)
        return record
    }

    public func restoreLastDeleted() throws(ServiceError) -> ContactRecord? {
        try restoreLastDeletes().first
    }

    public func restoreLastDeletes() throws(ServiceError) -> [ContactRecord] {
        guard let batch = deleted.last?.batch else { return [] }
        let first = deleted.firstIndex { $0.batch == batch } ?? deleted.count - 1
        let kept = deleted[first...]
        deleted.removeSubrange(first...)
        return kept.map { bringBack($0.record) }
    }

    public func deletedContacts() throws(ServiceError) -> [DeletedContact] {
        deleted.reversed().map { DeletedContact(trashID: $0.trashID, deletedAt: $0.at, record: $0.record) }
    }

    public func restoreDeleted(trashID: Int64) throws(ServiceError) -> ContactRecord? {
        guard let index = deleted.firstIndex(where: { $0.trashID == trashID }) else { return nil }
        return bringBack(deleted.remove(at: index).record)
    }

    public func emptyTrash() throws(ServiceError) -> Int {
        defer { deleted.removeAll() }
        return deleted.count
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
