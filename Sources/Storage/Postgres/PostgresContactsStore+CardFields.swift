import AppServices
/// What import, export and query need beyond the list's protocol (as `SQLiteContactsStore+CardFields`).
extension PostgresContactsStore {
    /// The contact of this account with this UID, if any (an import updates it instead of adding).
    public func contactID(uid: String) throws(ServiceError) -> Int64? {
        guard !uid.isEmpty else { return nil }
        let rows = try pg.execute("SELECT id FROM contacts WHERE account_id = $1 AND uid = $2", [accountID, uid])
        return rows.count == 1 ? rows.int64(0, 0) : nil
    }

    /// Gives every contact of this account without a UID a new random one (`urn:uuid:` + a version 4 UUID).
    public func assignMissingUIDs() throws(ServiceError) {
        try pg.execute("UPDATE contacts SET uid = 'urn:uuid:' || gen_random_uuid() WHERE account_id = $1 AND uid IS NULL", [accountID])
    }

    /// Every contact id of this account in list order (for export).
    public func allContactIDs() throws(ServiceError) -> [Int64] {
        let rows = try pg.execute("SELECT id FROM contacts WHERE account_id = $1 ORDER BY sort_key, id", [accountID])
        return (0..<rows.count).map { rows.int64($0, 0) }
    }

    /// Every contact of this account with a birthday: id, first and last name, birthday text.
    public func birthdays() throws(ServiceError) -> [ContactBirthday] {
        let rows = try pg.execute("SELECT id, first_name, last_name, birthday, display_name FROM contacts WHERE \(accounts("account_id", 1)) AND birthday <> '' ORDER BY sort_key, id",
                                  [accountsValue])
        return (0..<rows.count).map {
            ContactBirthday(id: rows.int64($0, 0), firstName: rows.text($0, 1), lastName: rows.text($0, 2), birthday: rows.text($0, 3),
                            displayName: rows.text($0, 4))
        }
    }

    /// Every e-mail address of the contacts with these ids, in the order of `ids` and of each contact's
    /// addresses (its preferred one first; `k` counts from 1, the preferred position from 0).
    public func emailAddresses(ofContacts ids: [Int64]) throws(ServiceError) -> [(email: String, name: String, company: String)] {
        guard !ids.isEmpty else { return [] }
        let rows = try pg.execute("""
            SELECT e.value, c.first_name, c.last_name, c.company, c.display_name
            FROM unnest($1::bigint[]) WITH ORDINALITY AS w(id, n)
            JOIN contacts c ON c.id = w.id AND \(accounts("c.account_id", 2))
            CROSS JOIN LATERAL jsonb_array_elements_text(c.emails) WITH ORDINALITY AS e(value, k)
            ORDER BY w.n, e.k - 1 = coalesce(c.preferred_email, -1) DESC, e.k
            """, ["{" + ids.map(String.init).joined(separator: ",") + "}", accountsValue])
        return (0..<rows.count).map {
            (rows.text($0, 0), ContactRecord.shownName(displayName: rows.text($0, 4), firstName: rows.text($0, 1), lastName: rows.text($0, 2)), rows.text($0, 3))
        }
    }
}
