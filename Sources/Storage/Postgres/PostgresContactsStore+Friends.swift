import AppServices
extension PostgresContactsStore: FriendsService {
    public func friendsCount() throws(ServiceError) -> Int {
        Int(try pg.scalarInt("SELECT coalesce((SELECT friends FROM contact_counts WHERE account_id = $1), 0)", [accountID]) ?? 0)
    }

    private static let friendColumns = """
        SELECT id, first_name, last_name, sort_key, coalesce(nullif(company, ''), emails ->> 0, phones -> 0 ->> 1, ''), display_name
        FROM contacts WHERE account_id = $1 AND is_friend
        """

    public func friends(after cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [FriendSummary] {
        let at = cursor ?? FriendCursor(sortKey: "", id: Int64.min)
        return Self.friends(try pg.execute(Self.friendColumns + " AND (sort_key, id) > ($2, $3) ORDER BY sort_key, id LIMIT $4",
                                           [accountID, at.sortKey, at.id, limit]))
    }

    public func friends(before cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [FriendSummary] {
        let backwards = " ORDER BY sort_key DESC, id DESC LIMIT "
        guard let cursor else {
            return Self.friends(try pg.execute(Self.friendColumns + backwards + "$2", [accountID, limit])).reversed()
        }
        return Self.friends(try pg.execute(Self.friendColumns + " AND (sort_key, id) < ($2, $3)" + backwards + "$4",
                                           [accountID, cursor.sortKey, cursor.id, limit])).reversed()
    }

    private static func friends(_ rows: PostgresRows) -> [FriendSummary] {
        (0..<rows.count).map { i in
            FriendSummary(id: rows.int64(i, 0), firstName: rows.text(i, 1), lastName: rows.text(i, 2), status: rows.text(i, 4),
                          cursor: FriendCursor(sortKey: rows.text(i, 3), id: rows.int64(i, 0)), displayName: rows.text(i, 5))
        }
    }
}
