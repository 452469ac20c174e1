import AppServices
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Many contacts coming in at once (an import of one file), inside the caller's one
/// transaction: each card is added, or updates the stored contact it matches (see `match`).
///
/// The results are those of `add` and `update` one by one — every contact ranked in the list
/// order with its search entry, the counts right — but paid for once per batch where it can be:
/// the statements are prepared once, the counts are adjusted once in `finish`, and the activity
/// log gets one entry summarising the import instead of one per card (like populate's).
/// Cards that come in list order after the account's last contact (our own export, into a
/// fresh file or one that holds other people) are appended: each takes the next rank, `gap`
/// on, and its search entry goes at the end of the index, with no neighbours to look up. Any
/// other card is placed as `add` places it; once a quarter of the account (at least 500) has
/// been placed that way, the rest go in unranked and without search entries, and `finish`
/// ranks the whole account afresh and rebuilds its search entries in one pass
/// (`SQLiteListOrder.renumber`), as populate does. Meanwhile the search index buffers 2 MiB and
/// merges only a level that has reached 64 segments (`beginBulkSearch`; its settings go back in
/// `finish`), so memory stays flat in the file's size and the index never runs out of segments,
/// however many cards are placed one by one.
///
/// Use: `db.transaction { let batch = store.importBatch(); for … { try batch.take(record) }; try batch.finish(…) }`.
/// Nothing is written for good until that transaction commits; when it throws, nothing is.
public final class SQLiteContactsImportBatch: ContactsImporting {
    /// What `take` did with a contact.
    public typealias Outcome = ImportOutcome

    private let store: SQLiteContactsStore
    private var db: SQLiteDatabase { store.db }
    public private(set) var added = 0
    public private(set) var updated = 0
    private var friendChange = 0
    /// Whether later contacts go in unranked, to be ranked by `finish`.
    private var deferred = false
    private let deferFrom: Int
    /// Whether the account may have contacts without a UID (if not, a card with a UID no one has is new).
    private var someWithoutUID: Bool
    private var inserts: [Int: SQLiteStatement] = [:]
    private var updates: [Int: SQLiteStatement] = [:]
    /// How many contacts were placed one by one (neither appended nor deferred).
    private var placed = 0
    /// The account's last contact in list order (sort key and rank); nil while it has none.
    private var tail: (key: String, rank: Int64)?
    /// The account's open interval of ranks (see `SQLiteListOrder.interval`).
    private let floor: Int64, ceiling: Int64
    private var folds = SearchText.FoldCache()
    /// The stored contacts of each name looked up so far (by sort key, in id order), kept up to
    /// date by this batch's own adds and updates: a file whose contacts share few names is read
    /// once per name, not once per card (that was quadratic).
    private var byName: [String: [Candidate]] = [:]
    /// Which cached name each cached contact is under.
    private var nameOfID: [Int64: String] = [:]

    /// A stored contact as `ImportMatchRule` looks at it.
    private struct Candidate {
        let id: Int64
        var isFriend: Bool
        var email: String
        var phone: String
        var hasNoUID: Bool
    }

    /// The contacts written (added or changed) whose rows of the mail clients' kept answers are
    /// not in the table yet, with those rows (made in Swift from the record as it is stored, by
    /// `MailQueryRowsFunction.rows`, the SQL function's own row maker) and their sort key: they
    /// are added every `keptRowsBatch` contacts and at `finish`, sorted and counted, with one
    /// prepared statement (`SQLiteMailQueryRowsSchema.addRow`), not by a trigger per row. The
    /// SQL way re-read each contact and made, printed and parsed its rows as JSON: 29 % of the
    /// import's main thread at 100,000 cards. A contact not in it has its rows in the table as it
    /// is stored (one from before the import, or one this import wrote and filled already), so a
    /// change takes them away first; a contact written again before its pass has its rows made again.
    private var unfilled: [Int64: (sortKey: String, rows: [MailQueryRowsFunction.Row])] = [:]
    /// Makes a contact's kept rows as they are stored (`keptRows(of:sortKey:cache:)`; tests give a wrong one to see the check fail).
    typealias RowMaker = (ContactRecord, MailQueryRowsFunction.Cache) -> [MailQueryRowsFunction.Row]
    private let rowMaker: RowMaker
    private let rowCache = MailQueryRowsFunction.Cache()
    /// The trigger that keeps the groups' table on an INSERT into `contacts`, as stored (nil when
    /// there is none), away while the batch runs: `insert` writes a new contact's groups itself.
    /// A trigger makes each INSERT a statement of many writes, which opens a statement savepoint,
    /// and at each one the search index (FTS5's xSavepoint) writes out what it holds in memory:
    /// 13.5 % of the contacts' INSERT at 100,000 cards.
    private let groupsTrigger: String?
    /// How many written contacts' kept rows are made in one pass. One pass at the end sorted every
    /// row at once (100,000 cards: 136,450), in a sorter SQLite lets grow to the page cache's size,
    /// so the import's peak memory grew with the file: 100,000 cards 64 MiB, 43 MiB before `finish`.
    static let keptRowsBatch = 4096
    private let keptRowsBatch: Int

