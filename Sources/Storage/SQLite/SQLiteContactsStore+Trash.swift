import AppServices

/// The Trash: the deletes kept for Undo (`deleted_contacts`, the account's last
/// `DeletedContactText.kept`), a delete of many as one, and bringing one or all back.
extension SQLiteContactsStore {
    public func delete(ids: [Int64]) throws(ServiceError) -> Int {
        try db.transaction { () throws(ServiceError) -> Int in
            // The batch is named by the first place it takes in the Trash: every row kept before has a
            // smaller id, so no older batch has the name.
            let next = try db.prepare("SELECT coalesce(max(id), 0) + 1 FROM deleted_contacts")
            defer { next.reset() }
            _ = try next.step()
            let batch = String(next.int64(0))
            var deleted = 0
            for id in ids where try delete(id: id, batch: batch) { deleted += 1 }
            return deleted
        }
    }

    public func restoreLastDeletes() throws(ServiceError) -> [ContactRecord] {
        try db.transaction { () throws(ServiceError) -> [ContactRecord] in
            let last = try db.prepare("SELECT id, record FROM deleted_contacts WHERE account_id = ? ORDER BY id DESC")
            last.bind(1, accountID)
            var rows: [(id: Int64, text: String)] = []
            var batch: String?
            while try last.step() {
                let text = last.text(1)
                let its = DeletedContactText.batch(of: text)
                if let batch, batch.isEmpty || its != batch { break }
                batch = its
                rows.append((last.int64(0), text))
            }
            last.reset()
            var restored: [ContactRecord] = []
            for row in rows.reversed() { restored.append(try bringBack(trashID: row.id, text: row.text)) }
            return restored
        }
    }

    public func deletedContacts() throws(ServiceError) -> [DeletedContact] {
        let s = try db.prepare("SELECT id, deleted_at, record FROM deleted_contacts WHERE account_id = ? ORDER BY id DESC")
        s.bind(1, accountID)
        defer { s.reset() }
        var kept: [DeletedContact] = []
        while try s.step() {
            let text = s.text(2)
            guard var record = DeletedContactText.decode(text) else { continue } // written by a newer build: left alone
            record.id = DeletedContactText.keptID(of: text)
            kept.append(DeletedContact(trashID: s.int64(0), deletedAt: s.int64(1), record: record))
        }
        return kept
    }

    public func restoreDeleted(trashID: Int64) throws(ServiceError) -> ContactRecord? {
        try db.transaction { () throws(ServiceError) -> ContactRecord? in
            let s = try db.prepare("SELECT record FROM deleted_contacts WHERE id = ? AND account_id = ?")
            s.bind(1, trashID).bind(2, accountID)
            guard try s.step() else { s.reset(); return nil }
            let text = s.text(0)
            s.reset()
            return try bringBack(trashID: trashID, text: text)
        }
    }

    public func emptyTrash() throws(ServiceError) -> Int {
        try db.transaction { () throws(ServiceError) -> Int in
            let s = try db.prepare("DELETE FROM deleted_contacts WHERE account_id = ?")
            s.bind(1, accountID)
            try s.run()
            return db.changes
        }
    }

    /// Takes one kept delete out of the Trash and stores its contact again, under the id it had
    /// where no contact has it now; logged as brought back. Inside the caller's transaction.
    private func bringBack(trashID: Int64, text: String) throws(ServiceError) -> ContactRecord {
        let gone = try db.prepare("DELETE FROM deleted_contacts WHERE id = ?")
        gone.bind(1, trashID)
        try gone.run()
        guard var record = DeletedContactText.decode(text) else {
            throw .corrupted(path: db.path, detail: "a deleted contact kept for Undo could not be read back")
        }
        var keep = DeletedContactText.keptID(of: text)
        if let id = keep {
            let taken = try db.prepare("SELECT 1 FROM contacts WHERE id = ?")
            taken.bind(1, id)
            if try taken.step() { keep = nil }
            taken.reset()
        }
        record.id = try insert(record, keeping: keep, logged: .contactRestored)
        return record
    }
}
