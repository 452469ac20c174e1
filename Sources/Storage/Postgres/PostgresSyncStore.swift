#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AppServices

/// The sync state in a shared directory on PostgreSQL (migration 20, `PostgresSyncSchema`): what
/// `SQLiteSyncStore` keeps in the data file — accounts, address books, bindings, the queue,
/// conflicts and problems — with the same answers. On a team's directory the connection is a
/// member's, and the server's row-level security limits every statement here to that member's
/// sync accounts and their address books: what another member keeps is neither read nor changed.
/// Each method that writes is one transaction (or joins the caller's); `applying` runs the sync
/// engine's own writes so they are not queued.
public final class PostgresSyncStore: SyncStore {
    public let database: PostgresDatabase
    var pg: PostgresConnection { database.connection }
    let now: () -> Int64
    /// The listing's members noted and not yet written (`list`), flushed in batches.
    private var unlisted: [(href: String, etag: String?, gone: Bool)] = []
    /// Why writing the listing failed, said by the next read of it.
    private var listingFailure: ServiceError?
    private static let listingBatch = 500

    /// Where this machine keeps the accounts' password commands (nil: none kept, every password typed).
    /// The directory never holds one (`PostgresTeamGuards`).
    public let localCommands: LocalSyncCommands?

    public init(database: PostgresDatabase, now: @escaping () -> Int64 = { Int64(time(nil)) }, localCommands: LocalSyncCommands? = nil) {
        self.database = database
        self.now = now
        self.localCommands = localCommands
    }

    public func contacts(of accountID: Int64) -> any ContactsService {
        PostgresContactsStore(database: database, accountID: accountID, now: now)
    }

    public func applying<T>(_ body: () throws(ServiceError) -> T) throws(ServiceError) -> T {
        try pg.transaction { () throws(ServiceError) -> T in
            try pg.executeScript("SET LOCAL switchboard.sync_applying = 'on'")
            do throws(ServiceError) {
                let result = try body()
                try pg.executeScript("SET LOCAL switchboard.sync_applying = 'off'")
                return result
            } catch {
                // Inside a caller's transaction that goes on: its later writes are queued again.
                try? pg.executeScript("SET LOCAL switchboard.sync_applying = 'off'")
                throw error
            }
        }
    }

    // MARK: Accounts and address books

    @discardableResult
    public func addAccount(accountID: Int64, url: String, homeURL: String, username: String, passwordCommand: String?, caFile: String?,
                           books: [(url: String, displayName: String)]) throws(ServiceError) -> Int64 {
        if passwordCommand != nil, localCommands == nil {
            throw .folderNotWritable(path: "~/.config/switchboard", reason: "a shared directory keeps no password command, and this machine has no place for one: set XDG_CONFIG_HOME or HOME")
        }
        let id = try pg.transaction { () throws(ServiceError) -> Int64 in
            let defaultTaken = try pg.scalarInt("""
                SELECT count(*) FROM sync_books b JOIN sync_accounts a ON a.id = b.sync_account_id WHERE a.account_id = $1 AND b.is_default
                """, [accountID]) ?? 0 > 0
            let id = try pg.execute("""
                INSERT INTO sync_accounts (account_id, url, home_url, username, ca_file, created_at)
                VALUES ($1, $2, $3, $4, $5, $6) RETURNING id
                """, [accountID, url, homeURL, username, caFile, now()]).int64(0, 0)
            for (index, book) in books.enumerated() {
                try pg.execute("INSERT INTO sync_books (sync_account_id, url, display_name, is_default) VALUES ($1, $2, $3, $4)",
                               [id, book.url, book.displayName, index == 0 && !defaultTaken])
            }
            if !defaultTaken, !books.isEmpty {
                try pg.execute("""
                    INSERT INTO sync_queue (book_id, contact_id, kind, queued_at)
                    SELECT (SELECT id FROM sync_books WHERE sync_account_id = $1 AND is_default), c.id, 'add', $2 FROM contacts c
                    WHERE c.account_id = $3 AND NOT EXISTS (SELECT 1 FROM sync_cards s WHERE s.contact_id = c.id) ORDER BY c.id
                    ON CONFLICT (contact_id) WHERE contact_id IS NOT NULL DO NOTHING
                    """, [id, now(), accountID])
            }
            return id
        }
        if let passwordCommand { try localCommands?.set(passwordCommand, syncAccountID: id, url: url, username: username) }
        return id
    }