    init(store: SQLiteContactsStore, keptRowsBatch: Int = SQLiteContactsImportBatch.keptRowsBatch,
         rowMaker: @escaping RowMaker = SQLiteContactsImportBatch.keptRows) throws(ServiceError) {
        self.store = store
        self.keptRowsBatch = keptRowsBatch
        self.rowMaker = rowMaker
        try store.db.execute(SQLiteMailQueryRowsSchema.dropWriteTriggers)
        groupsTrigger = try store.db.scalarText("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = '\(Self.groupsTriggerName)'")
        if groupsTrigger != nil { try store.db.execute("DROP TRIGGER \(Self.groupsTriggerName)") }
        let existing = try store.count(matching: "", upTo: .max)
        deferFrom = max(500, existing / 4)
        let s = try store.db.prepare("SELECT EXISTS (SELECT 1 FROM contacts WHERE account_id = ? AND uid IS NULL)")
        s.bind(1, store.accountID)
        defer { s.reset() }
        someWithoutUID = try s.step() && s.bool(0)
        (floor, ceiling) = try store.order.interval(of: store.accountID)
        try readTail()
        // 2 MiB: with no statement savepoints (see `groupsTrigger`) the buffer fills before it is
        // written, and a 10,000-card import fills 2 MiB too, so a bigger file holds no more (see `cacheSize`).
        try store.beginBulkSearch(hashSize: 2 << 20)
        // A page cache the size of a big import's working set, for as long as it runs: with SQLite's
        // 2 MiB the eight indexes a contact is written to spilled pages to the WAL and wrote them
        // again, about 16 writes a card (100k cards: 1.6 million pwrites, 10.5 s of CPU, not 4).
        everydayCacheSize = (try? store.db.scalarInt("PRAGMA cache_size")) ?? -2000
        try store.db.execute("PRAGMA cache_size = \(Self.cacheSize)")
    }

    static let groupsTriggerName = "contact_groups_added"

    /// The import's page cache: 12 MiB (as KiB, negative, as `PRAGMA cache_size` takes it). A
    /// 10,000-card import fills it too (its file is 14 MB), so a bigger file holds no more. With 16
    /// MiB and a 4 MiB search buffer a 100,000-card import peaked 11 MiB above a 10,000-card one;
    /// with these, 4 MiB (the duplicate check's maps), for the same CPU (measured 7 Dec 2026).
    static let cacheSize = -12_288
    /// The connection's own page cache, set again when the batch is done.
    private var everydayCacheSize = -2000

    deinit { try? db.execute("PRAGMA cache_size = \(everydayCacheSize)") }

    private func readTail() throws(ServiceError) {
        let s = try db.prepare("SELECT sort_key, sort_rank FROM contacts WHERE account_id = ? ORDER BY sort_key DESC, id DESC LIMIT 1")
        s.bind(1, store.accountID)
        defer { s.reset() }
        tail = try s.step() && !s.isNull(1) ? (s.text(0), s.int64(1)) : nil
    }

    /// The rank of a new contact with this sort key when it goes at the end of the account and there is room; else nil.
    private func appendedRank(for key: String) -> Int64? {
        if let tail, key.utf8.lexicographicallyPrecedes(tail.key.utf8) { return nil }
        let rank = (tail?.rank ?? floor) + SQLiteListOrder.gap
        return rank < ceiling ? rank : nil
    }

