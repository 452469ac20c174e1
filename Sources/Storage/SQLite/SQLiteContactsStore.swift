#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AppServices

/// The contacts of one account, in the database. Every change is one
/// transaction: the contact, its phones and emails, and its search entry.
public final class SQLiteContactsStore: ContactsService {
    let db: SQLiteDatabase
    public let accountID: Int64
    let now: () -> Int64

    public init(database: SQLiteDatabase, accountID: Int64, now: @escaping () -> Int64 = { Int64(time(nil)) }) {
        self.db = database
        self.accountID = accountID
        self.now = now
    }

    /// How a search is run: through the trigram index, whose row ids are list
    /// ranks (see `SQLiteListOrder`), so matches arrive in list order — from 3
    /// characters anywhere in the name as shown (either order), emails and
    /// phones; with 1 or 2, at the start of a word of the name (the documents
    /// mark word starts, see `SearchText.namePart`); empty, everything.
    private enum Plan {
        case all
        case trigram(String)

        init(phrase: String?) {
            if let phrase { self = .trigram(phrase) } else { self = .all }
        }
    }

    /// The search's FTS5 phrase, a number in national form read by the account's phone region.
    func ftsPhrase(for query: String) throws(ServiceError) -> String? {
        SearchText.ftsPhrase(for: query, region: try phoneRegion(for: query))
    }

    /// The region the account's "Phone region" setting names (unset: the locale's), read only
    /// for a search that looks like a number; nil for any other.
    func phoneRegion(for query: String) throws(ServiceError) -> PhoneRegion? {
        guard SearchText.phoneDigits(SearchText.trimmed(query)) != nil else { return nil }
        let s = try db.prepare("SELECT value FROM settings WHERE account_id = ? AND key = 'phone_region'")
        s.bind(1, accountID)
        defer { s.reset() }
        return PhoneRegion.chosen(by: try s.step() ? s.text(0) : "")
    }

    var order: SQLiteListOrder { SQLiteListOrder(db: db) }

    /// The clock's now, in seconds (the batch of an import stamps its rows with it).
    func currentTime() -> Int64 { now() }

    public func count(matching query: String, upTo cap: Int) throws(ServiceError) -> Int {
        let s: SQLiteStatement
        switch Plan(phrase: try ftsPhrase(for: query)) {
        case .all:
            s = try db.prepare("SELECT min(?, coalesce((SELECT total FROM contact_counts WHERE account_id = ?), 0))")
            s.bind(1, cap).bind(2, accountID)
        case .trigram(let phrase):
            guard let bounds = try order.bounds(of: accountID) else { return 0 }
            s = try db.prepare("SELECT count(*) FROM (SELECT 1 FROM contact_search WHERE contact_search MATCH ? AND rowid BETWEEN ? AND ? LIMIT ?)")
            s.bind(1, phrase).bind(2, bounds.first).bind(3, bounds.last).bind(4, cap)
        }
        defer { s.reset() }
        guard try s.step() else { return 0 }
        return s.int(0)
    }

    public func contacts(withEmail address: String) throws(ServiceError) -> [ContactSummary] {
        let s = try db.prepare("""
            SELECT id, first_name, last_name, is_friend, sort_key, display_name FROM contacts c
            WHERE account_id = ? AND EXISTS (SELECT 1 FROM json_each(c.emails) e WHERE switchboard_address_key(e.value) = switchboard_address_key(?))
            ORDER BY sort_key, id
            """)
        s.bind(1, accountID).bind(2, address)
        return try summaries(s)
    }

    /// The count, then the page: two reads.
    public func page(matching query: String, offset: Int, limit: Int, countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        ContactsPage(count: try count(matching: query, upTo: cap), rows: try contacts(matching: query, offset: offset, limit: limit))
    }

    public func contacts(matching query: String, offset: Int, limit: Int) throws(ServiceError) -> [ContactSummary] {
        let s: SQLiteStatement
        let columns = "id, first_name, last_name, is_friend, sort_key, display_name"
        switch Plan(phrase: try ftsPhrase(for: query)) {
        case .all:
            // An offset past the middle is counted from the end (the count is kept, not scanned), so
            // End — or anywhere near it — costs what the top of the list costs, at any length.
            let total = try count(matching: "", upTo: .max)
            if offset > total / 2 {
                let fromEnd = max(0, total - offset - limit), take = max(0, min(limit, total - offset))
                s = try db.prepare("SELECT \(columns) FROM contacts WHERE account_id = ? ORDER BY sort_key DESC, id DESC LIMIT ? OFFSET ?")
                s.bind(1, accountID).bind(2, take).bind(3, fromEnd)
                return try summaries(s).reversed()
            }
            s = try db.prepare("SELECT \(columns) FROM contacts WHERE account_id = ? ORDER BY sort_key, id LIMIT ? OFFSET ?")
            s.bind(1, accountID).bind(2, limit).bind(3, offset)
        case .trigram(let phrase):
            guard let bounds = try order.bounds(of: accountID) else { return [] }
            // The matches come in rank (= list) order; only the page's contacts are read.
            s = try db.prepare("""
                SELECT c.id, c.first_name, c.last_name, c.is_friend, c.sort_key, c.display_name FROM
                (SELECT rowid AS rank, contact_id FROM contact_search WHERE contact_search MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rowid LIMIT ? OFFSET ?) m
                CROSS JOIN contacts c ON c.id = m.contact_id ORDER BY m.rank
                """)
            s.bind(1, phrase).bind(2, bounds.first).bind(3, bounds.last).bind(4, limit).bind(5, offset)
        }
        return try summaries(s)
    }

