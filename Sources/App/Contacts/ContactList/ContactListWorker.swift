import AppServices

/// Talks to the contacts store for the list scene.
@MainActor
class ContactListWorker {
    let store: ContactsService
    init(store: ContactsService) { self.store = store }

    func count(matching search: String, upTo cap: Int) throws(ServiceError) -> Int { try store.count(matching: search, upTo: cap) }
    func contacts(matching search: String, offset: Int, limit: Int) throws(ServiceError) -> [ContactSummary] {
        try store.contacts(matching: search, offset: offset, limit: limit)
    }
    func setFriend(id: Int64, _ isFriend: Bool) throws(ServiceError) -> Bool { try store.setFriend(id: id, isFriend) }
    func delete(id: Int64) throws(ServiceError) -> Bool { try store.delete(id: id) }
    func listIndex(ofContact id: Int64) throws(ServiceError) -> Int? { try store.listIndex(ofContact: id) }
}
