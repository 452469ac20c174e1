import Storage

/// Talks to the contacts store for the list scene.
@MainActor
class ContactListWorker {
    let store: ContactsStore
    init(store: ContactsStore) { self.store = store }

    func count(matching search: String, upTo cap: Int) throws(StorageError) -> Int { try store.count(matching: search, upTo: cap) }
    func contacts(matching search: String, offset: Int, limit: Int) throws(StorageError) -> [ContactSummary] {
        try store.contacts(matching: search, offset: offset, limit: limit)
    }
    func setFriend(id: Int64, _ isFriend: Bool) throws(StorageError) -> Bool { try store.setFriend(id: id, isFriend) }
    func delete(id: Int64) throws(StorageError) -> Bool { try store.delete(id: id) }
    func listIndex(ofContact id: Int64) throws(StorageError) -> Int? { try store.listIndex(ofContact: id) }
}