    public func accounts(of accountID: Int64?) throws(ServiceError) -> [SyncAccountRow] {
        let rows = try pg.execute("""
            SELECT id, account_id, url, home_url, username, ca_file, last_sync_at, last_error FROM sync_accounts
            WHERE $1::bigint IS NULL OR account_id = $1 ORDER BY id
            """, [accountID])
        return (0..<rows.count).map { i in
            var row = SyncAccountRow(id: rows.int64(i, 0), accountID: rows.int64(i, 1), url: rows.text(i, 2), homeURL: rows.text(i, 3),
                                     username: rows.text(i, 4), passwordCommand: nil, caFile: rows.optionalText(i, 5),
                                     lastSyncAt: rows.optionalInt64(i, 6), lastError: rows.optionalText(i, 7).map { SyncFailure(encoded: $0) })
            // The password command is this machine's, never the directory's.
            row.passwordCommand = localCommands?.command(for: row)
            return row
        }
    }

    public func books(of syncAccountID: Int64) throws(ServiceError) -> [SyncBookRow] {
        let rows = try pg.execute("SELECT id, url, display_name, sync_token, ctag, is_default FROM sync_books WHERE sync_account_id = $1 ORDER BY id",
                                  [syncAccountID])
        return (0..<rows.count).map { i in
            SyncBookRow(id: rows.int64(i, 0), syncAccountID: syncAccountID, url: rows.text(i, 1), displayName: rows.text(i, 2),
                        syncToken: rows.optionalText(i, 3), ctag: rows.optionalText(i, 4), isDefault: rows.bool(i, 5))
        }
    }

    public func saveState(book: Int64, syncToken: String?, ctag: String?) throws(ServiceError) {
        try pg.execute("UPDATE sync_books SET sync_token = $1, ctag = $2 WHERE id = $3", [syncToken, ctag, book])
    }

    public func noteSync(account: Int64, error: SyncFailure?) throws(ServiceError) {
        // A failed sync keeps the time of the last one that worked ("Last synced 14:02. Sync failed: …").
        try pg.execute("UPDATE sync_accounts SET last_sync_at = CASE WHEN $2::text IS NULL THEN $1 ELSE last_sync_at END, last_error = $2 WHERE id = $3",
                       [now(), error?.encoded, account])
    }

    // MARK: Bindings

    private func readBinding(_ rows: PostgresRows) -> SyncBinding? {
        guard rows.count > 0 else { return nil }
        return SyncBinding(contactID: rows.int64(0, 0), bookID: rows.int64(0, 1), href: rows.text(0, 2), etag: rows.optionalText(0, 3),
                           card: rows.text(0, 4))
    }

    public func binding(book: Int64, href: String) throws(ServiceError) -> SyncBinding? {
        readBinding(try pg.execute("SELECT contact_id, book_id, href, etag, card FROM sync_cards WHERE book_id = $1 AND href = $2", [book, href]))
    }

    public func binding(contact: Int64) throws(ServiceError) -> SyncBinding? {
        readBinding(try pg.execute("SELECT contact_id, book_id, href, etag, card FROM sync_cards WHERE contact_id = $1", [contact]))
    }

    /// Binds a contact to a card (or moves its binding), with the card as synced: whatever held the
    /// contact or the href before gives way (as SQLite's INSERT OR REPLACE).
    public func bind(contact: Int64, book: Int64, href: String, etag: String?, card: String) throws(ServiceError) {
        try pg.transaction { () throws(ServiceError) in
            try pg.execute("DELETE FROM sync_cards WHERE contact_id = $1 OR (book_id = $2 AND href = $3)", [contact, book, href])
            try pg.execute("INSERT INTO sync_cards (contact_id, book_id, href, etag, card) VALUES ($1, $2, $3, $4, $5)",
                           [contact, book, href, etag, card])
        }
    }

