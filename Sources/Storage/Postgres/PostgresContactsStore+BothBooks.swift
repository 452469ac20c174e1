import AppServices

/// A team member's own contacts and the team's address book as one list (`Scope.both`): both
/// books in one list order, each team row marked (`ContactSummary.inTeamBook`). Reads meet the
/// same row-level security as each book's own store. Only the list's pages are here: each walks
/// a book's `(account_id, key, id)` index, so both books are read up to the page and merged; the
/// rest of the store's queries are written once over the scope's accounts, and a change goes
/// through the book its contact is in (`book(of:)`).
///
/// The whole list is one statement over both books' `(account_id, sort_key, id)` index — each
/// book's rows up to the page, merged in order (Merge Append), so a page costs what it costs in
/// one book, from the end past the middle as there (beside a million contacts: the first page
/// 0.16 ms, one 250,000 rows down 218 ms where one book's takes 176 ms). A search asks each book's store (each with its
/// own ways of searching) for the matches up to the page and merges them.
extension PostgresContactsStore {
    private var own: PostgresContactsStore { books[0] }
    private var team: PostgresContactsStore { books[1] }

    func countOfBothBooks(matching query: String, upTo cap: Int) throws(ServiceError) -> Int {
        let mine = try own.count(matching: query, upTo: cap)
        guard mine < cap else { return cap }
        return min(cap, mine + (try team.count(matching: query, upTo: cap - mine)))
    }

    /// The columns of a marked list row (`markedSummaries`).
    private static func rowColumns(_ key: String) -> String { "id, first_name, last_name, is_friend, \(key), account_id, display_name" }

    func contactsOfBothBooks(matching query: String, offset: Int, limit: Int) throws(ServiceError) -> [ContactSummary] {
        guard offset >= 0, limit > 0 else { return [] }
        guard case .all = Match(query) else {
            return Array(Self.merged(try own.contacts(matching: query, offset: 0, limit: offset + limit),
                                     try marked(team.contacts(matching: query, offset: 0, limit: offset + limit))).dropFirst(offset).prefix(limit))
        }
        return try wholeList(offset: offset, limit: limit, total: try countOfBothBooks(matching: "", upTo: .max))
    }

    /// A page of the whole list (no search), both books' `total` known, in `listOrder`.
    private func wholeList(offset: Int, limit: Int, total: Int, in listOrder: ContactListOrder = .lastName) throws(ServiceError) -> [ContactSummary] {
        guard offset >= 0, limit > 0, offset < total else { return [] }
        // Past the middle, counted from the end, as one book's list does.
        let fromEnd = offset > total / 2
        let key = Self.listKey(listOrder)
        let order = fromEnd ? "\(key) DESC, id DESC" : "\(key), id"
        let take = min(limit, total - offset), skip = fromEnd ? total - offset - take : offset
        // Each book's rows up to the page in index order, merged (without each its own LIMIT the
        // planner scans both books and sorts them: 170 ms for the first page beside a million).
        let rows = try pg.execute("""
            SELECT id, first_name, last_name, is_friend, \(key), account_id, display_name FROM (
                (SELECT \(Self.rowColumns(key)) FROM contacts WHERE account_id = $1 ORDER BY \(order) LIMIT $5)
                UNION ALL
                (SELECT \(Self.rowColumns(key)) FROM contacts WHERE account_id = $2 ORDER BY \(order) LIMIT $5)) both_books
            ORDER BY \(order) LIMIT $3 OFFSET $4
            """, [own.accountID, team.accountID, take, skip, take + skip])
        let page = markedSummaries(rows)
        return fromEnd ? page.reversed() : page
    }

    func pageOfBothBooks(matching query: String, in order: ContactListOrder, offset: Int, limit: Int,
                         countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        guard case .all = Match(query) else {
            // Each book's matches up to the page in this order (and its count, capped), merged.
            return try mergedPage(offset: offset, limit: limit, countingUpTo: cap) { (book, upTo, counted) throws(ServiceError) in
                try book.page(matching: query, in: order, offset: 0, limit: upTo, countingUpTo: counted)
            }
        }
        // The whole list: both books' counts read once, for the count and the page.
        let total = try countOfBothBooks(matching: "", upTo: .max)
        return ContactsPage(count: min(cap, total), rows: try wholeList(offset: offset, limit: limit, total: total, in: order))
    }

    /// Each book's groups, one entry a group (its counts added).
    func groupsOfBothBooks() throws(ServiceError) -> [ContactGroup] {
        var merged: [String: ContactGroup] = [:]
        for group in try own.groups() + team.groups() {
            if var known = merged[group.id] { known.count += group.count; merged[group.id] = known } else { merged[group.id] = group }
        }
        return merged.values.sorted { (SearchText.fold($0.name), $0.name, $0.id) < (SearchText.fold($1.name), $1.name, $1.id) }
    }

