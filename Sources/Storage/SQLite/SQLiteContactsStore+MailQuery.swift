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

extension SQLiteContactsStore: MailAddressSearch {
    /// One statement from the trigram index to the addresses: each match's contact id is read from
    /// the index's content table in the same statement (`contact_search_content`, FTS5's own
    /// table of the rows: through the index's column each row was a statement of FTS5's own, reset
    /// and stepped), the contact by its id, its addresses by `json_each`. A row read before is
    /// recognised by its bytes, so only a new row is made into strings: at a million contacts
    /// "kierkegaard" reads 8,841 address rows of 11,923 contacts for 108 lines.
    public func forEachEmailAddress(matching query: String,
                                    _ body: ([(email: String, name: String, company: String)]) throws(ServiceError) -> Bool) throws(ServiceError) -> Bool {
        guard let phrase = try ftsPhrase(for: query) else { return false }
        guard let bounds = try order.bounds(of: accountID) else { return true }
        let s = try db.prepare("""
            SELECT c.id, coalesce(c.preferred_email, -1), e.key, e.value, c.first_name, c.last_name, c.company, c.display_name
            FROM contact_search s CROSS JOIN contact_search_content k ON k.id = s.rowid
            CROSS JOIN contacts c ON c.id = k.c1 AND c.account_id = ?4, json_each(c.emails) e
            WHERE s.contact_search MATCH ?1 AND s.rowid BETWEEN ?2 AND ?3 ORDER BY s.rowid
            """)
        s.bind(1, phrase).bind(2, bounds.first).bind(3, bounds.last).bind(4, accountID)
        defer { s.reset() }
        // Each row's columns as read (up to a NUL, as `text(_:)` reads them), 0 between them.
        var seen = Set<[UInt8]>(), contact: Int64? = nil, rows: [[UInt8]] = [], preferred: [UInt8]? = nil
        var batch: [(email: String, name: String, company: String)] = [], size = 32
        func flush() {
            for row in (preferred.map { [$0] } ?? []) + rows where seen.insert(row).inserted {
                let columns = row.split(separator: 0, maxSplits: 4, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
                batch.append((columns[0], ContactRecord.shownName(displayName: columns[4], firstName: columns[1], lastName: columns[2]), columns[3]))
            }
            rows.removeAll(keepingCapacity: true)
            preferred = nil
        }
        while try s.step() {
            let id = s.int64(0)
            if id != contact {
                flush()
                contact = id
                if batch.count >= size {
                    guard try body(batch) else { return true }
                    batch.removeAll(keepingCapacity: true)
                    size = min(size * 4, 1024)
                }
            }
            var row: [UInt8] = []
            for column in Int32(3)...7 {
                if column > 3 { row.append(0) }
                let text = s.utf8(column)
                row.append(contentsOf: text.prefix(while: { $0 != 0 }))
            }
            if s.int64(2) == s.int64(1) && preferred == nil { preferred = row } else { rows.append(row) }
        }
        flush()
        if !batch.isEmpty { _ = try body(batch) }
        return true
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