    public func unbind(contact: Int64) throws(ServiceError) {
        try pg.execute("DELETE FROM sync_cards WHERE contact_id = $1", [contact])
    }

    /// On a team's directory the card alone changing is no edit in the activity log (its trigger
    /// skips a bulk write): after each card sent, the log would say the member edited it twice.
    public func setKeptCard(contact: Int64, card: String) throws(ServiceError) {
        try pg.transaction { () throws(ServiceError) in
            let before = try pg.execute("SELECT coalesce(current_setting('switchboard.bulk', true), '')").text(0, 0)
            try pg.execute("SELECT set_config('switchboard.bulk', 'on', true)")
            try pg.execute("UPDATE contacts SET card = $1 WHERE id = $2", [card, contact])
            try pg.execute("SELECT set_config('switchboard.bulk', $1, true)", [before])
        }
    }

    public func etags(book: Int64) throws(ServiceError) -> [String: String] {
        let rows = try pg.execute("SELECT href, coalesce(etag, '') FROM sync_cards WHERE book_id = $1", [book])
        var etags: [String: String] = [:]
        for i in 0..<rows.count { etags[rows.text(i, 0)] = rows.text(i, 1) }
        return etags
    }

    public func unboundContact(account: Int64, uid: String) throws(ServiceError) -> Int64? {
        guard !uid.isEmpty else { return nil }
        return try pg.scalarInt("""
            SELECT c.id FROM contacts c WHERE c.account_id = $1 AND c.uid = $2 AND NOT EXISTS (SELECT 1 FROM sync_cards s WHERE s.contact_id = c.id)
            """, [account, uid])
    }

    public func contact(account: Int64, uid: String, except: Int64?) throws(ServiceError) -> Int64? {
        guard !uid.isEmpty else { return nil }
        return try pg.scalarInt("SELECT id FROM contacts WHERE account_id = $1 AND uid = $2 AND id IS DISTINCT FROM $3::bigint LIMIT 1",
                                [account, uid, except])
    }

    // MARK: A listing as it is read

    /// A temporary table of this connection's own (never seen by another client), numbered in the
    /// order noted; the members go in 500 at a time.
    public func beginListing() throws(ServiceError) {
        try pg.executeScript("""
            CREATE TEMP TABLE IF NOT EXISTS sync_listing (n BIGSERIAL, href TEXT PRIMARY KEY, etag TEXT, gone BOOLEAN NOT NULL);
            TRUNCATE sync_listing
            """)
        unlisted = []
        listingFailure = nil
    }

    public func list(href: String, etag: String?, gone: Bool) throws(ServiceError) {
        unlisted.append((href, etag, gone))
        if unlisted.count >= Self.listingBatch { try flushListing() }
    }

    public func endListing() {
        do throws(ServiceError) { try flushListing() } catch { listingFailure = error }
    }

    /// Writes the members noted since the last flush: each href once, at the place of its last note.
    private func flushListing() throws(ServiceError) {
        if let listingFailure { throw listingFailure }
        guard !unlisted.isEmpty else { return }
        var last: [String: Int] = [:]
        for (index, member) in unlisted.enumerated() { last[member.href] = index }
        var hrefs: [String] = [], etags: [String?] = [], gone: [String] = []
        for (index, member) in unlisted.enumerated() where last[member.href] == index {
            hrefs.append(member.href)
            etags.append(member.etag)
            gone.append(member.gone ? "t" : "f")
        }
        unlisted = []
        try pg.execute("""
            INSERT INTO sync_listing (href, etag, gone)
            SELECT h, e, g FROM unnest($1::text[], $2::text[], $3::boolean[]) WITH ORDINALITY AS u(h, e, g, o) ORDER BY o
            ON CONFLICT (href) DO UPDATE SET etag = excluded.etag, gone = excluded.gone, n = DEFAULT
            """, [PostgresMigrations.arrayLiteral(hrefs), Self.optionalArrayLiteral(etags), "{" + gone.joined(separator: ",") + "}"])
    }