    /// One read by id (the primary key) for a window's rows: the preferred e-mail and phone (else
    /// the first) and the company. Lists another program damaged show nothing (the card says why).
    public func rowDetails(of ids: [Int64]) throws(ServiceError) -> [Int64: ContactRowDetails] {
        guard !ids.isEmpty else { return [:] }
        let s = try db.prepare(Self.rowDetailsSQL)
        s.bind(1, "[" + ids.map(String.init).joined(separator: ",") + "]").bind(2, accountID)
        defer { s.reset() }
        var details: [Int64: ContactRowDetails] = [:]
        while try s.step() {
            details[s.int64(0)] = ContactRowDetails(email: s.text(1), phone: s.text(2), company: s.text(3), addressBook: s.text(4))
        }
        return details
    }

    /// Each id by the primary key (`+account_id` keeps the planner off the account's index, which
    /// it walked whole testing each row: 9.6 ms for a window of 200 beside 100,000, against 0.35 ms);
    /// the address book it syncs with by `sync_cards`' primary key (the contact's id).
    static let rowDetailsSQL = """
            SELECT c.id, CASE WHEN json_valid(c.emails) THEN coalesce(c.emails ->> coalesce(c.preferred_email, 0), '') ELSE '' END,
                   CASE WHEN json_valid(c.phones) THEN coalesce(c.phones -> coalesce(c.preferred_phone, 0) ->> 1, '') ELSE '' END,
                   coalesce(c.company, ''),
                   coalesce((SELECT b.display_name FROM sync_cards s JOIN sync_books b ON b.id = s.book_id WHERE s.contact_id = c.id), '')
            FROM contacts c WHERE c.id IN (SELECT value FROM json_each(?)) AND +c.account_id = ?
            """

    public func contact(id: Int64) throws(ServiceError) -> ContactRecord? {
        let s = try db.prepare("SELECT first_name, last_name, company, notes, is_friend, revision FROM contacts WHERE id = ? AND account_id = ?")
        s.bind(1, id).bind(2, accountID)
        guard try s.step() else { s.reset(); return nil }
        var record = ContactRecord(id: id, firstName: s.text(0), lastName: s.text(1), company: s.text(2), notes: s.text(3), isFriend: s.bool(4))
        record.revision = s.int64(5)
        s.reset()
        do {
            let phones = try db.prepare("SELECT p.value ->> 0, p.value ->> 1 FROM contacts c, json_each(c.phones) p WHERE c.id = ? ORDER BY p.key")
            defer { phones.reset() }
            phones.bind(1, id)
            while try phones.step() { record.phones.append(.init(label: phones.text(0), number: phones.text(1))) }
            let emails = try db.prepare("SELECT e.value FROM contacts c, json_each(c.emails) e WHERE c.id = ? ORDER BY e.key")
            defer { emails.reset() }
            emails.bind(1, id)
            while try emails.step() { record.emails.append(emails.text(0)) }
            try readCardFields(into: &record, id: id)
        } catch {
            // Lists that are not JSON: the row is damaged (another program wrote it), not gone.
            if error.sqliteCode != nil { throw .corrupted(path: db.path, detail: "contact \(id)'s phones or emails: \(error.detail)") }
            throw error
        }
        return record
    }

    /// The INSERT for a contact with these many phones and emails (prepared once per shape).
    /// Parameters: 1 account, 2-6 names, company, notes, friend; 7 sort key; 8 rank; 9-10 times; 11-12 the
    /// first-name and company orders' keys; 13 the display name; then the lists.
    /// With `keepsID`, 14 is the id (a contact brought back from the Trash) and the lists follow.
    func insertStatement(for lists: SQLiteContactLists, keepsID: Bool = false) throws(ServiceError) -> SQLiteStatement {
        let (phones, emails) = lists.sql(from: keepsID ? 15 : 14)
        let (idColumn, idValue) = keepsID ? ("id, ", "?14, ") : ("", "")
        return try db.prepare("INSERT INTO contacts (\(idColumn)account_id, first_name, last_name, company, notes, is_friend, sort_key, sort_rank, created_at, updated_at, sort_key_first, sort_key_company, display_name, phones, emails) VALUES (\(idValue)?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, \(phones), \(emails))")
    }

