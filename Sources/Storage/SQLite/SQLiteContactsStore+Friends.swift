import AppServices

extension SQLiteContactsStore: FriendsService {
    public func friendsCount() throws(ServiceError) -> Int {
        let s = try db.prepare("SELECT coalesce((SELECT friends FROM contact_counts WHERE account_id = ?), 0)")
        s.bind(1, accountID)
        defer { s.reset() }
        return try s.step() ? s.int(0) : 0
    }

    private static let friendColumns = """
        SELECT id, first_name, last_name, sort_key, coalesce(nullif(company, ''), emails ->> 0, phones -> 0 ->> 1, ''), display_name
        FROM contacts WHERE account_id = ?1 AND is_friend = 1
        """

    public func friends(after cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [FriendSummary] {
        let s = try db.prepare(Self.friendColumns + " AND (sort_key, id) > (?2, ?3) ORDER BY sort_key, id LIMIT ?4")
        bind(s, at: cursor ?? FriendCursor(sortKey: "", id: Int64.min)).bind(4, limit)
        return try readFriends(s)
    }

    public func friends(before cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [FriendSummary] {
        // Read backwards from the cursor (or the end) along the same index, then put in list order.
        let backwards = " ORDER BY sort_key DESC, id DESC LIMIT ?4"
        guard let cursor else {
            let s = try db.prepare(Self.friendColumns + backwards)
            s.bind(1, accountID).bind(4, limit)
            return try readFriends(s).reversed()
        }
        let s = try db.prepare(Self.friendColumns + " AND (sort_key, id) < (?2, ?3)" + backwards)
        bind(s, at: cursor).bind(4, limit)
        return try readFriends(s).reversed()
    }

    @discardableResult
    private func bind(_ s: SQLiteStatement, at cursor: FriendCursor) -> SQLiteStatement {
        s.bind(1, accountID).bind(2, cursor.sortKey).bind(3, cursor.id)
    }

    private func readFriends(_ s: SQLiteStatement) throws(ServiceError) -> [FriendSummary] {
        defer { s.reset() }
        var rows: [FriendSummary] = []
        while try s.step() {
            rows.append(FriendSummary(id: s.int64(0), firstName: s.text(1), lastName: s.text(2), status: s.text(4),
                                      cursor: FriendCursor(sortKey: s.text(3), id: s.int64(0)), displayName: s.text(5)))
        }
        return rows
    }
}
