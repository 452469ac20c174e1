import AppServices

/// A mail client's search of two characters on a shared directory (`MailQueryIndex`, issue 50),
/// answered from the kept rows of `mail_query_rows` (`PostgresMailQueryRows`, schema step 25):
/// mutt's count is one range of `mail_query_rows_by_line` read from the index alone (the distinct
/// lines), the people written to are found in the start's range by their keys, and the lines are
/// one range of `mail_query_rows_in_order`, best first and in list order: a small first page, then
/// the rest after its key in one statement. A team member reads them through row-level security
/// as the contacts are read.
extension PostgresContactsStore: MailQueryIndex {
    /// The directory answers two characters from its word starts: this store.
    public var mailQueryIndex: (any MailQueryIndex)? { self }
    /// A server reads a search's addresses by the matches' ids (`forEachContactID`).
    public var mailAddressSearch: (any MailAddressSearch)? { nil }

    public func mailQueryLineCount(for query: String) throws(ServiceError) -> Int? {
        guard let start = try mailQueryStart(of: query) else { return nil }
        let count = try pg.scalarInt("""
            SELECT count(*) FROM (SELECT DISTINCT line_md5 FROM mail_query_rows WHERE account_id = $1 AND prefix = $2) d
            """, [accountID, start])
        return Int(count ?? 0)
    }

    public func mailQueryLines(for query: String, addressKeys: [String]) throws(ServiceError) -> [(addressKey: String, line: String)]? {
        guard let start = try mailQueryStart(of: query) else { return nil }
        guard !addressKeys.isEmpty else { return [] }
        let rows = try pg.execute("""
            SELECT DISTINCT address_key, line FROM mail_query_rows WHERE account_id = $1 AND prefix = $2 AND address_key = ANY($3::text[])
            """, [accountID, start, PostgresMigrations.arrayLiteral(addressKeys)])
        return (0..<rows.count).map { (rows.text($0, 0), rows.text($0, 1)) }
    }

    public func forEachMailQueryLine(for query: String, _ body: ([MailQueryLine]) throws(ServiceError) -> Bool) throws(ServiceError) -> Bool {
        guard let start = try mailQueryStart(of: query) else { return false }
        var after: (inside: Int64, sortKey: String, id: Int64, place: Int64)? = nil
        while true {
            var values: [any PostgresValue] = [accountID, start]
            var keyset = "", limit = ""
            if let after {
                keyset = " AND (inside, sort_key, contact_id, place) > ($3::smallint, $4, $5::bigint, $6::int)"
                values += [after.inside, after.sortKey, after.id, after.place]
            } else {
                limit = " LIMIT \(Self.firstMailQueryPage)"
            }
            let rows = try pg.execute("""
                SELECT inside, sort_key, contact_id, place, line FROM mail_query_rows WHERE account_id = $1 AND prefix = $2\(keyset)
                ORDER BY inside, sort_key, contact_id, place\(limit)
                """, values)
            var lines: [MailQueryLine] = []
            lines.reserveCapacity(rows.count)
            for i in 0..<rows.count { lines.append(MailQueryLine(mutt: rows.text(i, 4), insideAWord: rows.int64(i, 0) != 0)) }
            if !lines.isEmpty { guard try body(lines) else { return true } }
            guard after == nil, rows.count == Self.firstMailQueryPage else { return true }
            let last = rows.count - 1
            after = (rows.int64(last, 0), rows.text(last, 1), rows.int64(last, 2), rows.int64(last, 3))
        }
    }

    /// The kept rows of a first page: a mail client's first lines without reading the rest.
    static let firstMailQueryPage = 64

    /// The word start a search of two characters is answered by (nil: the search is not one, or the
    /// store reads both books, whose pages merge two lists).
    private func mailQueryStart(of query: String) throws(ServiceError) -> String? {
        guard !readsBothBooks, let start = SearchText.twoCharacterWordStart(of: query) else { return nil }
        return start
    }
}
