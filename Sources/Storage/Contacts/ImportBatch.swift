import AppServices

/// What an import's batch did with one contact.
public enum ImportOutcome: Equatable, Sendable {
    case added(Int64)
    case updated(Int64)
}

/// The contacts of one imported file going into a store, inside the store's one transaction
/// for the file: `take` each, then `finish` once (see `ContactsImportBatch` for SQLite's).
public protocol ImportBatch: AnyObject {
    /// Adds the contact, or updates the stored one it stands for.
    @discardableResult
    func take(_ contact: ContactRecord) throws(StorageError) -> ImportOutcome
    /// Whatever is done once per file; `subject` describes the import for the activity log.
    func finish(subject: String) throws(StorageError)
}

/// The plain batch: each card through the store's `add` or `update` (a card whose UID is
/// stored updates that contact), every change logged as itself.
public final class OneByOneImportBatch: ImportBatch {
    private let store: any AddressBookStore

    public init(store: any AddressBookStore) { self.store = store }

    @discardableResult
    public func take(_ contact: ContactRecord) throws(StorageError) -> ImportOutcome {
        if let id = try store.contactID(uid: contact.uid) {
            var record = contact
            record.id = id
            _ = try store.update(record)
            return .updated(id)
        }
        return .added(try store.add(contact))
    }

    public func finish(subject: String) throws(StorageError) {}
}