    /// One range of the list-order index (account, sort key, id), counted.
    public func listIndex(ofContact id: Int64) throws(ServiceError) -> Int? {
        let s = try db.prepare("""
            SELECT (SELECT count(*) FROM contacts b INDEXED BY contacts_by_name
                    WHERE b.account_id = c.account_id AND (b.sort_key, b.id) < (c.sort_key, c.id))
            FROM contacts c WHERE c.id = ? AND c.account_id = ?
            """)
        s.bind(1, id).bind(2, accountID)
        defer { s.reset() }
        return try s.step() ? Int(s.int64(0)) : nil
    }

    public func add(_ contact: ContactRecord) throws(ServiceError) -> Int64 {
        try insert(contact, keeping: nil, logged: .contactAdded)
    }

    public func add(_ contacts: [ContactRecord]) throws(ServiceError) -> [Int64] {
        try db.transaction { () throws(ServiceError) -> [Int64] in
            var ids: [Int64] = []
            for contact in contacts { ids.append(try add(contact)) }
            return ids
        }
    }

    /// Stores a contact, under `id` when given (a contact brought back keeps the id it had: the
    /// caller has checked it is free), and logs it as `logged`.
    func insert(_ contact: ContactRecord, keeping keptID: Int64?, logged: ActivityKind) throws(ServiceError) -> Int64 {
        try db.transaction { () throws(ServiceError) -> Int64 in
            let lists = SQLiteContactLists(contact)
            let s = try insertStatement(for: lists, keepsID: keptID != nil)
            let time = now()
            s.bind(1, accountID).bind(2, contact.firstName).bind(3, contact.lastName).bind(4, contact.company)
                .bind(5, contact.notes).bind(6, contact.isFriend)
                .bind(7, contact.sortKey).bind(8, nil as Int64?)
                .bind(9, time).bind(10, time)
            var cache = SearchText.FoldCache()
            let keys = contact.otherSortKeys(cache: &cache)
            s.bind(11, keys.firstName).bind(12, keys.company).bind(13, contact.displayName)
            if let keptID { s.bind(14, keptID) }
            lists.bind(to: s, from: keptID != nil ? 15 : 14)
            try s.run()
            let id = db.lastInsertRowID
            try writeCardFields(contact, id: id)
            try index(contact, id: id)
            try adjustCounts(total: 1, friends: contact.isFriend ? 1 : 0)
            try log(logged, contact, id: id)
            return id
        }
    }

    public func update(_ contact: ContactRecord) throws(ServiceError) -> Bool {
        guard let id = contact.id else { return false }
        return try db.transaction { () throws(ServiceError) -> Bool in
            guard let (rank, wasFriend, _, stored) = try rankAndFriend(of: id) else { return false }
            if contact.revision != 0, stored != contact.revision {
                throw .changedSinceRead(place: .file(db.path), id: id, revision: contact.revision, stored: stored)
            }
            let lists = SQLiteContactLists(contact)
            let (phones, emails) = lists.sql(from: 12)
            let s = try db.prepare("UPDATE contacts SET first_name = ?1, last_name = ?2, company = ?3, notes = ?4, is_friend = ?5, sort_key = ?6, updated_at = ?7, sort_key_first = ?10, sort_key_company = ?11, phones = \(phones), emails = \(emails), revision = revision + 1 WHERE id = ?8 AND account_id = ?9")
            var cache = SearchText.FoldCache()
            let keys = contact.otherSortKeys(cache: &cache)
            s.bind(1, contact.firstName).bind(2, contact.lastName).bind(3, contact.company).bind(4, contact.notes)
                .bind(5, contact.isFriend).bind(6, contact.sortKey)
                .bind(7, now()).bind(8, id).bind(9, accountID).bind(10, keys.firstName).bind(11, keys.company)
            lists.bind(to: s, from: 12)
            try s.run()
            try writeCardFields(contact, id: id)
            try removeFromIndex(rank: rank)
            try index(contact, id: id) // a new name may move it in the order
            if wasFriend != contact.isFriend { try adjustCounts(total: 0, friends: contact.isFriend ? 1 : -1) }
            try log(.contactEdited, contact, id: id)
            if wasFriend != contact.isFriend { try log(contact.isFriend ? .friendAdded : .friendRemoved, contact, id: id) }
            return true
        }
    }

    public func delete(id: Int64) throws(ServiceError) -> Bool {
        try delete(id: id, batch: "")
    }