    /// Adds the contact, or updates the stored one it matches (same UID; see `match`).
    @discardableResult
    public func take(_ contact: ContactRecord) throws(ServiceError) -> Outcome {
        if !deferred && placed >= deferFrom { deferred = true }
        if let (id, wasFriend) = try match(contact) {
            var record = contact
            record.id = id
            try write(record, id: id, wasFriend: wasFriend)
            updated += 1
            if wasFriend != contact.isFriend { friendChange += contact.isFriend ? 1 : -1 }
            return .updated(id)
        }
        let id = try insert(contact)
        if contact.uid.isEmpty { someWithoutUID = true }
        added += 1
        if contact.isFriend { friendChange += 1 }
        return .added(id)
    }

    /// The stored contact a card stands for, and whether it is a friend: a card with a UID, the
    /// contact with that UID; else (no UID, or a UID no contact has) the one `ImportMatchRule` finds.
    func match(_ contact: ContactRecord) throws(ServiceError) -> (id: Int64, isFriend: Bool)? {
        if !contact.uid.isEmpty {
            let s = try db.prepare("SELECT id, is_friend FROM contacts WHERE account_id = ? AND uid = ?")
            s.bind(1, store.accountID).bind(2, contact.uid)
            defer { s.reset() }
            if try s.step() { return (s.int64(0), s.bool(1)) }
            // Only a contact without a UID may be this card's, and there is none (the common case: our own export).
            guard someWithoutUID else { return nil }
        }
        let key = contact.sortKey(cache: &folds)
        let rule = ImportMatchRule(contact)
        for candidate in try candidates(named: key) {
            if !contact.uid.isEmpty && !candidate.hasNoUID { continue } // another card's contact
            if rule.matches(storedEmail: candidate.email, storedPhone: candidate.phone) { return (candidate.id, candidate.isFriend) }
        }
        return nil
    }

    /// The stored contacts with sort key `key`, in id order (read once, then kept by `remember`).
    private func candidates(named key: String) throws(ServiceError) -> [Candidate] {
        if let cached = byName[key] { return cached }
        let s = try db.prepare("""
            SELECT id, is_friend, coalesce(emails ->> 0, ''), coalesce(phones -> 0 ->> 1, ''), uid IS NULL
            FROM contacts INDEXED BY contacts_by_name WHERE account_id = ? AND sort_key = ? ORDER BY id
            """)
        s.bind(1, store.accountID).bind(2, key)
        defer { s.reset() }
        var found: [Candidate] = []
        while try s.step() {
            found.append(Candidate(id: s.int64(0), isFriend: s.bool(1), email: s.text(2), phone: s.text(3), hasNoUID: s.bool(4)))
            nameOfID[s.int64(0)] = key
        }
        byName[key] = found
        return found
    }

    /// Keeps the cache as the row now is, after this batch added or updated contact `id` under `key`.
    private func remember(_ contact: ContactRecord, id: Int64, key: String, added: Bool) {
        var hasNoUID = contact.uid.isEmpty
        if let old = nameOfID[id], var list = byName[old], let at = list.firstIndex(where: { $0.id == id }) {
            hasNoUID = hasNoUID && list[at].hasNoUID // an update keeps a stored UID when the card has none
            list.remove(at: at)
            byName[old] = list
            nameOfID[id] = nil
        } else if !added {
            // Updated, but not cached: whether it keeps a UID is not known here; read its name again when asked.
            byName[key] = nil
            return
        }
        guard var list = byName[key] else { return } // not looked up yet: read from the table when it is
        let candidate = Candidate(id: id, isFriend: contact.isFriend, email: contact.emails.first ?? "",
                                  phone: contact.phones.first?.number ?? "", hasNoUID: hasNoUID)
        list.insert(candidate, at: list.firstIndex { $0.id > id } ?? list.endIndex)
        byName[key] = list
        nameOfID[id] = key
    }

