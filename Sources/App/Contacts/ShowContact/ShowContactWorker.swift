import Storage

/// Reads and changes one contact for the card.
@MainActor
class ShowContactWorker {
    let store: ContactsStore
    init(store: ContactsStore) { self.store = store }
    func contact(id: Int64) throws(StorageError) -> ContactRecord? { try store.contact(id: id) }
    func setFriend(id: Int64, _ value: Bool) throws(StorageError) -> Bool { try store.setFriend(id: id, value) }
    func delete(id: Int64) throws(StorageError) -> Bool { try store.delete(id: id) }
}
