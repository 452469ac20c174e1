import AppServices

extension SQLiteContactsStore {
    /// The search's matches as the app's search finds them (the trigram index, whose row ids are
    /// list ranks, so they come in list order), read by one statement as they are needed: the first
    /// batch is small, so a mail client's first answer is out before the last match is read.
    public func forEachContactID(matching query: String, _ body: ([Int64]) throws(ServiceError) -> Bool) throws(ServiceError) {
        let s: SQLiteStatement
        if let phrase = try ftsPhrase(for: query) {
            guard let bounds = try order.bounds(of: accountID) else { return }
            s = try db.prepare("SELECT contact_id FROM contact_search WHERE contact_search MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rowid")
            s.bind(1, phrase).bind(2, bounds.first).bind(3, bounds.last)
        } else {
            s = try db.prepare("SELECT id FROM contacts WHERE account_id = ? ORDER BY sort_key, id")
            s.bind(1, accountID)
        }
        defer { s.reset() }
        var batch: [Int64] = [], size = 32
        batch.reserveCapacity(1024)
        while try s.step() {
            batch.append(s.int64(0))
            guard batch.count == size else { continue }
            guard try body(batch) else { return }
            batch.removeAll(keepingCapacity: true)
            size = min(size * 4, 1024)
        }
        if !batch.isEmpty { _ = try body(batch) }
    }
}