    /// The INSERT (or UPDATE) of a whole contact row, card fields included, for this many phones
    /// and emails; prepared once per shape. Parameters: 1 account (or, for UPDATE, the id),
    /// 2-6 names, company, notes, friend; 7 sort key; 8 time; 9-15 the card fields; 16 the rank
    /// (INSERT only); 17-21 migration 10's fields; 22 the card; 23-25 display, formatted and middle name; 26-27 the first-name and company orders' keys; then the lists.
    private func statement(for lists: SQLiteContactLists, update: Bool) throws(ServiceError) -> SQLiteStatement {
        let shape = lists.phones.count << 8 | lists.emails.count
        if let cached = update ? updates[shape] : inserts[shape] { return cached }
        let (phones, emails) = lists.sql(from: 28)
        let s = try db.prepare(update ? """
            UPDATE contacts SET first_name = ?2, last_name = ?3, company = ?4, notes = ?5, is_friend = ?6, sort_key = ?7,
                updated_at = ?8, uid = coalesce(nullif(?9, ''), uid), nickname = ?10, title = ?11, birthday = ?12, url = ?13,
                addresses = ?14, extras = ?15, name_prefix = ?17, name_suffix = ?18, email_labels = ?19, preferred_email = ?20,
                preferred_phone = ?21, card = ?22, display_name = ?23, formatted_name = ?24, middle_name = ?25,
                sort_key_first = ?26, sort_key_company = ?27, phones = \(phones), emails = \(emails), revision = revision + 1
            WHERE id = ?1
            """ : """
            INSERT INTO contacts (account_id, first_name, last_name, company, notes, is_friend, sort_key, created_at, updated_at,
                uid, nickname, title, birthday, url, addresses, extras, sort_rank,
                name_prefix, name_suffix, email_labels, preferred_email, preferred_phone, card, display_name, formatted_name, middle_name,
                sort_key_first, sort_key_company, phones, emails)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, nullif(?9, ''), ?10, ?11, ?12, ?13, ?14, ?15, ?16,
                ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, \(phones), \(emails))
            """)
        if update { updates[shape] = s } else { inserts[shape] = s }
        return s
    }

    /// The first-name and company orders' keys of a contact filed under `key`.
    private func orderKeys(of contact: ContactRecord, key: String) -> (first: String, company: String) {
        (SearchText.firstNameKey(firstName: contact.firstName, lastName: contact.lastName, displayName: contact.displayName, cache: &folds),
         SearchText.companyKey(company: contact.company, nameKey: key, cache: &folds))
    }

    private func bind(_ contact: ContactRecord, key: String, orderKeys: (first: String, company: String), lists: SQLiteContactLists,
                      to s: SQLiteStatement, first: Int64) {
        s.bind(1, first).bind(2, contact.firstName).bind(3, contact.lastName).bind(4, contact.company)
            .bind(5, contact.notes).bind(6, contact.isFriend).bind(7, key).bind(8, store.currentTime())
            .bind(9, contact.uid).bind(10, contact.nickname).bind(11, contact.title).bind(12, contact.birthday)
            .bind(13, contact.url).bind(14, StoredCardFields.encode(contact.addresses)).bind(15, contact.extras)
        SQLiteContactsStore.bindNameAffixesAndPreferences(of: contact, to: s, from: 17)
        s.bind(22, contact.card).bind(23, contact.displayName).bind(24, contact.formattedName).bind(25, contact.middleName)
            .bind(26, orderKeys.first).bind(27, orderKeys.company)
        lists.bind(to: s, from: 28)
    }

    private func insert(_ contact: ContactRecord) throws(ServiceError) -> Int64 {
        let key = contact.sortKey(cache: &folds)
        let rank = deferred ? nil : appendedRank(for: key)
        let lists = SQLiteContactLists(contact)
        let s = try statement(for: lists, update: false)
        let keys = orderKeys(of: contact, key: key)
        bind(contact, key: key, orderKeys: keys, lists: lists, to: s, first: store.accountID)
        s.bind(16, rank)
        try s.run()
        let id = db.lastInsertRowID
        try addGroups(of: contact, id: id, key: key, orderKeys: keys)
        try markUnfilled(id, contact, sortKey: key)
        remember(contact, id: id, key: key, added: true)
        if let rank {
            pendingSearch.append((rank, SearchText.document(for: contact, cache: &folds), id))
            if pendingSearch.count >= Self.searchBatch { try writePendingSearch() }
            tail = (key, rank)
        } else if !deferred {
            try writePendingSearch()
            try store.index(contact, id: id)
            placed += 1
            try readTail()
        }
        return id
    }

    /// The search entries of appended contacts, written together every `searchBatch`: a contact's
    /// INSERT opens a statement savepoint (the triggers that keep its groups), and at each one the
    /// search index writes out what it holds in memory. Written one by one, each entry became a
    /// segment of its own on disk (100k cards: 1.6 million page writes, twice the import's time).
    private var pendingSearch: [(rank: Int64, text: String, id: Int64)] = []
    static let searchBatch = 512

