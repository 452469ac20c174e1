import AppServices

/// Group cards, kept whole (migration 18): a group is not a person.
extension SQLiteContactsStore {
    public func keepGroupCard(uid: String, card: String) throws(ServiceError) {
        if !uid.isEmpty {
            let s = try db.prepare("UPDATE group_cards SET card = ? WHERE account_id = ? AND uid = ?")
            s.bind(1, card).bind(2, accountID).bind(3, uid)
            try s.run()
            if db.changes > 0 { return }
        } else {
            // Without a UID, the same card again is the same group.
            let same = try db.prepare("SELECT 1 FROM group_cards WHERE account_id = ? AND uid = '' AND card = ?")
            same.bind(1, accountID).bind(2, card)
            defer { same.reset() }
            if try same.step() { return }
        }
        let s = try db.prepare("INSERT INTO group_cards (account_id, uid, card) VALUES (?, ?, ?)")
        s.bind(1, accountID).bind(2, uid).bind(3, card)
        try s.run()
    }

    public func groupCards() throws(ServiceError) -> [String] {
        let s = try db.prepare("SELECT card FROM group_cards WHERE account_id = ? ORDER BY id")
        s.bind(1, accountID)
        defer { s.reset() }
        var cards: [String] = []
        while try s.step() { cards.append(s.text(0)) }
        return cards
    }
}
