import AppServices

/// Duplicates: the slices the duplicates screen reads, and a merge in one transaction.
extension PostgresContactsStore {
    public func matchKeys(after cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [ContactMatchKeys] {
        if readsBothBooks { return try matchKeysOfBothBooks(after: cursor, limit: limit) }
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

    /// The merge in one transaction, whichever of the scope's books the two contacts are in:
    /// both rows held until the end (a merge and another client's change take turns), the kept
    /// one changed in its book, the other deleted from its. A step that does not happen (or that
    /// the server refuses: a team contact a member may not change) undoes the whole: both
    /// contacts stay as they were.
    public func merge(_ kept: ContactRecord, removing mergedAway: Int64) throws(ServiceError) -> Bool {
        guard let id = kept.id, id != mergedAway else { return false }
        var undone = false
        do {
            return try pg.transaction { () throws(ServiceError) -> Bool in
                let both = try pg.execute("SELECT id FROM contacts WHERE id = ANY($1::bigint[]) AND \(accounts("account_id", 2)) ORDER BY id FOR UPDATE",
                                          ["{\(min(id, mergedAway)),\(max(id, mergedAway))}", accountsValue])
                guard both.count == 2 else { return false }
                guard try update(kept), try delete(id: mergedAway) else {
                    undone = true
                    throw ServiceError(.notFound, place: .server(pg.server), detail: "a contact of the merge is gone")
                }
                return true
            }
        } catch {
            if undone { return false }
            throw error
        }
    }
}
