import AppServices

/// The fields address books carry beyond the list's (migration 9): UID, nickname, title,
/// birthday, web address, postal addresses and opaque vCard extras, written in the same
/// transaction as the rest of the contact.
extension SQLiteContactsStore {
    func writeCardFields(_ contact: ContactRecord, id: Int64) throws(ServiceError) {
        let s = try db.prepare("""
            UPDATE contacts SET uid = coalesce(nullif(?1, ''), uid), nickname = ?2, title = ?3, birthday = ?4, url = ?5, addresses = ?6,
                extras = ?7, name_prefix = ?9, name_suffix = ?10, email_labels = ?11, preferred_email = ?12, preferred_phone = ?13,
                card = ?14, display_name = ?15, formatted_name = ?16, middle_name = ?17
            WHERE id = ?8
            """)
        s.bind(1, contact.uid).bind(2, contact.nickname).bind(3, contact.title).bind(4, contact.birthday).bind(5, contact.url)
            .bind(6, StoredCardFields.encode(contact.addresses)).bind(7, contact.extras).bind(8, id)
        Self.bindNameAffixesAndPreferences(of: contact, to: s, from: 9)
        s.bind(14, contact.card).bind(15, contact.displayName).bind(16, contact.formattedName).bind(17, contact.middleName)
        try s.run()
    }

    /// Binds name prefix, suffix, e-mail labels, preferred e-mail and phone to five parameters from `first`.
    static func bindNameAffixesAndPreferences(of contact: ContactRecord, to s: SQLiteStatement, from first: Int32) {
        s.bind(first, contact.namePrefix).bind(first + 1, contact.nameSuffix).bind(first + 2, jsonArray(StoredCardFields.emailLabels(of: contact)))
            .bind(first + 3, contact.preferredEmail.flatMap { $0 < contact.emails.count ? Int64($0) : nil })
            .bind(first + 4, contact.preferredPhone.flatMap { $0 < contact.phones.count ? Int64($0) : nil })
    }

    /// A JSON array of strings (`[]` costs nothing; the labels are short).
    static func jsonArray(_ items: [String]) -> String { JSONText.array(of: items) }

    func readCardFields(into record: inout ContactRecord, id: Int64) throws(ServiceError) {
        let s = try db.prepare("""
            SELECT coalesce(uid, ''), nickname, title, birthday, url, addresses, extras, name_prefix, name_suffix,
                preferred_email, preferred_phone, card, formatted_name, middle_name FROM contacts WHERE id = ?
            """)
        s.bind(1, id)
        defer { s.reset() }
        guard try s.step() else { return }
        record.uid = s.text(0)
        record.nickname = s.text(1)
        record.title = s.text(2)
        record.birthday = s.text(3)
        record.url = s.text(4)
        record.addresses = StoredCardFields.decodeAddresses(s.text(5))
        record.extras = s.text(6)
        record.namePrefix = s.text(7)
        record.nameSuffix = s.text(8)
        record.preferredEmail = s.isNull(9) ? nil : s.int(9)
        record.preferredPhone = s.isNull(10) ? nil : s.int(10)
        record.card = s.text(11)
        record.formattedName = s.text(12)
        record.middleName = s.text(13)
        let labels = try db.prepare("SELECT l.value FROM contacts c, json_each(c.email_labels) l WHERE c.id = ? ORDER BY l.key")
        defer { labels.reset() }
        labels.bind(1, id)
        record.emailLabels = []
        while try labels.step() { record.emailLabels.append(labels.text(0)) }
    }

    /// The contact of this account with this UID, if any (an import updates it instead of adding).
    public func contactID(uid: String) throws(ServiceError) -> Int64? {
        guard !uid.isEmpty else { return nil }
        let s = try db.prepare("SELECT id FROM contacts WHERE account_id = ? AND uid = ?")
        s.bind(1, accountID).bind(2, uid)
        defer { s.reset() }
        return try s.step() ? s.int64(0) : nil
    }

    /// Gives every contact of this account without a UID a new random one (`urn:uuid:` + a
    /// version 4 UUID), so an export names each contact the same way every time.
    public func assignMissingUIDs() throws(ServiceError) {
        try db.execute("""
            UPDATE contacts SET uid = 'urn:uuid:' || lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' ||
                substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) ||
                substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))
            WHERE account_id = \(accountID) AND uid IS NULL
            """)
    }

    /// Every contact id of this account in list order (for export).
    public func allContactIDs() throws(ServiceError) -> [Int64] {
        let s = try db.prepare("SELECT id FROM contacts WHERE account_id = ? ORDER BY sort_key, id")
        s.bind(1, accountID)
        defer { s.reset() }
        var ids: [Int64] = []
        while try s.step() { ids.append(s.int64(0)) }
        return ids
    }
}

extension SQLiteContactsStore {
    /// Every contact of this account with a birthday: id, first and last name, birthday text.
    public func birthdays() throws(ServiceError) -> [ContactBirthday] {
        let s = try db.prepare("SELECT id, first_name, last_name, birthday, display_name FROM contacts WHERE account_id = ? AND birthday <> '' ORDER BY sort_key, id")
        s.bind(1, accountID)
        defer { s.reset() }
        var rows: [ContactBirthday] = []
        while try s.step() { rows.append(ContactBirthday(id: s.int64(0), firstName: s.text(1), lastName: s.text(2), birthday: s.text(3), displayName: s.text(4))) }
        return rows
    }
}

extension SQLiteContactsStore {
    /// Every e-mail address of the contacts with these ids, in the order of `ids` and of each
    /// contact's addresses (its preferred one first), with the name and company: one statement (a mail client's query).
    public func emailAddresses(ofContacts ids: [Int64]) throws(ServiceError) -> [(email: String, name: String, company: String)] {
        guard !ids.isEmpty else { return [] }
        let s = try db.prepare("""
            SELECT w.key, c.first_name, c.last_name, c.company, e.value, c.display_name FROM json_each(?1) w
            CROSS JOIN contacts c ON c.id = w.value AND c.account_id = ?2, json_each(c.emails) e
            ORDER BY w.key, e.key = coalesce(c.preferred_email, -1) DESC, e.key
            """)
        s.bind(1, "[" + ids.map(String.init).joined(separator: ",") + "]").bind(2, accountID)
        defer { s.reset() }
        var rows: [(email: String, name: String, company: String)] = []
        while try s.step() { rows.append((s.text(4), ContactRecord.shownName(displayName: s.text(5), firstName: s.text(1), lastName: s.text(2)), s.text(3))) }
        return rows
    }
}