    /// A text array literal in which nil is NULL.
    static func optionalArrayLiteral(_ items: [String?]) -> String {
        var parts: [String] = []
        for item in items {
            if let item { parts.append(String(PostgresMigrations.arrayLiteral([item]).dropFirst().dropLast())) } else { parts.append("NULL") }
        }
        return "{" + parts.joined(separator: ",") + "}"
    }

    private static let toRead = """
        NOT l.gone AND l.n > $2
        AND (l.etag IS NULL OR NOT EXISTS (SELECT 1 FROM sync_cards c WHERE c.book_id = $1 AND c.href = l.href AND c.etag = l.etag))
        AND (l.etag IS NULL OR NOT EXISTS (SELECT 1 FROM sync_problems p WHERE p.book_id = $1 AND p.href = l.href AND p.etag = l.etag))
        """

    public func listedToReadCount(book: Int64) throws(ServiceError) -> Int {
        try flushListing()
        return Int(try pg.scalarInt("SELECT count(*) FROM sync_listing l WHERE \(Self.toRead)", [book, Int64.min]) ?? 0)
    }

    public func listedToRead(book: Int64, after: Int64, limit: Int) throws(ServiceError) -> [(number: Int64, href: String)] {
        try flushListing()
        let rows = try pg.execute("SELECT l.n, l.href FROM sync_listing l WHERE \(Self.toRead) ORDER BY l.n LIMIT $3", [book, after, Int64(limit)])
        return (0..<rows.count).map { (rows.int64($0, 0), rows.text($0, 1)) }
    }

    public func listedDeletions(book: Int64, whole: Bool) throws(ServiceError) -> [String] {
        try flushListing()
        let rows = whole
            ? try pg.execute("""
                SELECT href FROM sync_cards WHERE book_id = $1 AND href NOT IN (SELECT href FROM sync_listing WHERE NOT gone) ORDER BY href COLLATE "C"
                """, [book])
            : try pg.execute("SELECT href FROM sync_listing WHERE gone ORDER BY n")
        return (0..<rows.count).map { rows.text($0, 0) }
    }

    // MARK: The queue

    private static let queueColumns = "id, book_id, contact_id, kind, href, etag"

    private func readQueue(_ rows: PostgresRows) -> [SyncQueueItem] {
        (0..<rows.count).map { i in
            SyncQueueItem(id: rows.int64(i, 0), bookID: rows.int64(i, 1), contactID: rows.optionalInt64(i, 2),
                          kind: SyncQueueItem.Kind(rawValue: rows.text(i, 3)) ?? .edit, href: rows.optionalText(i, 4), etag: rows.optionalText(i, 5))
        }
    }

    public func queue(book: Int64?) throws(ServiceError) -> [SyncQueueItem] {
        readQueue(try pg.execute("SELECT \(Self.queueColumns) FROM sync_queue WHERE $1::bigint IS NULL OR book_id = $1 ORDER BY id", [book]))
    }

    public func queued(contact: Int64) throws(ServiceError) -> SyncQueueItem? {
        readQueue(try pg.execute("SELECT \(Self.queueColumns) FROM sync_queue WHERE contact_id = $1", [contact])).first
    }

    public func queued(book: Int64, href: String) throws(ServiceError) -> SyncQueueItem? {
        readQueue(try pg.execute("SELECT \(Self.queueColumns) FROM sync_queue WHERE book_id = $1 AND href = $2 ORDER BY id LIMIT 1", [book, href])).first
    }

    public func item(_ id: Int64) throws(ServiceError) -> SyncQueueItem? {
        readQueue(try pg.execute("SELECT \(Self.queueColumns) FROM sync_queue WHERE id = $1", [id])).first
    }

    public func pendingCount(book: Int64?) throws(ServiceError) -> Int {
        Int(try pg.scalarInt("SELECT count(*) FROM sync_queue WHERE $1::bigint IS NULL OR book_id = $1", [book]) ?? 0)
    }

    public func dequeue(_ id: Int64) throws(ServiceError) {
        try pg.execute("DELETE FROM sync_queue WHERE id = $1", [id])
    }

    public func setHref(_ href: String, of item: Int64) throws(ServiceError) {
        try pg.execute("UPDATE sync_queue SET href = $1 WHERE id = $2", [href, item])
    }

