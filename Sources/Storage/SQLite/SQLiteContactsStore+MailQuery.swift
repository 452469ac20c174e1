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
    /// The file reads a search's addresses in one pass: this store.
    public var mailAddressSearch: (any MailAddressSearch)? { self }

    /// One statement from the trigram index to the addresses: each match's contact id is read from
    /// the index's content table in the same statement (`contact_search_content`, FTS5's own
    /// table of the rows: through the index's column each row was a statement of FTS5's own, reset
    /// and stepped), the contact by its id, its addresses by `json_each`. A row read before is
    /// recognised by its bytes, so only a new row is made into strings. A long search in ASCII
    /// (`coveringMatch`) is found by a few of its trigrams and the document's text: at a million
    /// contacts "kierkegaard" (11,923 contacts, 8,841 address rows, 108 lines) costs the index
    /// 4 trigrams a match, not 9.
    public func forEachEmailAddress(matching query: String,
                                    _ body: ([(email: String, name: String, company: String)]) throws(ServiceError) -> Bool) throws(ServiceError) -> Bool {
        guard let phrase = try ftsPhrase(for: query) else { return false }
        guard let bounds = try order.bounds(of: accountID) else { return true }
        var seen = Set<RowBytes>(), batch: [(email: String, name: String, company: String)] = [], size = 32
        if let covering = Self.coveringMatch(phrase: phrase) {
            // Stops at a match it cannot judge by the text (see `coveringMatch`): the rest is read by the phrase.
            switch try readAddresses(match: covering.match, text: covering.text, from: bounds.first, to: bounds.last,
                                     seen: &seen, batch: &batch, size: &size, body) {
            case .stopped: return true
            case .finished:
                if !batch.isEmpty { _ = try body(batch) }
                return true
            case .unsure(let rowid):
                _ = try readAddresses(match: phrase, text: nil, from: rowid, to: bounds.last, seen: &seen, batch: &batch, size: &size, body)
            }
        } else {
            guard try readAddresses(match: phrase, text: nil, from: bounds.first, to: bounds.last,
                                    seen: &seen, batch: &batch, size: &size, body) != .stopped else { return true }
        }
        if !batch.isEmpty { _ = try body(batch) }
        return true
    }

    /// How `readAddresses` ended: every match read, `body` said stop, or a match the text could not
    /// judge (its rank).
    enum AddressRead: Equatable { case finished, stopped, unsure(Int64) }

    /// For a search phrase (`ftsPhrase`) of 6 or more characters, all ASCII and none in capitals: the
    /// trigrams at 0, 3, 6… and the last, ANDed (the documents that have them are a superset of the
    /// phrase's), and the text itself. A document with the text in it is a match; one in ASCII
    /// with no capital and without the text is not (FTS5's trigrams fold only A–Z there); any
    /// other is not judged by the text (it might fold to the text). Nil for any other phrase.
    static func coveringMatch(phrase: String) -> (match: String, text: String)? {
        guard phrase.utf8.count >= 8, phrase.utf8.first == 0x22, phrase.utf8.last == 0x22 else { return nil }
        let text = String(decoding: phrase.utf8.dropFirst().dropLast(), as: UTF8.self)
        let quoted = SearchText.replacing("\"\"", with: "\"", in: text)
        let bytes = Array(quoted.utf8)
        guard bytes.count >= 6, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && !($0 >= 0x41 && $0 <= 0x5A) }) else { return nil }
        var starts = Array(stride(from: 0, through: bytes.count - 3, by: 3))
        if starts.last != bytes.count - 3 { starts.append(bytes.count - 3) }
        let terms = starts.map { start in
            "\"" + SearchText.replacing("\"", with: "\"\"", in: String(decoding: bytes[start..<(start + 3)], as: UTF8.self)) + "\""
        }
        return (terms.joined(separator: " AND "), quoted)
    }

    /// Reads the address rows of the index's matches of `match` ranked `first`...`last`, into
    /// `batch` (handed to `body` as it fills), each row once (`seen`). With `text`, a match is kept
    /// when the document holds the text, left when it is in ASCII with no capital, and the read
    /// stops before any other (`.unsure`, its rank).
    private func readAddresses(match: String, text: String?, from first: Int64, to last: Int64,
                               seen: inout Set<RowBytes>, batch: inout [(email: String, name: String, company: String)], size: inout Int,
                               _ body: ([(email: String, name: String, company: String)]) throws(ServiceError) -> Bool) throws(ServiceError) -> AddressRead {
        // With the text: a document without it is read only when it is not ASCII with no capital (unsure).
        let (unsure, judged) = text == nil ? ("0", "") : ("instr(k.c0, ?5) = 0", """
            AND (instr(k.c0, ?5) > 0 OR k.c0 GLOB '*[A-Z]*' OR length(CAST(k.c0 AS BLOB)) <> length(k.c0))
            """)
        let s = try db.prepare("""
            SELECT coalesce(c.preferred_email, -1), c.emails, c.first_name, c.last_name, c.company, c.display_name, s.rowid, \(unsure)
            FROM contact_search s CROSS JOIN contact_search_content k ON k.id = s.rowid
            CROSS JOIN contacts c ON c.id = k.c1 AND c.account_id = ?4
            WHERE s.contact_search MATCH ?1 AND s.rowid BETWEEN ?2 AND ?3 AND c.emails <> '[]' \(judged) ORDER BY s.rowid
            """)
        s.bind(1, match).bind(2, first).bind(3, last).bind(4, accountID)
        if let text { s.bind(5, text) }
        defer { s.reset() }
        let addresses = try db.prepare("SELECT key = ?2, value FROM json_each(?1)")
        // A contact's columns as read (up to a NUL, as `text(_:)` reads them; its addresses' JSON
        // whole), 0 between them, in a buffer used again for every contact: one whose columns were
        // read before (most are) gives only rows read before, and its addresses are not read.
        var contactKey = RowBytes(), contacts = Set<RowBytes>(), names: [UInt8] = []
        func take(_ row: RowBytes) {
            guard seen.insert(row).inserted else { return }
            let columns = row.bytes.split(separator: 0, maxSplits: 4, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            batch.append((columns[0], ContactRecord.shownName(displayName: columns[4], firstName: columns[1], lastName: columns[2]), columns[3]))
        }
        func append(_ column: Int32, of statement: SQLiteStatement, to bytes: inout [UInt8]) {
            let text = statement.utf8(column)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<(text.firstIndex(of: 0) ?? text.count)]))
        }
        while try s.step() {
            if s.int64(7) != 0 { return .unsure(s.int64(6)) }
            names.removeAll(keepingCapacity: true)
            for column in Int32(2)...5 {
                names.append(0)
                append(column, of: s, to: &names)
            }
            let json = s.utf8(1)
            contactKey.bytes.removeAll(keepingCapacity: true)
            contactKey.bytes.append(contentsOf: json)
            contactKey.bytes.append(contentsOf: names)
            guard contacts.insert(contactKey).inserted else { continue }
            // Its rows as `json_each(c.emails)` gives them, the preferred address first.
            addresses.bind(1, utf8: ArraySlice(json)).bind(2, s.int64(0))
            var rows: [RowBytes] = [], first: RowBytes? = nil
            while try addresses.step() {
                var row = RowBytes()
                append(1, of: addresses, to: &row.bytes)
                row.bytes.append(contentsOf: names)
                if addresses.bool(0) && first == nil { first = row } else { rows.append(row) }
            }
            addresses.reset()
            if let first { take(first) }
            for row in rows { take(row) }
            if batch.count >= size {
                guard try body(batch) else { return .stopped }
                batch.removeAll(keepingCapacity: true)
                size = min(size * 4, 1024)
            }
        }
        return .finished
    }
}

/// A row's columns as bytes, hashed as one run of bytes (not byte by byte).
private struct RowBytes: Hashable {
    var bytes: [UInt8] = []

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

/// A search of two characters answered from `mail_query_rows` (`SQLiteMailQueryRowsSchema`): one
/// range of its primary key for the count and the people written to, one of its index for the rest.
extension SQLiteContactsStore: MailQueryIndex {
    /// The file keeps the two-character answers: this store.
    public var mailQueryIndex: (any MailQueryIndex)? { self }

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
