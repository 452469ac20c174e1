import AppServices

@MainActor
class EditContactWorker {
    let store: ContactsService
    init(store: ContactsService) { self.store = store }
    func contact(id: Int64) throws(ServiceError) -> ContactRecord? { try store.contact(id: id) }
    func update(_ record: ContactRecord) throws(ServiceError) -> Bool { try store.update(record) }
}
