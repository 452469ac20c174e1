import AppServices

/// The kiosk's address book: the Demo target's made-up contacts in memory.
/// Searches follow the SQLite store's rules (`ContactQuery`); adding,
/// editing and deleting work for the visitor and are gone at the next reset.
final class InMemoryContactsStore: ContactsService {
    private var records: [Int64: ContactRecord] = [:]
    /// Ids in list order (sort key, then id), kept up to date on every change.
    private var order: [Int64] = []
    private var sortKeys: [Int64: String] = [:]
    private var nextID: Int64 = 1

    init(_ contacts: [ContactRecord]) {
        for contact in contacts { insert(contact) }
        sortOrder()
    }

    private func insert(_ contact: ContactRecord) {
        var stored = contact
        let id = nextID
        nextID += 1
        stored.id = id
        records[id] = stored
        sortKeys[id] = SearchText.sortKey(firstName: contact.firstName, lastName: contact.lastName)
        order.append(id)
    }

    private func sortOrder() {
        order.sort { (sortKeys[$0]!, $0) < (sortKeys[$1]!, $1) }
    }

    private func matches(_ query: String) -> [Int64] {
        let search = ContactQuery(query)
        return order.filter { search.matches(records[$0]!) }
    }

    func count(matching query: String, upTo cap: Int) throws(ServiceError) -> Int { min(cap, matches(query).count) }

    func contacts(matching query: String, offset: Int, limit: Int) throws(ServiceError) -> [ContactSummary] {
        let ids = matches(query)
        guard offset < ids.count, limit > 0 else { return [] }
        return ids[max(0, offset)..<min(ids.count, max(0, offset) + limit)].map { id in
            let c = records[id]!
            return ContactSummary(id: id, firstName: c.firstName, lastName: c.lastName, isFriend: c.isFriend, sortKey: sortKeys[id]!)
        }
    }

    func contact(id: Int64) throws(ServiceError) -> ContactRecord? { records[id] }

    func listIndex(ofContact id: Int64) throws(ServiceError) -> Int? { matches("").firstIndex(of: id) }

    func add(_ contact: ContactRecord) throws(ServiceError) -> Int64 {
        insert(contact)
        sortOrder()
        return nextID - 1
    }

    func update(_ contact: ContactRecord) throws(ServiceError) -> Bool {
        guard let id = contact.id, records[id] != nil else { return false }
        records[id] = contact
        sortKeys[id] = SearchText.sortKey(firstName: contact.firstName, lastName: contact.lastName)
        sortOrder()
        return true
    }

    func delete(id: Int64) throws(ServiceError) -> Bool {
        guard records.removeValue(forKey: id) != nil else { return false }
        sortKeys[id] = nil
        order.removeAll { $0 == id }
        return true
    }

    func setFriend(id: Int64, _ isFriend: Bool) throws(ServiceError) -> Bool {
        guard records[id] != nil else { return false }
        records[id]!.isFriend = isFriend
        return true
    }
}