    /// Writes the appended contacts' search entries held so far (before anything that reads or moves entries).
    private func writePendingSearch() throws(ServiceError) {
        guard !pendingSearch.isEmpty else { return }
        let search = try db.prepare("INSERT INTO contact_search (rowid, text, contact_id) VALUES (?, ?, ?)")
        for entry in pendingSearch {
            search.bind(1, entry.rank).bind(2, entry.text).bind(3, entry.id)
            try search.run()
        }
        pendingSearch.removeAll(keepingCapacity: true)
    }

    private func write(_ contact: ContactRecord, id: Int64, wasFriend: Bool) throws(ServiceError) {
        try writePendingSearch()
        // The old search entry goes first (its rank is read before the row changes); deferred, `finish` clears them all.
        let rank = deferred ? nil : try store.rankAndFriend(of: id)?.rank
        let key = contact.sortKey(cache: &folds)
        let lists = SQLiteContactLists(contact)
        if unfilled[id] == nil { // its kept rows as they are stored go first
            for sql in SQLiteMailQueryRowsSchema.removeRows {
                let remove = try db.prepare(sql)
                remove.bind(1, id)
                try remove.run()
            }
        }
        let s = try statement(for: lists, update: true)
        bind(contact, key: key, orderKeys: orderKeys(of: contact, key: key), lists: lists, to: s, first: id)
        try s.run()
        try markUnfilled(id, contact, sortKey: key)
        remember(contact, id: id, key: key, added: false)
        if let rank {
            try store.removeFromIndex(rank: rank)
            try store.index(contact, id: id)
            placed += 1
            try readTail()
        }
    }

    /// A new contact's groups (CATEGORIES), as the trigger `contact_groups_added` writes them
    /// (the batch drops it): when its extras as stored hold `CATEGORIES`, a row per group of them,
    /// each with one single-row INSERT (no statement savepoint).
    private func addGroups(of contact: ContactRecord, id: Int64, key: String, orderKeys: (first: String, company: String)) throws(ServiceError) {
        guard groupsTrigger != nil else { return }
        let extras = Self.stored(contact.extras)
        guard extras.utf8.count >= 10, Self.holdsCategories(extras) else { return }
        let groups = ContactCardText.categories(inExtras: extras)
        guard !groups.isEmpty else { return }
        let s = try db.prepare("INSERT INTO contact_groups (account_id, name, contact_id, sort_key, sort_key_first, sort_key_company) VALUES (?, ?, ?, ?, ?, ?)")
        for group in groups {
            s.bind(1, store.accountID).bind(2, group).bind(3, id).bind(4, key).bind(5, orderKeys.first).bind(6, orderKeys.company)
            try s.run()
        }
    }

    /// Whether `instr(extras, 'CATEGORIES') > 0`: the bytes, case and all.
    static func holdsCategories(_ extras: String) -> Bool {
        var extras = extras
        return extras.withUTF8 { bytes in
            let name = "CATEGORIES".utf8
            guard bytes.count >= name.count else { return false }
            for at in 0...(bytes.count - name.count) where bytes[at] == 0x43 && bytes[at..<at + name.count].elementsEqual(name) { return true }
            return false
        }
    }

    /// Text as a column holds it: `SQLiteStatement.bind` gives SQLite the text up to a NUL.
    static func stored(_ text: String) -> String {
        guard let nul = text.utf8.firstIndex(of: 0) else { return text }
        return String(text[..<nul])
    }

    /// Contact `contact`'s kept rows as the SQL function makes them from its stored row (each text up to a NUL, the preferred
    /// address only when it is one of them): the row maker of the import.
    static func keptRows(of contact: ContactRecord, cache: MailQueryRowsFunction.Cache) -> [MailQueryRowsFunction.Row] {
        guard !contact.emails.isEmpty else { return [] }
        return MailQueryRowsFunction.rows(firstName: stored(contact.firstName), lastName: stored(contact.lastName),
                                          displayName: stored(contact.displayName), middleName: stored(contact.middleName),
                                          company: stored(contact.company), emails: contact.emails.map(stored),
                                          preferred: contact.preferredEmail.flatMap { $0 < contact.emails.count ? $0 : nil }, cache: cache)
    }

    /// Keeps contact `id`'s kept rows as it is now stored, to be added at the next pass (replacing
    /// rows it was waiting with); every `keptRowsBatch` such contacts, they are.
    private func markUnfilled(_ id: Int64, _ contact: ContactRecord, sortKey: String) throws(ServiceError) {
        unfilled[id] = (Self.stored(sortKey), rowMaker(contact, rowCache))
        if unfilled.count >= keptRowsBatch { try fillKeptRows() }
    }

