import AppServices

/// A mail client's search of two characters on a shared directory (`MailQueryIndex`, issue 50):
/// the contacts a word of whose name starts with them (`contact_word_starts`, one range of its
/// index in list order) joined to their addresses in the same statement, a page a statement, each
/// page after the last one's key (sort key, id) — not by offset, which read every earlier row
/// again, nor through the list's rows and then their addresses, a second round trip a page.
/// Nothing is kept for it: no write pays.
///
/// mutt's first line is the count of the lines that follow, so mutt's answer is read whole at
/// its first call (one statement), counted, and kept for the rest of the command; aerc's is
/// handed over as it is read: a small first page, then the rest in one statement.
extension PostgresContactsStore: MailQueryIndex {
    public func mailQueryLineCount(for query: String) throws(ServiceError) -> Int? {
        try wholeMailAnswer(for: query)?.count
    }

    public func mailQueryLines(for query: String, addressKeys: [String]) throws(ServiceError) -> [(addressKey: String, line: String)]? {
        guard try mailQueryStart(of: query) != nil else { return nil }
        guard !addressKeys.isEmpty, let answer = try wholeMailAnswer(for: query) else { return [] }
        let keys = Set(addressKeys)
        var seen = Set<String>(), found: [(addressKey: String, line: String)] = []
        for line in answer.lines {
            let key = MailCorrespondent.key(line.email)
            guard keys.contains(key) else { continue }
            let mutt = MailClientLine.mutt(email: line.email, name: line.name, company: line.company)
            if seen.insert(mutt).inserted { found.append((key, mutt)) }
        }
        return found
    }

    public func forEachMailQueryLine(for query: String, _ body: ([MailQueryLine]) throws(ServiceError) -> Bool) throws(ServiceError) -> Bool {
        guard let start = try mailQueryStart(of: query) else { return false }
        if let kept = keptMailAnswer, kept.start == start {
            keptMailAnswer = nil // handed over once: a later search reads the contacts as they are then
            var from = 0, size = 64
            while from < kept.lines.count {
                let upTo = min(kept.lines.count, from + size)
                guard try body(Array(kept.lines[from..<upTo])) else { return true }
                from = upTo
                size = min(size * 4, 4096)
            }
            return true
        }
        // The starting matches go out as they are read; those inside a word after them, at the end.
        let ranking = QueryRanking(query)
        var inside: [MailQueryLine] = [], after: (sortKey: String, id: Int64)? = nil
        while true {
            let page = try mailQueryPage(start, ranking: ranking, after: after, limit: after == nil ? Self.firstMailQueryPage : nil)
            inside += page.lines.filter(\.insideAWord)
            let best = page.lines.filter { !$0.insideAWord }
            if !best.isEmpty { guard try body(best) else { return true } }
            guard let last = page.last, after == nil, page.contacts == Self.firstMailQueryPage else { break }
            after = last
        }
        if !inside.isEmpty { _ = try body(inside) }
        return true
    }

    /// The contacts of a first page: a mail client's first lines without reading the rest.
    static let firstMailQueryPage = 64

    /// The word start a search of two characters is answered by (nil: the search is not one, or the
    /// store reads both books, whose pages merge two lists).
    private func mailQueryStart(of query: String) throws(ServiceError) -> String? {
        guard !readsBothBooks, SearchText.twoCharacterWordStart(of: query) != nil,
              case .wordStart(let start) = try match(query) else { return nil }
        return start
    }

    /// The whole answer, starting matches first, each kind in list order, with the count of its
    /// distinct mutt lines; read once and kept for the rest of the command (nil: not a search
    /// this answers).
    private func wholeMailAnswer(for query: String) throws(ServiceError) -> KeptMailAnswer? {
        guard let start = try mailQueryStart(of: query) else { return nil }
        if let kept = keptMailAnswer, kept.start == start { return kept }
        let page = try mailQueryPage(start, ranking: QueryRanking(query), after: nil, limit: nil)
        let lines = page.lines.filter { !$0.insideAWord } + page.lines.filter(\.insideAWord)
        var distinct = Set<String>()
        for line in lines { distinct.insert(MailClientLine.mutt(email: line.email, name: line.name, company: line.company)) }
        let kept = KeptMailAnswer(start: start, lines: lines, count: distinct.count)
        keptMailAnswer = kept
        return kept
    }

    /// One statement: the address lines of the contacts with the word start `start` after the
    /// contact `after` in list order (nil: from the first), at most `limit` contacts (nil: all), in
    /// list order and each contact's addresses in its order (the preferred one first); the number
    /// of contacts read and the last one's key. Each contact is looked up by its id (the `LIMIT 1`
    /// keeps the planner from joining the pages to every contact of the directory: for 24,000
    /// matches of a million it chose a hash join over a scan of all, 1.3 s, where the lookups take 0.2 s).
    private func mailQueryPage(_ start: String, ranking: QueryRanking, after: (sortKey: String, id: Int64)?,
                               limit: Int?) throws(ServiceError) -> (lines: [MailQueryLine], contacts: Int, last: (sortKey: String, id: Int64)?) {
        var values: [any PostgresValue] = [accountID, start]
        var keyset = ""
        if let after {
            keyset = " AND (sort_key, contact_id) > ($3, $4::bigint)"
            values += [after.sortKey, after.id]
        }
        var limitClause = ""
        if let limit {
            limitClause = " LIMIT $\(values.count + 1)"
            values.append(limit)
        }
        let rows = try pg.execute("""
            SELECT m.sort_key, m.id, e.value, c.first_name, c.last_name, c.company, c.display_name
            FROM (SELECT contact_id AS id, sort_key FROM contact_word_starts WHERE account_id = $1 AND start = $2\(keyset)
                  ORDER BY sort_key, contact_id\(limitClause)) m
            CROSS JOIN LATERAL (SELECT first_name, last_name, company, display_name, emails, preferred_email FROM contacts
                                WHERE id = m.id AND account_id = $1 LIMIT 1) c
            LEFT JOIN LATERAL jsonb_array_elements_text(c.emails) WITH ORDINALITY AS e(value, k) ON true
            ORDER BY m.sort_key, m.id, e.k - 1 = coalesce(c.preferred_email, -1) DESC, e.k
            """, values)
        var lines: [MailQueryLine] = [], contacts = 0, lastID: Int64?
        lines.reserveCapacity(rows.count)
        for i in 0..<rows.count {
            let id = rows.int64(i, 1)
            if id != lastID { contacts += 1; lastID = id }
            guard !rows.isNull(i, 2) else { continue }
            let email = rows.text(i, 2), company = rows.text(i, 5)
            let name = ContactRecord.shownName(displayName: rows.text(i, 6), firstName: rows.text(i, 3), lastName: rows.text(i, 4))
            lines.append(MailQueryLine(email: email, name: name, company: company,
                                       insideAWord: !ranking.startsAWord(name: name.isEmpty ? company : name, email: email)))
        }
        let last = rows.count > 0 ? (rows.text(rows.count - 1, 0), rows.int64(rows.count - 1, 1)) : nil
        return (lines, contacts, last)
    }
}

/// A search's whole answer for a mail client, kept by the store for the rest of one command.
struct KeptMailAnswer {
    /// The word start it answers.
    var start: String
    /// Its lines, starting matches first, each kind in list order.
    var lines: [MailQueryLine]
    /// How many distinct mutt lines they make (`MailClientLine.mutt`).
    var count: Int
}
