#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AppServices

/// The sync state in the SQLite data file (migration 16, `SQLiteSyncSchema`): accounts, address
/// books, bindings, the queue, conflicts and problems. Each method that writes is one transaction
/// (or joins the caller's); `applying` runs the sync engine's own writes so they are not queued.
public final class SQLiteSyncStore: SyncStore {
    public let db: SQLiteDatabase
    let now: () -> Int64

    public init(database: SQLiteDatabase, now: @escaping () -> Int64 = { Int64(time(nil)) }) {
        self.db = database
        self.now = now
    }

    /// Runs `body` in one transaction with the sync engine's flag set: the contacts it adds,
    /// changes and deletes are not queued to be sent back.
    public func applying<T>(_ body: () throws(ServiceError) -> T) throws(ServiceError) -> T {
        try db.transaction { () throws(ServiceError) -> T in
            try db.execute("UPDATE sync_flags SET applying = 1 WHERE id = 1")
            do throws(ServiceError) {
                let result = try body()
                try db.execute("UPDATE sync_flags SET applying = 0 WHERE id = 1")
                return result
            } catch {
                try? db.execute("UPDATE sync_flags SET applying = 0 WHERE id = 1")
                throw error
            }
        }
    }

    public func contacts(of accountID: Int64) -> any ContactsService {
        SQLiteContactsStore(database: db, accountID: accountID)
    }

    // MARK: Accounts and address books