    public func setKind(_ kind: SyncQueueItem.Kind, of item: Int64) throws(ServiceError) {
        try pg.execute("UPDATE sync_queue SET kind = $1, href = CASE WHEN $1 = 'edit' THEN NULL ELSE href END WHERE id = $2", [kind.rawValue, item])
    }

    public func enqueue(contact: Int64, book: Int64, kind: SyncQueueItem.Kind) throws(ServiceError) {
        try pg.execute("""
            INSERT INTO sync_queue (book_id, contact_id, kind, queued_at) VALUES ($1, $2, $3, $4)
            ON CONFLICT (contact_id) WHERE contact_id IS NOT NULL DO NOTHING
            """, [book, contact, kind.rawValue, now()])
    }

    // MARK: Conflicts and problems

    public func recordConflict(book: Int64, contact: Int64?, href: String, kind: SyncConflict.Kind, fields: [String],
                               local: ContactRecord?) throws(ServiceError) {
        try pg.execute("""
            INSERT INTO sync_conflicts (book_id, contact_id, href, kind, fields, local_record, found_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)
            """, [book, contact, href, kind.rawValue, JSONText.array(of: fields), local.map { DeletedContactText.encode($0) } ?? "", now()])
    }

    public func conflicts() throws(ServiceError) -> [SyncConflict] {
        let rows = try pg.execute("SELECT id, book_id, contact_id, href, kind, local_record FROM sync_conflicts ORDER BY id")
        var conflicts = (0..<rows.count).map { i in
            SyncConflict(id: rows.int64(i, 0), bookID: rows.int64(i, 1), contactID: rows.optionalInt64(i, 2), href: rows.text(i, 3),
                         kind: SyncConflict.Kind(rawValue: rows.text(i, 4)) ?? .fields, fields: [], local: DeletedContactText.decode(rows.text(i, 5)))
        }
        guard !conflicts.isEmpty else { return [] }
        let fields = try pg.execute("""
            SELECT c.id, f.value FROM sync_conflicts c, jsonb_array_elements_text(c.fields) WITH ORDINALITY AS f(value, n) ORDER BY c.id, f.n
            """)
        var index: [Int64: Int] = [:]
        for (n, conflict) in conflicts.enumerated() { index[conflict.id] = n }
        for i in 0..<fields.count {
            if let n = index[fields.int64(i, 0)] { conflicts[n].fields.append(fields.text(i, 1)) }
        }
        return conflicts
    }

    public func recordProblem(book: Int64, href: String, kind: SyncProblem.Kind, etag: String?, contact: Int64?, reason: String) throws(ServiceError) {
        try pg.execute("""
            INSERT INTO sync_problems (book_id, href, kind, etag, contact_id, reason, found_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
            ON CONFLICT (book_id, href) DO UPDATE SET kind = excluded.kind, etag = excluded.etag, contact_id = excluded.contact_id,
                reason = excluded.reason, found_at = excluded.found_at
            """, [book, href, kind.rawValue, etag, contact, reason, now()])
    }

    public func clearProblem(book: Int64, href: String) throws(ServiceError) {
        try pg.execute("DELETE FROM sync_problems WHERE book_id = $1 AND href = $2", [book, href])
    }

    public func problemETag(book: Int64, href: String) throws(ServiceError) -> String?? {
        let rows = try pg.execute("SELECT etag FROM sync_problems WHERE book_id = $1 AND href = $2", [book, href])
        guard rows.count > 0 else { return nil }
        return .some(rows.optionalText(0, 0))
    }

    public func problems() throws(ServiceError) -> [SyncProblem] {
        let rows = try pg.execute("SELECT book_id, href, kind, contact_id, reason FROM sync_problems ORDER BY book_id, href COLLATE \"C\"")
        return (0..<rows.count).map { i in
            SyncProblem(bookID: rows.int64(i, 0), href: rows.text(i, 1), kind: SyncProblem.Kind(rawValue: rows.text(i, 2)) ?? .unreadable,
                        contactID: rows.optionalInt64(i, 3), reason: rows.text(i, 4))
        }
    }
}
