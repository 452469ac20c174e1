import AppServices

/// Duplicates: the slices the duplicates screen reads, and a merge in one transaction.
extension SQLiteContactsStore {
    public func matchKeys(after cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [ContactMatchKeys] {
        // Keyset paging on the list-order index: each slice one seek, however far down it starts.
        let s = try db.prepare("""
            SELECT c.id, c.first_name, c.last_name, c.is_friend, c.sort_key,
                   (SELECT group_concat(e.value, char(31)) FROM json_each(c.emails) e),
                   (SELECT group_concat(p.value ->> 1, char(31)) FROM json_each(c.phones) p), c.display_name
            FROM contacts c INDEXED BY contacts_by_name
            WHERE c.account_id = ?1 AND (c.sort_key, c.id) > (?2, ?3) ORDER BY c.sort_key, c.id LIMIT ?4
            """)
        s.bind(1, accountID).bind(2, cursor?.sortKey ?? "").bind(3, cursor?.id ?? Int64.min).bind(4, limit)
        defer { s.reset() }
        var keys: [ContactMatchKeys] = []
        while try s.step() {
            let row = ContactSummary(id: s.int64(0), firstName: s.text(1), lastName: s.text(2), isFriend: s.bool(3), sortKey: s.text(4),
                                     displayName: s.text(7))
            func list(_ column: Int32) -> [String] { s.text(column).split(separator: "\u{1F}").map(String.init) }
            keys.append(ContactMatchKeys(contact: row, emails: list(5), phones: list(6)))
        }
        return keys
    }

    public func merge(_ kept: ContactRecord, removing mergedAway: Int64) throws(ServiceError) -> Bool {
        guard let id = kept.id, id != mergedAway else { return false }
        return try db.transaction { () throws(ServiceError) -> Bool in
            guard let other = try rankAndFriend(of: mergedAway) else { return false }
            let before = Int64(try db.scalarInt("SELECT coalesce(max(id), 0) FROM activity") ?? 0)
            guard try update(kept), try delete(id: mergedAway) else { return false }
            // Logged as what it was, one merge (issue 51), not the edit and the delete it is made of.
            let parts = try db.prepare("DELETE FROM activity WHERE account_id = ? AND id > ? AND kind IN (?, ?)")
            parts.bind(1, accountID).bind(2, before).bind(3, ActivityKind.contactEdited.rawValue).bind(4, ActivityKind.contactDeleted.rawValue)
            try parts.run()
            try SQLiteActivityLog(db: db).record(.contactsMerged, accountID: accountID, subject: "\(kept.displayName) ← \(other.name)",
                                                 contactID: id, at: now())
            return true
        }
    }
}
