import Storage

@MainActor
class AddContactWorker {
    let store: ContactsStore
    init(store: ContactsStore) { self.store = store }
    func add(_ record: ContactRecord) throws(StorageError) -> Int64 { try store.add(record) }
}