    /// Each book's members up to the page (and its count, capped), merged in the order.
    func pageOfBothBooks(inGroup group: String, matching query: String, in order: ContactListOrder, offset: Int, limit: Int,
                         countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        try mergedPage(offset: offset, limit: limit, countingUpTo: cap) { (book, upTo, counted) throws(ServiceError) in
            try book.page(inGroup: group, matching: query, in: order, offset: 0, limit: upTo, countingUpTo: counted)
        }
    }

    /// The address books of both books' accounts (as row-level security lets the member see
    /// them: the team's only to an editor); on none, those of both.
    func addressBooksOfBothBooks(counted: Bool) throws(ServiceError) -> ContactAddressBooks {
        let mine = try own.addressBooks(counted: counted), theirs = try team.addressBooks(counted: counted)
        return ContactAddressBooks(books: mine.books + theirs.books.filter { book in !mine.books.contains { $0.id == book.id } },
                                   notSynced: mine.notSynced + theirs.notSynced)
    }

    /// Each book's contacts on the address book (or on none) up to the page (and its count, capped), merged in the order.
    func pageOfBothBooks(in filter: AddressBookFilter, matching query: String, in order: ContactListOrder, offset: Int, limit: Int,
                         countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        try mergedPage(offset: offset, limit: limit, countingUpTo: cap) { (book, upTo, counted) throws(ServiceError) in
            try book.page(in: filter, matching: query, in: order, offset: 0, limit: upTo, countingUpTo: counted)
        }
    }

    func contactsOfBothBooks(withEmail address: String) throws(ServiceError) -> [ContactSummary] {
        Self.merged(try own.contacts(withEmail: address), try marked(team.contacts(withEmail: address)))
    }

    /// Each book's next slice after `cursor`, merged in list order (the team's marked): the
    /// Duplicates screen reads both books a slice at a time, never the whole list.
    func matchKeysOfBothBooks(after cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [ContactMatchKeys] {
        let mine = try own.matchKeys(after: cursor, limit: limit)
        let theirs = try team.matchKeys(after: cursor, limit: limit).map { var keys = $0; keys.contact.inTeamBook = true; return keys }
        var out: [ContactMatchKeys] = []
        var i = 0, j = 0
        while out.count < limit, i < mine.count || j < theirs.count {
            if j < theirs.count, i == mine.count || Self.precedes(theirs[j].contact, mine[i].contact) { out.append(theirs[j]); j += 1 }
            else { out.append(mine[i]); i += 1 }
        }
        return out
    }

    // MARK: Rows

    private func markedSummaries(_ rows: PostgresRows) -> [ContactSummary] {
        (0..<rows.count).map { i in
            ContactSummary(id: rows.int64(i, 0), firstName: rows.text(i, 1), lastName: rows.text(i, 2), isFriend: rows.bool(i, 3),
                           sortKey: rows.text(i, 4), inTeamBook: isTeamRow(rows.int64(i, 5)), displayName: rows.text(i, 6))
        }
    }

    /// Each book's first rows up to the page's end as `read` gives them (from the top, counted at
    /// least that far), merged in the order: the page asked for, and both counts added (capped).
    func mergedPage(offset: Int, limit: Int, countingUpTo cap: Int,
                            _ read: (_ book: PostgresContactsStore, _ upTo: Int, _ counted: Int) throws(ServiceError) -> ContactsPage)
        throws(ServiceError) -> ContactsPage {
        let upTo = offset + limit
        let mine = try read(own, upTo, max(cap, upTo)), theirs = try read(team, upTo, max(cap, upTo))
        let rows = Self.merged(mine.rows, marked(theirs.rows)).dropFirst(offset).prefix(limit)
        return ContactsPage(count: min(cap, mine.count + theirs.count), rows: Array(rows))
    }

    func marked(_ rows: [ContactSummary]) -> [ContactSummary] {
        rows.map { var row = $0; row.inTeamBook = true; return row }
    }

    /// Two books' rows, each in list order, as one list in list order: by sort key as the server
    /// compares it (`COLLATE "C"`: byte order), then id.
    static func merged(_ a: [ContactSummary], _ b: [ContactSummary]) -> [ContactSummary] {
        var out: [ContactSummary] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if precedes(b[j], a[i]) { out.append(b[j]); j += 1 } else { out.append(a[i]); i += 1 }
        }
        out += a[i...]
        out += b[j...]
        return out
    }

    static func precedes(_ x: ContactSummary, _ y: ContactSummary) -> Bool {
        if x.sortKey == y.sortKey { return x.id < y.id }
        return x.sortKey.utf8.lexicographicallyPrecedes(y.sortKey.utf8)
    }
}
