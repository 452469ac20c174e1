import AppServices

/// Duplicates: the slices the duplicates screen reads, and a merge in one transaction.
extension PostgresContactsStore {
    public func matchKeys(after cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [ContactMatchKeys] {
        // Keyset paging on the list-order index (account, sort key, id): each slice one seek.
        let at = cursor ?? FriendCursor(sortKey: "", id: Int64.min)
        let rows = try pg.execute("""
            SELECT id, first_name, last_name, is_friend, sort_key, emails::text, phones::text, display_name FROM contacts
            WHERE account_id = $1 AND (sort_key, id) > ($2, $3) ORDER BY sort_key, id LIMIT $4
            """, [accountID, at.sortKey, at.id, limit])
        return (0..<rows.count).map { i in
            let lists = PostgresContactLists.decode(phones: rows.text(i, 6), emails: rows.text(i, 5))
            let row = ContactSummary(id: rows.int64(i, 0), firstName: rows.text(i, 1), lastName: rows.text(i, 2),
                                     isFriend: rows.bool(i, 3), sortKey: rows.text(i, 4), displayName: rows.text(i, 7))
            return ContactMatchKeys(contact: row, emails: lists.emails, phones: lists.phones.map(\.number))
        }
    }

    public func merge(_ kept: ContactRecord, removing mergedAway: Int64) throws(ServiceError) -> Bool {
        guard let id = kept.id, id != mergedAway else { return false }
        return try pg.transaction { () throws(ServiceError) -> Bool in
            // Both rows held until the end: a merge and another client's change take turns.
            let both = try pg.execute("SELECT id FROM contacts WHERE id = ANY($1::bigint[]) AND account_id = $2 ORDER BY id FOR UPDATE",
                                      ["{\(min(id, mergedAway)),\(max(id, mergedAway))}", accountID])
            guard both.count == 2, try update(kept) else { return false }
            return try delete(id: mergedAway)
        }
    }
}
