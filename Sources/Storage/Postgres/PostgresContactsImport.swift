import AppServices

/// An import into a shared directory, card by card: a card is the stored contact with its UID,
/// else the one `ImportMatchRule` finds (the SQLite batch's rule), and updates it; otherwise it
/// is added (with its own activity entry, as `add` logs).
final class PostgresContactsImport: ContactsImporting {
    private let store: PostgresContactsStore

    init(store: PostgresContactsStore) { self.store = store }

    func take(_ contact: ContactRecord) throws(ServiceError) -> ImportOutcome {
        var record = contact
        if let id = try match(contact) {
            record.id = id
            _ = try store.update(record)
            return .updated(id)
        }
        return .added(try store.add(record))
    }

    func finish(subject: String) throws(ServiceError) {}

    private func match(_ contact: ContactRecord) throws(ServiceError) -> Int64? {
        if let id = try store.contactID(uid: contact.uid) { return id }
        let rows = try store.pg.execute("""
            SELECT id, coalesce(emails ->> 0, ''), coalesce(phones -> 0 ->> 1, ''), uid IS NULL
            FROM contacts WHERE account_id = $1 AND sort_key = $2 ORDER BY id
            """, [store.accountID, contact.sortKey])
        let rule = ImportMatchRule(contact)
        for i in 0..<rows.count {
            if !contact.uid.isEmpty && !rows.bool(i, 3) { continue } // another card's contact
            if rule.matches(storedEmail: rows.text(i, 1), storedPhone: rows.text(i, 2)) { return rows.int64(i, 0) }
        }
        return nil
    }
}
