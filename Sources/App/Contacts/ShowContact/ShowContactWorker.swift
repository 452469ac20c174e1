import AppServices

/// Reads and changes one contact for the card.
@MainActor
class ShowContactWorker {
    let store: ContactsService
    init(store: ContactsService) { self.store = store }
    func contact(id: Int64) throws(ServiceError) -> ContactRecord? { try store.contact(id: id) }
    func setFriend(id: Int64, _ value: Bool) throws(ServiceError) -> Bool { try store.setFriend(id: id, value) }
    func delete(id: Int64) throws(ServiceError) -> Bool { try store.delete(id: id) }
}
