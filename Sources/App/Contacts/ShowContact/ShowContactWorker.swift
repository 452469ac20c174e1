import AppServices

/// Reads and changes one contact for the card, off the main loop where the store is a server.
@MainActor
class ShowContactWorker {
    let contacts: ContactsWork
    init(contacts: ContactsWork) { self.contacts = contacts }
    /// Contacts that answer at once (a spy, memory, a file).
    convenience init(store: ContactsService) { self.init(contacts: .inline(store)) }
    func contact(id: Int64, then deliver: @escaping @MainActor (Result<ContactRecord?, ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in try store.contact(id: id) }, then: deliver)
    }
    func setFriend(id: Int64, _ value: Bool, then deliver: @escaping @MainActor (Result<Bool, ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in try store.setFriend(id: id, value) }, then: deliver)
    }
    func delete(id: Int64, then deliver: @escaping @MainActor (Result<Bool, ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in try store.delete(id: id) }, then: deliver)
    }
    /// Contacts that may be the same person (the card's hint).
    func likelyDuplicates(of contact: ContactRecord, then deliver: @escaping @MainActor (Result<[LikelyDuplicate], ServiceError>) -> Void) {
        contacts.likelyDuplicates(of: contact, then: deliver)
    }
    /// What the mail harvest counted for these addresses, summed (nil where the store keeps no counts, or has none).
    func mailCounts(of emails: [String], then deliver: @escaping @MainActor (Result<MailCorrespondent?, ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in
            guard !emails.isEmpty, let history = store.mailHistory else { return nil }
            return MailCorrespondent.summed(Array(try history.mailCounts(of: emails).values))
        }, then: deliver)
    }
    /// Merges `mergedAway` into the card's contact.
    func merge(keeping kept: Int64, removing mergedAway: Int64, then deliver: @escaping @MainActor (Result<ContactMergeOutcome, ServiceError>) -> Void) {
        contacts.merge(keeping: kept, removing: mergedAway, then: deliver)
    }
}