    /// Adds the kept rows of the contacts written since the last pass (`unfilled`): sorted in
    /// about the table's key order (prefix, address key, line, inside, sort key, place; text by
    /// its bytes, as SQLite's BINARY compares it), equal rows counted once, one prepared statement.
    private func fillKeptRows() throws(ServiceError) {
        guard !unfilled.isEmpty else { return }
        var rows: [(row: MailQueryRowsFunction.Row, sortKey: String)] = []
        for (_, contact) in unfilled { for row in contact.rows { rows.append((row, contact.sortKey)) } }
        unfilled.removeAll(keepingCapacity: true)
        // Each row's key as bytes, laid end to end: the sort compares them in place (comparing the
        // rows' strings copied each row at each comparison, a third of the pass). Each text ends in
        // a 0 and has its own 0 and 1 written 1 1 and 1 2, so equal keys are equal rows, nothing else.
        var keys: [UInt8] = [], spans: [Range<Int>] = []
        func append(_ text: String) {
            for byte in text.utf8 {
                if byte > 1 { keys.append(byte) } else { keys.append(1); keys.append(byte + 1) }
            }
            keys.append(0)
        }
        for (row, sortKey) in rows {
            let from = keys.count
            append(row.start)
            append(row.addressKey)
            append(row.line)
            keys.append(row.inside ? 1 : 0)
            append(sortKey)
            withUnsafeBytes(of: UInt64(row.place).bigEndian) { keys.append(contentsOf: $0) }
            spans.append(from..<keys.count)
        }
        var order = Array(rows.indices)
        var runs: [Int] = [] // where each run of equal keys starts in `order`
        keys.withUnsafeBufferPointer { keys in
            func compare(_ a: Int, _ b: Int) -> Int {
                let x = spans[a], y = spans[b]
                let c = memcmp(keys.baseAddress! + x.lowerBound, keys.baseAddress! + y.lowerBound, min(x.count, y.count))
                return c != 0 ? Int(c) : x.count - y.count
            }
            order.sort { compare($0, $1) < 0 }
            for at in order.indices where at == 0 || compare(order[at - 1], order[at]) != 0 { runs.append(at) }
        }
        runs.append(order.count)
        let add = try db.prepare(SQLiteMailQueryRowsSchema.addRow)
        for run in 0..<runs.count - 1 {
            let (row, sortKey) = rows[order[runs[run]]]
            add.bind(1, store.accountID).bind(2, row.start).bind(3, row.addressKey).bind(4, row.line).bind(5, row.inside)
                .bind(6, sortKey).bind(7, row.place).bind(8, runs[run + 1] - runs[run])
            try add.run()
        }
    }

    /// Ranks and indexes what went in deferred, adjusts the counts and logs one activity entry:
    /// "Contacts imported", with `subject` (say, "12 added, 3 updated from cards.vcf"). Nothing
    /// is logged when nothing came in.
    public func finish(subject: String) throws(ServiceError) {
        try writePendingSearch()
        try fillKeptRows()
        try db.execute(SQLiteMailQueryRowsSchema.writeTriggers)
        if let groupsTrigger { try db.execute(groupsTrigger) }
        if deferred { try store.order.renumber(accountID: store.accountID) }
        try store.endBulkSearch()
        if added != 0 || friendChange != 0 { try store.adjustCounts(total: added, friends: friendChange) }
        if added + updated > 0 {
            try SQLiteActivityLog(db: db).record(.imported, accountID: store.accountID, subject: subject, at: store.currentTime())
        }
    }
}

extension SQLiteContactsStore {
    /// A batch for an import, to be used inside one `SQLiteDatabase.transaction` (see `SQLiteContactsImportBatch`).
    public func importBatch() throws(ServiceError) -> SQLiteContactsImportBatch { try SQLiteContactsImportBatch(store: self) }

    /// A batch that makes the kept mail rows every `keptRowsBatch` contacts (tests use small ones).
    func importBatch(keptRowsBatch: Int, rowMaker: @escaping SQLiteContactsImportBatch.RowMaker = SQLiteContactsImportBatch.keptRows)
        throws(ServiceError) -> SQLiteContactsImportBatch {
        try SQLiteContactsImportBatch(store: self, keptRowsBatch: keptRowsBatch, rowMaker: rowMaker)
    }
}
