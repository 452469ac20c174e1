import AppServices

@MainActor
class AddContactWorker {
    let store: ContactsService
    init(store: ContactsService) { self.store = store }
    func add(_ record: ContactRecord) throws(ServiceError) -> Int64 { try store.add(record) }
}
