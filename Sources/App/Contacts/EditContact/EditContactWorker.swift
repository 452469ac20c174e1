import Storage

@MainActor
class EditContactWorker {
    let store: ContactsStore
    init(store: ContactsStore) { self.store = store }
    func contact(id: Int64) throws(StorageError) -> ContactRecord? { try store.contact(id: id) }
    func update(_ record: ContactRecord) throws(StorageError) -> Bool { try store.update(record) }
}
