import AppServices

/// Bulk loads: populate's generated contacts, through COPY.
extension PostgresContactsStore {
    /// Adds `count` generated contacts in one transaction (populate), the same contacts
    /// `SQLiteContactsStore.addMany` adds, in list order (so a fresh directory numbers them as
    /// the SQLite file does), loaded with `COPY … FROM STDIN` — the contacts, then their name
    /// word starts; `progress` hears every 10,000. Into a directory with no contacts yet, the
    /// indexes are made after the rows (see `dropIndexesOfEmptyTables`), and the word starts are
    /// loaded and indexed on a second connection meanwhile (`PostgresWordStartsLoad`).
    public func addMany(count: Int, generator: inout ContactGenerator, friendPercent: Int,
                        progress: ((Int) -> Void)? = nil) throws(StorageError) {
        guard count > 0 else { return }
        let source = generator
        var cache = SearchText.FoldCache()
        let (order, keys) = SQLiteContactsStore.listOrder(of: count, from: source, cache: &cache)
        let time = String(now())
        let account = String(accountID)
        var friends = 0
        // A second connection for the word starts, in case the directory turns out to be new (below).
        let beside = PostgresWordStartsLoad(uri: pg.uri)
        defer { beside?.discard() } // after the transaction: it no longer holds the load table then
        try pg.transaction { () throws(StorageError) in
            // Memory for sorting an index made at the end; into a directory with contacts, the trigram
            // index takes the rows into its pending list and sorts them in one pass at the end.
            // No parallel workers for the index builds: the rows go in already sorted (see below), and on a
            // small server the workers' merge cost more than the sort they would share (3.9 s against 2.0 s
            // for 3.8 million word starts on two cores).
            try pg.executeScript("""
                SET LOCAL gin_pending_list_limit = '1GB'; SET LOCAL work_mem = '256MB'; SET LOCAL maintenance_work_mem = '1GB';
                SET LOCAL max_parallel_maintenance_workers = 0
                """)
            let remake = try dropIndexesOfEmptyTables()
            // Ids taken from the sequence up front (ascending, like the SQLite file's), so the
            // word starts can name their contacts in a COPY of their own.
            let ids = try reserveIDs(count: count, tablesLocked: remake != nil)
            var startsOf: [[String]] = []
            // Into a new directory (the tables locked and empty) the rows go in frozen: the searches
            // that first read them then write nothing back (hint bits), and no vacuum has to freeze them.
            if remake != nil { try pg.executeScript("TRUNCATE contacts") }
            try pg.copy(into: "contacts", columns: ["id", "account_id", "first_name", "last_name", "company", "notes", "is_friend", "sort_key",
                                                     "phones", "emails", "search_text", "created_at", "updated_at"],
                        frozen: remake != nil) { send throws(StorageError) in
                // Locals of the closure, not captured: no exclusivity check a byte.
                var cache = cache, folded: [Int: (name: String, starts: [String])] = [:] // by the generator's name number
                var starts: [[String]] = [], friendCount = 0, document: [UInt8] = []
                starts.reserveCapacity(count)
                for (i, index) in order.enumerated() {
                    let contact = source.contact(at: Int(index), friendPercent: friendPercent)
                    if contact.isFriend { friendCount += 1 }
                    let nameID = source.nameID(at: Int(index))
                    let name: String, wordStarts: [String]
                    if let known = folded[nameID] { (name, wordStarts) = known } else {
                        name = SearchText.namePart(firstName: contact.firstName, lastName: contact.lastName, marksWordStarts: false, cache: &cache)
                        wordStarts = Self.wordStarts(firstName: contact.firstName, lastName: contact.lastName, cache: &cache)
                        folded[nameID] = (name, wordStarts)
                    }
                    starts.append(wordStarts)
                    document.removeAll(keepingCapacity: true)
                    SearchText.appendDocument(foldedName: name, emails: contact.emails, phoneNumbers: contact.phones.map(\.number),
                                              others: [contact.company, contact.notes], to: &document, cache: &cache)
                    try send([ids[i], account, contact.firstName, contact.lastName, contact.company, contact.notes, contact.isFriend ? "t" : "f", keys[i],
                              PostgresContactLists.encode(phones: contact.phones), PostgresContactLists.encode(emails: contact.emails),
                              String(decoding: document, as: UTF8.self), time, time])
                    if (i + 1) % 10_000 == 0 { progress?(i + 1) }
                }
                startsOf = starts
                friends = friendCount
            }
            // In the order of their index (start, then list order), so that building it sorts nothing:
            // 7.6 s for a million contacts' 3.8 million starts in generation order, 2 s in index order.
            let ordered = Self.indexOrder(startsOf)
            if let remake, let beside {
                // A new directory: this server process builds the contacts' indexes while the other
                // connection loads and indexes the word starts; then those take the empty table's place.
                let ofStarts = remake.filter { $0.table == "contact_word_starts" }
                try pg.startScript(remake.filter { $0.table != "contact_word_starts" }.map(\.definition).joined(separator: ";\n"))
                var besideFailure: StorageError?
                do throws(StorageError) {
                    try beside.load(groups: ordered, account: account, keys: keys, ids: ids, indexes: ofStarts.map(\.definition))
                } catch { besideFailure = error }
                try pg.finishScript()
                if let besideFailure { throw besideFailure }
                try pg.executeScript(beside.swapStatements(indexNames: ofStarts.map(\.name)))
            } else {
                try PostgresWordStartsLoad.copy(groups: ordered, account: account, keys: keys, ids: ids, into: "contact_word_starts", on: pg)
                for index in remake ?? [] { try pg.executeScript(index.definition) }
            }
            try pg.execute("SELECT gin_clean_pending_list(oid) FROM pg_class WHERE relname = 'contacts_search' AND relnamespace = current_schema()::regnamespace")
            try adjustCounts(total: count, friends: friends)
            // The planner's figures for the new rows at once (autovacuum would take a minute or more):
            // without them a search's plan reads the whole account's rows by another index (60 ms, not 2).
            try pg.executeScript("ANALYZE contacts; ANALYZE contact_word_starts")
            try PostgresActivityLog(pg: pg).record(.populated, accountID: accountID, subject: "\(count) contacts, \(friends) of them friends", at: now())
        }
        generator.skip(count)
    }

