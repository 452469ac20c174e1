import AppServices

/// Bulk loads: populate's generated contacts, through COPY.
extension PostgresContactsStore {
    /// Adds `count` generated contacts in one transaction (populate), the same contacts
    /// `SQLiteContactsStore.addMany` adds, in list order (so a fresh directory numbers them as
    /// the SQLite file does), loaded with `COPY … FROM STDIN` — the contacts, then their name
    /// word starts; `progress` hears every 10,000. Into a directory with no contacts yet, the
    /// indexes are made after the rows (see `dropIndexesOfEmptyTables`).
    public func addMany(count: Int, generator: inout ContactGenerator, friendPercent: Int,
                        progress: ((Int) -> Void)? = nil) throws(StorageError) {
        guard count > 0 else { return }
        let source = generator
        var cache = SearchText.FoldCache()
        let (order, keys) = SQLiteContactsStore.listOrder(of: count, from: source, cache: &cache)
        let time = String(now())
        let account = String(accountID)
        var friends = 0
        try pg.transaction { () throws(StorageError) in
            // Memory for sorting an index made at the end; into a directory with contacts, the trigram
            // index takes the rows into its pending list and sorts them in one pass at the end.
            try pg.executeScript("SET LOCAL gin_pending_list_limit = '1GB'; SET LOCAL work_mem = '256MB'; SET LOCAL maintenance_work_mem = '1GB'")
            let remake = try dropIndexesOfEmptyTables()
            // Ids taken from the sequence up front (ascending, like the SQLite file's), so the
            // word starts can name their contacts in a COPY of their own.
            let idRows = try pg.execute("SELECT nextval(pg_get_serial_sequence('contacts', 'id')) FROM generate_series(1, $1)", [count])
            var ids = [String](repeating: "", count: count)
            for i in 0..<count { ids[i] = idRows.text(i, 0) }
            var startsOf: [[String]] = []
            try pg.copy(into: "contacts", columns: ["id", "account_id", "first_name", "last_name", "company", "notes", "is_friend", "sort_key",
                                                     "phones", "emails", "search_text", "created_at", "updated_at"]) { send throws(StorageError) in
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
                        name = SearchText.namePart(firstName: contact.firstName, lastName: contact.lastName, cache: &cache)
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
            try pg.copy(into: "contact_word_starts", columns: ["account_id", "start", "sort_key", "contact_id"]) { send throws(StorageError) in
                for i in 0..<count {
                    for start in startsOf[i] { try send([account, start, keys[i], ids[i]]) }
                }
            }
            for statement in remake ?? [] { try pg.executeScript(statement) }
            try pg.execute("SELECT gin_clean_pending_list(oid) FROM pg_class WHERE relname = 'contacts_search' AND relnamespace = current_schema()::regnamespace")
            try adjustCounts(total: count, friends: friends)
            try PostgresActivityLog(pg: pg).record(.populated, accountID: accountID, subject: "\(count) contacts, \(friends) of them friends", at: now())
        }
        generator.skip(count)
    }

    /// When no account has a contact yet (a new directory), drops the indexes of the contacts and
    /// their word starts (but the primary key), with both tables locked until the transaction ends,
    /// and returns the statements that make them again, as the schema made them: the rows go in
    /// without them and each index is then built in one sorted pass, several times cheaper than
    /// taking a million rows one at a time (the trigram index above all, which a pending list also
    /// leaves ten times its size). Nil when there are contacts already: other clients use the indexes.
    private func dropIndexesOfEmptyTables() throws(StorageError) -> [String]? {
        let anyRows = "SELECT EXISTS (SELECT 1 FROM contacts) OR EXISTS (SELECT 1 FROM contact_word_starts)"
        guard try !pg.execute(anyRows).bool(0, 0) else { return nil }
        try pg.executeScript("LOCK TABLE contacts, contact_word_starts IN ACCESS EXCLUSIVE MODE")
        guard try !pg.execute(anyRows).bool(0, 0) else { return nil } // another client added one before the lock
        let indexes = try pg.execute("""
            SELECT quote_ident(i.indexname), i.indexdef FROM pg_indexes i
            WHERE i.schemaname = current_schema() AND i.tablename IN ('contacts', 'contact_word_starts')
              AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname AND k.connamespace = current_schema()::regnamespace)
            ORDER BY i.indexname
            """)
        var statements: [String] = []
        for i in 0..<indexes.count {
            try pg.executeScript("DROP INDEX \(indexes.text(i, 0))") // the name as the server quoted it
            statements.append(indexes.text(i, 1))
        }
        return statements
    }
}
