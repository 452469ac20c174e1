import AppServices

/// Group cards, kept whole (step 16, SQLite's 18): a group is not a person.
extension PostgresContactsStore {
    public func keepGroupCard(uid: String, card: String) throws(ServiceError) {
        if !uid.isEmpty {
            let updated = try pg.execute("UPDATE group_cards SET card = $1 WHERE account_id = $2 AND uid = $3 RETURNING id", [card, accountID, uid])
            if updated.count > 0 { return }
        } else if try pg.execute("SELECT 1 FROM group_cards WHERE account_id = $1 AND uid = '' AND card = $2", [accountID, card]).count > 0 {
            return // without a UID, the same card again is the same group
        }
        try pg.execute("INSERT INTO group_cards (account_id, uid, card) VALUES ($1, $2, $3)", [accountID, uid, card])
    }

    public func groupCards() throws(ServiceError) -> [String] {
        let rows = try pg.execute("SELECT card FROM group_cards WHERE account_id = $1 ORDER BY id", [accountID])
        return (0..<rows.count).map { rows.text($0, 0) }
    }
}
