import AppServices

/// Stores a new contact, off the main loop where the store is a server.
@MainActor
class AddContactWorker {
    let contacts: ContactsWork
    init(contacts: ContactsWork) { self.contacts = contacts }
    /// Contacts that answer at once (a spy, memory, a file).
    convenience init(store: ContactsService) { self.init(contacts: .inline(store)) }
    func add(_ record: ContactRecord, then deliver: @escaping @MainActor (Result<Int64, ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in try store.add(record) }, then: deliver)
    }
}