    /// Stores an account and its chosen address books (the first is where new contacts go) and
    /// queues every contact of `accountID` not yet on a server as an add to it: one transaction.
    @discardableResult
    public func addAccount(accountID: Int64, url: String, homeURL: String, username: String, passwordCommand: String?, caFile: String?,
                           books: [(url: String, displayName: String)]) throws(ServiceError) -> Int64 {
        try db.transaction { () throws(ServiceError) -> Int64 in
            let hasDefault = try db.prepare("""
                SELECT count(*) FROM sync_books b JOIN sync_accounts a ON a.id = b.sync_account_id WHERE a.account_id = ? AND b.is_default = 1
                """)
            hasDefault.bind(1, accountID)
            let defaultTaken = try hasDefault.step() && hasDefault.int(0) > 0
            hasDefault.reset()
            let s = try db.prepare("""
                INSERT INTO sync_accounts (account_id, url, home_url, username, password_command, ca_file, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            s.bind(1, accountID).bind(2, url).bind(3, homeURL).bind(4, username).bind(5, passwordCommand).bind(6, caFile).bind(7, now())
            try s.run()
            let id = db.lastInsertRowID
            for (index, book) in books.enumerated() {
                let b = try db.prepare("INSERT INTO sync_books (sync_account_id, url, display_name, is_default) VALUES (?, ?, ?, ?)")
                b.bind(1, id).bind(2, book.url).bind(3, book.displayName).bind(4, index == 0 && !defaultTaken)
                try b.run()
            }
            try SQLiteSyncSchema.settleTriggers(db) // from now on local changes are queued
            if !defaultTaken, !books.isEmpty {
                let queue = try db.prepare("""
                    INSERT OR IGNORE INTO sync_queue (book_id, contact_id, kind, queued_at)
                    SELECT (SELECT id FROM sync_books WHERE sync_account_id = ?1 AND is_default = 1), c.id, 'add', ?2 FROM contacts c
                    WHERE c.account_id = ?3 AND NOT EXISTS (SELECT 1 FROM sync_cards s WHERE s.contact_id = c.id) ORDER BY c.id
                    """)
                queue.bind(1, id).bind(2, now()).bind(3, accountID)
                try queue.run()
            }
            return id
        }
    }

    /// The stored accounts (of one Switchboard account, or all), oldest first.
    public func accounts(of accountID: Int64?) throws(ServiceError) -> [SyncAccountRow] {
        let s = try db.prepare("""
            SELECT id, account_id, url, home_url, username, password_command, ca_file, last_sync_at, last_error FROM sync_accounts
            WHERE ?1 IS NULL OR account_id = ?1 ORDER BY id
            """)
        s.bind(1, accountID)
        defer { s.reset() }
        var rows: [SyncAccountRow] = []
        while try s.step() {
            rows.append(SyncAccountRow(id: s.int64(0), accountID: s.int64(1), url: s.text(2), homeURL: s.text(3), username: s.text(4),
                                       passwordCommand: s.isNull(5) ? nil : s.text(5), caFile: s.isNull(6) ? nil : s.text(6),
                                       lastSyncAt: s.isNull(7) ? nil : s.int64(7), lastError: s.isNull(8) ? nil : SyncFailure(encoded: s.text(8))))
        }
        return rows
    }

    /// The address books of a sync account, in the order chosen.
    public func books(of syncAccountID: Int64) throws(ServiceError) -> [SyncBookRow] {
        let s = try db.prepare("SELECT id, url, display_name, sync_token, ctag, is_default FROM sync_books WHERE sync_account_id = ? ORDER BY id")
        s.bind(1, syncAccountID)
        defer { s.reset() }
        var rows: [SyncBookRow] = []
        while try s.step() {
            rows.append(SyncBookRow(id: s.int64(0), syncAccountID: syncAccountID, url: s.text(1), displayName: s.text(2),
                                    syncToken: s.isNull(3) ? nil : s.text(3), ctag: s.isNull(4) ? nil : s.text(4), isDefault: s.bool(5)))
        }
        return rows
    }

    /// Keeps the token and ctag a finished pull ended with.
    public func saveState(book: Int64, syncToken: String?, ctag: String?) throws(ServiceError) {
        let s = try db.prepare("UPDATE sync_books SET sync_token = ?, ctag = ? WHERE id = ?")
        s.bind(1, syncToken).bind(2, ctag).bind(3, book)
        try db.transaction { () throws(ServiceError) in try s.run() }
    }

    /// Notes when an account last synced, and the error that stopped it (nil: it went through).
    public func noteSync(account: Int64, error: SyncFailure?) throws(ServiceError) {
        // A failed sync keeps the time of the last one that worked ("Last synced 14:02. Sync failed: …").
        let s = try db.prepare("UPDATE sync_accounts SET last_sync_at = CASE WHEN ?2 IS NULL THEN ?1 ELSE last_sync_at END, last_error = ?2 WHERE id = ?3")
        s.bind(1, now()).bind(2, error?.encoded).bind(3, account)
        try db.transaction { () throws(ServiceError) in try s.run() }
    }

    // MARK: Bindings

    private static let bindingColumns = "contact_id, book_id, href, etag, card"

    private func readBinding(_ s: SQLiteStatement) throws(ServiceError) -> SyncBinding? {
        defer { s.reset() }
        guard try s.step() else { return nil }
        return SyncBinding(contactID: s.int64(0), bookID: s.int64(1), href: s.text(2), etag: s.isNull(3) ? nil : s.text(3), card: s.text(4))
    }

    public func binding(book: Int64, href: String) throws(ServiceError) -> SyncBinding? {
        let s = try db.prepare("SELECT \(Self.bindingColumns) FROM sync_cards WHERE book_id = ? AND href = ?")
        s.bind(1, book).bind(2, href)
        return try readBinding(s)
    }

    public func binding(contact: Int64) throws(ServiceError) -> SyncBinding? {
        let s = try db.prepare("SELECT \(Self.bindingColumns) FROM sync_cards WHERE contact_id = ?")
        s.bind(1, contact)
        return try readBinding(s)
    }

    /// Binds a contact to a card (or moves its binding), with the card as synced.
    public func bind(contact: Int64, book: Int64, href: String, etag: String?, card: String) throws(ServiceError) {
        let s = try db.prepare("INSERT OR REPLACE INTO sync_cards (contact_id, book_id, href, etag, card) VALUES (?, ?, ?, ?, ?)")
        s.bind(1, contact).bind(2, book).bind(3, href).bind(4, etag).bind(5, card)
        try db.transaction { () throws(ServiceError) in try s.run() }
    }

    public func unbind(contact: Int64) throws(ServiceError) {
        let s = try db.prepare("DELETE FROM sync_cards WHERE contact_id = ?")
        s.bind(1, contact)
        try db.transaction { () throws(ServiceError) in try s.run() }
    }

    /// Sets the card a contact keeps (what export writes) to the one last synced; not a change to
    /// send (the `card` column is not among those the triggers watch).
    public func setKeptCard(contact: Int64, card: String) throws(ServiceError) {
        let s = try db.prepare("UPDATE contacts SET card = ? WHERE id = ?")
        s.bind(1, card).bind(2, contact)
        try db.transaction { () throws(ServiceError) in try s.run() }
    }

    /// Each bound card's href in `book` with its etag (what a full listing is compared with).
    public func etags(book: Int64) throws(ServiceError) -> [String: String] {
        let s = try db.prepare("SELECT href, coalesce(etag, '') FROM sync_cards WHERE book_id = ?")
        s.bind(1, book)
        defer { s.reset() }
        var etags: [String: String] = [:]
        while try s.step() { etags[s.text(0)] = s.text(1) }
        return etags
    }

    /// The contact of the account with this UID that is on no server yet.
    public func unboundContact(account: Int64, uid: String) throws(ServiceError) -> Int64? {
        guard !uid.isEmpty else { return nil }
        let s = try db.prepare("""
            SELECT c.id FROM contacts c WHERE c.account_id = ? AND c.uid = ? AND NOT EXISTS (SELECT 1 FROM sync_cards s WHERE s.contact_id = c.id)
            """)
        s.bind(1, account).bind(2, uid)
        defer { s.reset() }
        return try s.step() ? s.int64(0) : nil
    }

    /// The account's contact with this UID other than `except`, if any (bound to a card or not).
    public func contact(account: Int64, uid: String, except: Int64?) throws(ServiceError) -> Int64? {
        guard !uid.isEmpty else { return nil }
        let s = try db.prepare("SELECT id FROM contacts WHERE account_id = ? AND uid = ? AND id IS NOT ? LIMIT 1")
        s.bind(1, account).bind(2, uid).bind(3, except)
        defer { s.reset() }
        return try s.step() ? s.int64(0) : nil
    }

    // MARK: A listing as it is read

    /// Starts a listing of an address book's cards as the server's answer is read (a table of
    /// this connection's own, never in the data file: memory stays flat whatever the size of the
    /// address book). `list` notes each member; `endListing` ends it; the next `beginListing`
    /// empties it.
    public func beginListing() throws(ServiceError) {
        try db.execute("CREATE TEMP TABLE IF NOT EXISTS sync_listing (href TEXT PRIMARY KEY, etag TEXT, gone INTEGER NOT NULL)")
        try db.execute("DELETE FROM temp.sync_listing")
        try db.execute("BEGIN") // only the temporary table is written: the data file is not locked
    }

    /// Notes one member of the listing: its href (as kept), its etag, whether the server said it is gone.
    /// A later note of the same href replaces an earlier one.
    public func list(href: String, etag: String?, gone: Bool) throws(ServiceError) {
        let s = try db.prepare("INSERT OR REPLACE INTO temp.sync_listing (href, etag, gone) VALUES (?, ?, ?)")
        s.bind(1, href).bind(2, etag).bind(3, gone)
        try s.run()
    }

    public func endListing() {
        try? db.execute("COMMIT")
    }

    /// How many members of the listing are to be read (see `listedToRead`).
    public func listedToReadCount(book: Int64) throws(ServiceError) -> Int {
        let s = try db.prepare("SELECT count(*) FROM temp.sync_listing l WHERE \(Self.toRead)")
        s.bind(1, book).bind(2, Int64.min)
        defer { s.reset() }
        return try s.step() ? Int(s.int64(0)) : 0
    }

    /// The listing's members to read, in the order listed, after the one numbered `after`, at
    /// most `limit`: new ones, those with another etag than the card kept, those without etag;
    /// not one noted as unreadable or refused at the etag listed. (Number, href) each.
    public func listedToRead(book: Int64, after: Int64, limit: Int) throws(ServiceError) -> [(number: Int64, href: String)] {
        let s = try db.prepare("SELECT l.rowid, l.href FROM temp.sync_listing l WHERE \(Self.toRead) ORDER BY l.rowid LIMIT ?3")
        s.bind(1, book).bind(2, after).bind(3, Int64(limit))
        defer { s.reset() }
        var rows: [(number: Int64, href: String)] = []
        while try s.step() { rows.append((s.int64(0), s.text(1))) }
        return rows
    }

    private static let toRead = """
        l.gone = 0 AND l.rowid > ?2
        AND (l.etag IS NULL OR NOT EXISTS (SELECT 1 FROM sync_cards c WHERE c.book_id = ?1 AND c.href = l.href AND c.etag = l.etag))
        AND (l.etag IS NULL OR NOT EXISTS (SELECT 1 FROM sync_problems p WHERE p.book_id = ?1 AND p.href = l.href AND p.etag = l.etag))
        """

    /// What the listing says is deleted: the members the server said are gone; with `whole` (a
    /// listing of every card there is), also every card kept of the book that it does not list.
    public func listedDeletions(book: Int64, whole: Bool) throws(ServiceError) -> [String] {
        let s = try db.prepare(whole ? """
            SELECT href FROM sync_cards WHERE book_id = ? AND href NOT IN (SELECT href FROM temp.sync_listing WHERE gone = 0) ORDER BY href
            """ : "SELECT href FROM temp.sync_listing WHERE gone = 1 ORDER BY rowid")
        if whole { s.bind(1, book) }
        defer { s.reset() }
        var hrefs: [String] = []
        while try s.step() { hrefs.append(s.text(0)) }
        return hrefs
    }

    // MARK: The queue

    private static let queueColumns = "id, book_id, contact_id, kind, href, etag"

    private func readQueue(_ s: SQLiteStatement) throws(ServiceError) -> [SyncQueueItem] {
        defer { s.reset() }
        var items: [SyncQueueItem] = []
        while try s.step() {
            items.append(SyncQueueItem(id: s.int64(0), bookID: s.int64(1), contactID: s.isNull(2) ? nil : s.int64(2),
                                       kind: SyncQueueItem.Kind(rawValue: s.text(3)) ?? .edit,
                                       href: s.isNull(4) ? nil : s.text(4), etag: s.isNull(5) ? nil : s.text(5)))
        }
        return items
    }

    /// The changes waiting to be sent to `book`'s server, oldest first (all books when nil).
    public func queue(book: Int64?) throws(ServiceError) -> [SyncQueueItem] {
        let s = try db.prepare("SELECT \(Self.queueColumns) FROM sync_queue WHERE ?1 IS NULL OR book_id = ?1 ORDER BY id")
        s.bind(1, book)
        return try readQueue(s)
    }

    /// The change waiting for a contact.
    public func queued(contact: Int64) throws(ServiceError) -> SyncQueueItem? {
        let s = try db.prepare("SELECT \(Self.queueColumns) FROM sync_queue WHERE contact_id = ?")
        s.bind(1, contact)
        return try readQueue(s).first
    }

    /// The change waiting at an href of `book` (an add being put there, a delete of it).
    public func queued(book: Int64, href: String) throws(ServiceError) -> SyncQueueItem? {
        let s = try db.prepare("SELECT \(Self.queueColumns) FROM sync_queue WHERE book_id = ? AND href = ? ORDER BY id")
        s.bind(1, book).bind(2, href)
        return try readQueue(s).first
    }

    public func item(_ id: Int64) throws(ServiceError) -> SyncQueueItem? {
        let s = try db.prepare("SELECT \(Self.queueColumns) FROM sync_queue WHERE id = ?")
        s.bind(1, id)
        return try readQueue(s).first
    }

    /// How many changes wait in `book` (all books of the file when nil).
    public func pendingCount(book: Int64?) throws(ServiceError) -> Int {
        let s = try db.prepare("SELECT count(*) FROM sync_queue WHERE ?1 IS NULL OR book_id = ?1")
        s.bind(1, book)
        defer { s.reset() }
        return try s.step() ? s.int(0) : 0
    }

    public func dequeue(_ id: Int64) throws(ServiceError) {
        let s = try db.prepare("DELETE FROM sync_queue WHERE id = ?")
        s.bind(1, id)
        try db.transaction { () throws(ServiceError) in try s.run() }
    }

    /// Where an add is being put: kept before the PUT, so an interrupted one is recognised on the server.
    public func setHref(_ href: String, of item: Int64) throws(ServiceError) {
        let s = try db.prepare("UPDATE sync_queue SET href = ? WHERE id = ?")
        s.bind(1, href).bind(2, item)
        try db.transaction { () throws(ServiceError) in try s.run() }
    }

    /// Turns a queued add into an edit (its card turned out to be on the server already), or back.
    public func setKind(_ kind: SyncQueueItem.Kind, of item: Int64) throws(ServiceError) {
        let s = try db.prepare("UPDATE sync_queue SET kind = ?, href = CASE WHEN ? = 'edit' THEN NULL ELSE href END WHERE id = ?")
        s.bind(1, kind.rawValue).bind(2, kind.rawValue).bind(3, item)
        try db.transaction { () throws(ServiceError) in try s.run() }
    }

    /// Queues a change as the triggers would (for a contact the engine leaves needing a send).
    public func enqueue(contact: Int64, book: Int64, kind: SyncQueueItem.Kind) throws(ServiceError) {
        let s = try db.prepare("INSERT OR IGNORE INTO sync_queue (book_id, contact_id, kind, queued_at) VALUES (?, ?, ?, ?)")
        s.bind(1, book).bind(2, contact).bind(3, kind.rawValue).bind(4, now())
        try db.transaction { () throws(ServiceError) in try s.run() }
    }

    // MARK: Conflicts and problems

    /// Keeps a conflict: the local version whole, the fields both changed.
    public func recordConflict(book: Int64, contact: Int64?, href: String, kind: SyncConflict.Kind, fields: [String],
                               local: ContactRecord?) throws(ServiceError) {
        let s = try db.prepare("""
            INSERT INTO sync_conflicts (book_id, contact_id, href, kind, fields, local_record, found_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        s.bind(1, book).bind(2, contact).bind(3, href).bind(4, kind.rawValue).bind(5, JSONText.array(of: fields))
            .bind(6, local.map { DeletedContactText.encode($0) } ?? "").bind(7, now())
        try db.transaction { () throws(ServiceError) in try s.run() }
    }

    /// The conflicts waiting for the person, oldest first.
    public func conflicts() throws(ServiceError) -> [SyncConflict] {
        let s = try db.prepare("SELECT id, book_id, contact_id, href, kind, local_record FROM sync_conflicts ORDER BY id")
        var rows: [SyncConflict] = []
        do {
            defer { s.reset() }
            while try s.step() {
                rows.append(SyncConflict(id: s.int64(0), bookID: s.int64(1), contactID: s.isNull(2) ? nil : s.int64(2), href: s.text(3),
                                         kind: SyncConflict.Kind(rawValue: s.text(4)) ?? .fields, fields: [],
                                         local: DeletedContactText.decode(s.text(5))))
            }
        }
        let f = try db.prepare("SELECT f.value FROM sync_conflicts c, json_each(c.fields) f WHERE c.id = ? ORDER BY f.key")
        for index in rows.indices {
            f.bind(1, rows[index].id)
            while try f.step() { rows[index].fields.append(f.text(0)) }
            f.reset()
        }
        return rows
    }

    /// Notes a card left alone on the server (replacing what was noted of the same href).
    public func recordProblem(book: Int64, href: String, kind: SyncProblem.Kind, etag: String?, contact: Int64?, reason: String) throws(ServiceError) {
        let s = try db.prepare("""
            INSERT OR REPLACE INTO sync_problems (book_id, href, kind, etag, contact_id, reason, found_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        s.bind(1, book).bind(2, href).bind(3, kind.rawValue).bind(4, etag).bind(5, contact).bind(6, reason).bind(7, now())
        try db.transaction { () throws(ServiceError) in try s.run() }
    }

    public func clearProblem(book: Int64, href: String) throws(ServiceError) {
        let s = try db.prepare("DELETE FROM sync_problems WHERE book_id = ? AND href = ?")
        s.bind(1, book).bind(2, href)
        try db.transaction { () throws(ServiceError) in try s.run() }
    }

    /// The etag noted with a problem card at `href` (so an unchanged unreadable card is not read again).
    public func problemETag(book: Int64, href: String) throws(ServiceError) -> String?? {
        let s = try db.prepare("SELECT etag FROM sync_problems WHERE book_id = ? AND href = ?")
        s.bind(1, book).bind(2, href)
        defer { s.reset() }
        guard try s.step() else { return nil }
        return .some(s.isNull(0) ? nil : s.text(0))
    }

    /// The cards left alone, by address book and href.
    public func problems() throws(ServiceError) -> [SyncProblem] {
        let s = try db.prepare("SELECT book_id, href, kind, contact_id, reason FROM sync_problems ORDER BY book_id, href")
        defer { s.reset() }
        var rows: [SyncProblem] = []
        while try s.step() {
            rows.append(SyncProblem(bookID: s.int64(0), href: s.text(1), kind: SyncProblem.Kind(rawValue: s.text(2)) ?? .unreadable,
                                    contactID: s.isNull(3) ? nil : s.int64(3), reason: s.text(4)))
        }
        return rows
    }
}
