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

/// A search of two characters answered from `mail_query_rows` (`SQLiteMailQueryRowsSchema`): one
/// range of its primary key for the count and the people written to, one of its index for the rest.
extension SQLiteContactsStore: MailQueryIndex {
    public func mailQueryLineCount(for query: String) throws(ServiceError) -> Int? {
        guard let start = SearchText.twoCharacterWordStart(of: query) else { return nil }
        // The distinct (key, line) pairs, read in the key's order (no sort): equal lines have equal keys.
        let s = try db.prepare("""
            SELECT count(*) FROM (SELECT DISTINCT address_key, line FROM mail_query_rows WHERE account_id = ? AND prefix = ?)
            """)
        s.bind(1, accountID).bind(2, start)
        defer { s.reset() }
        return try s.step() ? Int(s.int64(0)) : 0
    }

    public func mailQueryLines(for query: String, addressKeys: [String]) throws(ServiceError) -> [(addressKey: String, line: String)]? {
        guard let start = SearchText.twoCharacterWordStart(of: query) else { return nil }
        guard !addressKeys.isEmpty else { return [] }
        let s = try db.prepare("""
            SELECT DISTINCT m.address_key, m.line FROM json_each(?3) k CROSS JOIN mail_query_rows m
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
            SELECT inside, line FROM mail_query_rows INDEXED BY mail_query_rows_by_rank
            WHERE account_id = ? AND prefix = ? ORDER BY inside, sort_key, place, line
            """)
        s.bind(1, accountID).bind(2, start)
        defer { s.reset() }
        var batch: [MailQueryLine] = [], size = 32
        batch.reserveCapacity(2048)
        while try s.step() {
            batch.append(MailQueryLine(mutt: s.text(1), insideAWord: s.int64(0) != 0))
            guard batch.count == size else { continue }
            guard try body(batch) else { return true }
            batch.removeAll(keepingCapacity: true)
            size = min(size * 4, 2048)
        }
        if !batch.isEmpty { _ = try body(batch) }
        return true
    }
}
