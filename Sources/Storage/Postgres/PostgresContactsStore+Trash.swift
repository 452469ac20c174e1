import AppServices

/// The Trash on a server: the deletes kept for Undo (`deleted_contacts`), a delete of many as
/// one, and bringing one or all back (under new ids: a shared directory hands out its ids itself).
/// In both books, the Trash is both books' deletes, and each comes back to the book it was in.
extension PostgresContactsStore {
    public func delete(ids: [Int64]) throws(ServiceError) -> Int {
        try pg.transaction { () throws(ServiceError) -> Int in
            let batch = "\(accountID)-\(now())-\(ids.first ?? 0)-\(ids.count)"
            var deleted = 0
            for id in ids where try delete(id: id, batch: batch) { deleted += 1 }
            return deleted
        }
    }

    public func restoreLastDeletes() throws(ServiceError) -> [ContactRecord] {
        try pg.transaction { () throws(ServiceError) -> [ContactRecord] in
            let rows = try pg.execute("""
                SELECT id, record, account_id FROM deleted_contacts WHERE \(accounts("account_id", 1)) ORDER BY id DESC FOR UPDATE
                """, [accountsValue])
            var taken: [(id: Int64, text: String, account: Int64)] = []
            var batch: String?
            for i in 0..<rows.count {
                let text = rows.text(i, 1)
                let its = DeletedContactText.batch(of: text)
                if let batch, batch.isEmpty || its != batch { break }
                batch = its
                taken.append((rows.int64(i, 0), text, rows.int64(i, 2)))
            }
            var restored: [ContactRecord] = []
            for row in taken.reversed() { restored.append(try book(account: row.account).bringBack(trashID: row.id, text: row.text)) }
            return restored
        }
    }

    public func deletedContacts() throws(ServiceError) -> [DeletedContact] {
        let rows = try pg.execute("SELECT id, deleted_at, record FROM deleted_contacts WHERE \(accounts("account_id", 1)) ORDER BY id DESC",
                                  [accountsValue])
        var kept: [DeletedContact] = []
        for i in 0..<rows.count {
            let text = rows.text(i, 2)
            guard var record = DeletedContactText.decode(text) else { continue }
            record.id = DeletedContactText.keptID(of: text)
            kept.append(DeletedContact(trashID: rows.int64(i, 0), deletedAt: rows.int64(i, 1), record: record))
        }
        return kept
    }

    public func restoreDeleted(trashID: Int64) throws(ServiceError) -> ContactRecord? {
        try pg.transaction { () throws(ServiceError) -> ContactRecord? in
            let rows = try pg.execute("SELECT record, account_id FROM deleted_contacts WHERE id = $1 AND \(accounts("account_id", 2)) FOR UPDATE",
                                      [trashID, accountsValue])
            guard rows.count == 1 else { return nil }
            return try book(account: rows.int64(0, 1)).bringBack(trashID: trashID, text: rows.text(0, 0))
        }
    }

    public func emptyTrash() throws(ServiceError) -> Int {
        try pg.transaction { () throws(ServiceError) -> Int in
            try pg.execute("DELETE FROM deleted_contacts WHERE \(accounts("account_id", 1)) RETURNING id", [accountsValue]).count
        }
    }

    /// Takes one kept delete out of the Trash and adds its contact again. Inside the caller's transaction.
    func bringBack(trashID: Int64, text: String) throws(ServiceError) -> ContactRecord {
        try pg.execute("DELETE FROM deleted_contacts WHERE id = $1", [trashID])
        guard var record = DeletedContactText.decode(text) else {
            throw ServiceError(.damaged, place: .server(pg.server), detail: "a deleted contact kept for Undo could not be read back")
        }
        record.id = try add(record, logged: .contactRestored)
        return record
    }
}