    /// `count` new contact ids, ascending, as text. With the contacts table locked (a new directory:
    /// no one else can insert a contact until this transaction ends) one block of the sequence is
    /// taken by moving it once; otherwise each id is drawn, as other clients' inserts draw theirs
    /// (4.3 s for a million, against a few milliseconds for the block).
    private func reserveIDs(count: Int, tablesLocked: Bool) throws(StorageError) -> [String] {
        if tablesLocked {
            let first = try pg.scalarInt("""
                SELECT setval(pg_get_serial_sequence('contacts', 'id'), nextval(pg_get_serial_sequence('contacts', 'id')) + $1 - 1) - $1 + 1
                """, [Int64(count)]) ?? 1
            return (0..<Int64(count)).map { String(first + $0) }
        }
        let rows = try pg.execute("SELECT nextval(pg_get_serial_sequence('contacts', 'id')) FROM generate_series(1, $1)", [count])
        return (0..<count).map { rows.text($0, 0) }
    }

    /// The word starts' rows (`starts[i]`: the starts of the i-th contact in list order) grouped by
    /// start, the starts in byte order, each group in list order: the order of the index
    /// `(account_id, start, sort_key, contact_id)`, since list order is sort key, then id.
    static func indexOrder(_ starts: [[String]]) -> [(start: String, rows: [Int32])] {
        var groups: [String: [Int32]] = [:]
        for (i, list) in starts.enumerated() {
            for start in list { groups[start, default: []].append(Int32(i)) }
        }
        return groups.map { (start: $0.key, rows: $0.value) }.sorted { $0.start.utf8.lexicographicallyPrecedes($1.start.utf8) }
    }

    /// When no account has a contact yet (a new directory), drops the indexes of the contacts and
    /// their word starts (but the primary key), with both tables locked until the transaction ends,
    /// and returns the statements that make them again, as the schema made them: the rows go in
    /// without them and each index is then built in one sorted pass, several times cheaper than
    /// taking a million rows one at a time (the trigram index above all, which a pending list also
    /// leaves ten times its size). Nil when there are contacts already: other clients use the indexes.
    private func dropIndexesOfEmptyTables() throws(StorageError) -> [(table: String, name: String, definition: String)]? {
        let anyRows = "SELECT EXISTS (SELECT 1 FROM contacts) OR EXISTS (SELECT 1 FROM contact_word_starts)"
        guard try !pg.execute(anyRows).bool(0, 0) else { return nil }
        try pg.executeScript("LOCK TABLE contacts, contact_word_starts IN ACCESS EXCLUSIVE MODE")
        guard try !pg.execute(anyRows).bool(0, 0) else { return nil } // another client added one before the lock
        let indexes = try pg.execute("""
            SELECT quote_ident(i.indexname), i.indexdef, i.tablename, i.indexname FROM pg_indexes i
            WHERE i.schemaname = current_schema() AND i.tablename IN ('contacts', 'contact_word_starts')
              AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname AND k.connamespace = current_schema()::regnamespace)
            ORDER BY i.indexname
            """)
        var statements: [(table: String, name: String, definition: String)] = []
        for i in 0..<indexes.count {
            try pg.executeScript("DROP INDEX \(indexes.text(i, 0))") // the name as the server quoted it
            statements.append((table: indexes.text(i, 2), name: indexes.text(i, 3), definition: indexes.text(i, 1)))
        }
        return statements
    }
}
