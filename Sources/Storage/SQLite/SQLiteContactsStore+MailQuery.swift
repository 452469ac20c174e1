import AppServices

extension SQLiteContactsStore {
    /// The search's matches as the app's search finds them (the trigram index, whose row ids are
    /// list ranks, so they come in list order), read by one statement as they are needed: the first
    /// batch is small, so a mail client's first answer is out before the last match is read.
    public func forEachContactID(matching query: String, _ body: ([Int64]) throws(ServiceError) -> Bool) throws(ServiceError) {
        let s: SQLiteStatement
        if let phrase = SearchText.ftsPhrase(for: query) {
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

/// A search of two characters answered from `mail_query_lines` and `mail_query_distinct`
/// (`SQLiteMailQuerySchema`): one range of an index each.
extension SQLiteContactsStore: MailQueryIndex {
    public func mailQueryLineCount(for query: String) throws(ServiceError) -> Int? {
        guard let start = SearchText.twoCharacterWordStart(of: query) else { return nil }
        let s = try db.prepare("SELECT count(*) FROM mail_query_distinct WHERE account_id = ? AND prefix = ?")
        s.bind(1, accountID).bind(2, start)
        defer { s.reset() }
        return try s.step() ? Int(s.int64(0)) : 0
    }

    public func mailQueryLines(for query: String, addressKeys: [String]) throws(ServiceError) -> [(addressKey: String, line: String)]? {
        guard let start = SearchText.twoCharacterWordStart(of: query) else { return nil }
        guard !addressKeys.isEmpty else { return [] }
        let s = try db.prepare("""
            SELECT m.address_key, m.line FROM json_each(?3) k CROSS JOIN mail_query_distinct m
            WHERE m.account_id = ?1 AND m.prefix = ?2 AND m.address_key = k.value
            """)
        s.bind(1, accountID).bind(2, start).bind(3, JSONText.array(of: addressKeys))
        defer { s.reset() }
        var lines: [(addressKey: String, line: String)] = []
        while try s.step() { lines.append((s.text(0), s.text(1))) }
        return lines
    }

    public func forEachMailQueryLine(for query: String, _ body: ([MailQueryLine]) throws(ServiceError) -> Bool) throws(ServiceError) -> Bool {
        guard let start = SearchText.twoCharacterWordStart(of: query) else { return false }
        let s = try db.prepare("""
            SELECT inside, line ->> 1, line ->> 2, line ->> 3 FROM mail_query_lines
            WHERE account_id = ? AND prefix = ? ORDER BY inside, sort_key, line
            """)
        s.bind(1, accountID).bind(2, start)
        defer { s.reset() }
        var batch: [MailQueryLine] = [], size = 32
        batch.reserveCapacity(2048)
        while try s.step() {
            batch.append(MailQueryLine(email: s.text(1), name: s.text(2), company: s.text(3), insideAWord: s.int64(0) != 0))
            guard batch.count == size else { continue }
            guard try body(batch) else { return true }
            batch.removeAll(keepingCapacity: true)
            size = min(size * 4, 2048)
        }
        if !batch.isEmpty { _ = try body(batch) }
        return true
    }
}
