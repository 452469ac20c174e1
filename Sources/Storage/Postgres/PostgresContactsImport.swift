import AppServices

/// An import into a shared directory: each card by UID — updated when a contact has it, else
/// added (with its own activity entry, as `add` logs). Cards without a UID are added; the
/// matching by name and e-mail of the SQLite batch (`ContactsImportBatch.match`) is not here yet.
final class PostgresContactsImport: ContactsImporting {
    private let store: PostgresContactsStore

    init(store: PostgresContactsStore) { self.store = store }

    func take(_ contact: ContactRecord) throws(StorageError) -> ImportOutcome {
        var record = contact
        if let id = try store.contactID(uid: record.uid) {
            record.id = id
            _ = try store.update(record)
            return .updated(id)
        }
        return .added(try store.add(record))
    }

    func finish(subject: String) throws(StorageError) {}
}
