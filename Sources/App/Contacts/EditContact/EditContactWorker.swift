import AppServices

/// Reads the contact for the form and stores the changes, off the main loop where the store is a server.
@MainActor
class EditContactWorker {
    let contacts: ContactsWork
    init(contacts: ContactsWork) { self.contacts = contacts }
    /// Contacts that answer at once (a spy, memory, a file).
    convenience init(store: ContactsService) { self.init(contacts: .inline(store)) }

    func contact(id: Int64, then deliver: @escaping @MainActor (Result<ContactRecord?, ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in try store.contact(id: id) }, then: deliver)
    }

    /// The name of the address book the contact syncs with ("": none).
    func addressBook(of id: Int64, then deliver: @escaping @MainActor (Result<String, ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in try store.rowDetails(of: [id])[id]?.addressBook ?? "" }, then: deliver)
    }

    /// Stops the save out now where the store can (a server): it then fails and stores nothing.
    func stopSaving() { contacts.stopRunningCall() }

    /// Replaces the stored contact with `record`, keeping what the form does not edit (UID, the
    /// card as it came) as stored; false when it no longer exists. `record`'s extras are the stored
    /// ones with the form's changes (the lines of the fields that changed), taken as they are.
    func update(_ record: ContactRecord, then deliver: @escaping @MainActor (Result<Bool, ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in
            var record = record
            let edited = record.extras
            if let id = record.id, let stored = try store.contact(id: id) {
                record.keepCardFields(of: stored)
                record.extras = edited
            }
            return try store.update(record)
        }, then: deliver)
    }
}