    /// Deletes one contact, kept for Undo as part of `batch` ("": alone).
    func delete(id: Int64, batch: String) throws(ServiceError) -> Bool {
        try db.transaction { () throws(ServiceError) -> Bool in
            guard let (rank, wasFriend, name, _) = try rankAndFriend(of: id) else { return false }
            if let whole = try contact(id: id) { try keepForUndo(whole, batch: batch) }
            try log(.contactDeleted, name: name, id: id)
            let s = try db.prepare("DELETE FROM contacts WHERE id = ? AND account_id = ?")
            s.bind(1, id).bind(2, accountID)
            try s.run()
            try removeFromIndex(rank: rank)
            try adjustCounts(total: -1, friends: wasFriend ? -1 : 0)
            return true
        }
    }

    /// Keeps a contact being deleted, whole, for Undo (the account's last `DeletedContactText.kept`).
    func keepForUndo(_ contact: ContactRecord, batch: String = "") throws(ServiceError) {
        let keep = try db.prepare("INSERT INTO deleted_contacts (account_id, deleted_at, record) VALUES (?, ?, ?)")
        keep.bind(1, accountID).bind(2, now()).bind(3, DeletedContactText.encode(contact, batch: batch))
        try keep.run()
        let prune = try db.prepare("""
            DELETE FROM deleted_contacts WHERE account_id = ?1 AND id <= (
                SELECT id FROM deleted_contacts WHERE account_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)
            """)
        prune.bind(1, accountID).bind(2, Int64(DeletedContactText.kept))
        try prune.run()
    }

    public func restoreLastDeleted() throws(ServiceError) -> ContactRecord? {
        try restoreLastDeletes().first
    }

    public func setFriend(id: Int64, _ isFriend: Bool) throws(ServiceError) -> Bool {
        try db.transaction { () throws(ServiceError) -> Bool in
            guard let (_, wasFriend, name, _) = try rankAndFriend(of: id) else { return false }
            let s = try db.prepare("UPDATE contacts SET is_friend = ?, updated_at = ?, revision = revision + 1 WHERE id = ? AND account_id = ?")
            s.bind(1, isFriend).bind(2, now()).bind(3, id).bind(4, accountID)
            try s.run()
            if wasFriend != isFriend {
                try adjustCounts(total: 0, friends: isFriend ? 1 : -1)
                try log(isFriend ? .friendAdded : .friendRemoved, name: name, id: id)
            }
            return true
        }
    }

    /// Ranks a stored contact in the list order and adds its search entry under that rank.
    func index(_ contact: ContactRecord, id: Int64) throws(ServiceError) {
        let key = contact.sortKey
        let rank = try order.place(.init(accountID: accountID, sortKey: key, id: id))
        let search = try db.prepare("INSERT INTO contact_search (rowid, text, contact_id) VALUES (?, ?, ?)")
        search.bind(1, rank).bind(2, SearchText.document(for: contact)).bind(3, id)
        try search.run()
    }

    func removeFromIndex(rank: Int64) throws(ServiceError) {
        let d = try db.prepare("DELETE FROM contact_search WHERE rowid = ?")
        d.bind(1, rank)
        try d.run()
    }

    /// The list rank of one of this account's contacts, whether it is a friend, its name and its
    /// revision (nil when it is not there).
    func rankAndFriend(of id: Int64) throws(ServiceError) -> (rank: Int64, isFriend: Bool, name: String, revision: Int64)? {
        let s = try db.prepare("SELECT sort_rank, is_friend, first_name, last_name, revision, display_name FROM contacts WHERE id = ? AND account_id = ?")
        s.bind(1, id).bind(2, accountID)
        defer { s.reset() }
        guard try s.step() else { return nil }
        let display = s.text(5)
        return (s.int64(0), s.bool(1), display.isEmpty ? PersonName.full(first: s.text(2), last: s.text(3)) : display, s.int64(4))
    }

    /// Logs an event about a contact, with its name as it is now.
    private func log(_ kind: ActivityKind, _ contact: ContactRecord, id: Int64) throws(ServiceError) {
        try log(kind, name: contact.displayName, id: id)
    }

    private func log(_ kind: ActivityKind, name: String, id: Int64) throws(ServiceError) {
        try SQLiteActivityLog(db: db).record(kind, accountID: accountID, subject: name, contactID: id, at: now())
    }

    /// Keeps `contact_counts` right; always inside the caller's transaction.
    func adjustCounts(total: Int, friends: Int) throws(ServiceError) {
        let s = try db.prepare("INSERT INTO contact_counts (account_id, total, friends) VALUES (?, ?, ?) ON CONFLICT(account_id) DO UPDATE SET total = total + excluded.total, friends = friends + excluded.friends")
        s.bind(1, accountID).bind(2, total).bind(3, friends)
        try s.run()
    }
}
