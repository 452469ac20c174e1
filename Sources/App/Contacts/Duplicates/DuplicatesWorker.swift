import AppServices

/// Reads the book for the duplicates scene in slices, and merges: each call one job, off the
/// main loop where the store is a server.
@MainActor
class DuplicatesWorker {
    let contacts: ContactsWork
    init(contacts: ContactsWork) { self.contacts = contacts }
    /// Contacts that answer at once (a spy, memory, a file).
    convenience init(store: ContactsService) { self.init(contacts: .inline(store)) }

    /// The next `limit` contacts after `cursor` with their e-mails and phones.
    func slice(after cursor: FriendCursor?, limit: Int, then deliver: @escaping @MainActor (Result<[ContactMatchKeys], ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in try store.matchKeys(after: cursor, limit: limit) }, then: deliver)
    }

    /// Merges `mergedAway` into `kept` (see `ServiceWork.merge(keeping:removing:then:)`).
    func merge(keeping kept: Int64, removing mergedAway: Int64, then deliver: @escaping @MainActor (Result<ContactMergeOutcome, ServiceError>) -> Void) {
        contacts.merge(keeping: kept, removing: mergedAway, then: deliver)
    }
}
