import AppServices

/// Talks to the store for the Trash, a job per call (off the main loop on a server).
@MainActor
class TrashWorker {
    let contacts: ContactsWork
    init(contacts: ContactsWork) { self.contacts = contacts }

    func deletedContacts(then deliver: @escaping @MainActor (Result<[DeletedContact], ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in try store.deletedContacts() }, then: deliver)
    }

    func restore(trashID: Int64, then deliver: @escaping @MainActor (Result<ContactRecord?, ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in try store.restoreDeleted(trashID: trashID) }, then: deliver)
    }

    func empty(then deliver: @escaping @MainActor (Result<Int, ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in try store.emptyTrash() }, then: deliver)
    }
}
