import AppServices

/// Bulk loads: populate's generated contacts, through COPY.
extension PostgresContactsStore {
    /// Adds `count` generated contacts in one transaction (populate), the same contacts
    /// `SQLiteContactsStore.addMany` adds, in list order (so a fresh directory numbers them as
    /// the SQLite file does), loaded with `COPY … FROM STDIN` — the contacts, then their name
    /// word starts; `progress` hears every 10,000.
    public func addMany(count: Int, generator: inout ContactGenerator, friendPercent: Int,
                        progress: ((Int) -> Void)? = nil) throws(StorageError) {
        guard count > 0 else { return }
        let source = generator
        var cache = SearchText.FoldCache()
        let (order, keys) = SQLiteContactsStore.listOrder(of: count, from: source, cache: &cache)
        var folded: [Int: (name: String, starts: [String])] = [:] // by the generator's name number
        let time = String(now())
        let account = String(accountID)
        var friends = 0
        try pg.transaction { () throws(StorageError) in
            // The trigram index takes the rows into its pending list as they come and sorts them
            // into the index in one pass at the end (with memory for it), not one row at a time.
            try pg.executeScript("SET LOCAL gin_pending_list_limit = '1GB'; SET LOCAL work_mem = '256MB'; SET LOCAL maintenance_work_mem = '512MB'")
            // Ids taken from the sequence up front (ascending, like the SQLite file's), so the
            // word starts can name their contacts in a COPY of their own.
            let idRows = try pg.execute("SELECT nextval(pg_get_serial_sequence('contacts', 'id')) FROM generate_series(1, $1)", [count])
            var ids = [String](repeating: "", count: count)
            for i in 0..<count { ids[i] = idRows.text(i, 0) }
            var startsOf: [[String]] = []
            startsOf.reserveCapacity(count)
            try pg.copy(into: "contacts", columns: ["id", "account_id", "first_name", "last_name", "company", "notes", "is_friend", "sort_key",
                                                     "phones", "emails", "search_text", "created_at", "updated_at"]) { send throws(StorageError) in
                var document: [UInt8] = []
                for (i, index) in order.enumerated() {
                    let contact = source.contact(at: Int(index), friendPercent: friendPercent)
                    if contact.isFriend { friends += 1 }
                    let nameID = source.nameID(at: Int(index))
                    let name: String, starts: [String]
                    if let known = folded[nameID] { (name, starts) = known } else {
                        name = SearchText.namePart(firstName: contact.firstName, lastName: contact.lastName, cache: &cache)
                        starts = Self.wordStarts(firstName: contact.firstName, lastName: contact.lastName, cache: &cache)
                        folded[nameID] = (name, starts)
                    }
                    startsOf.append(starts)
                    document.removeAll(keepingCapacity: true)
                    SearchText.appendDocument(foldedName: name, emails: contact.emails, phoneNumbers: contact.phones.map(\.number),
                                              others: [contact.company, contact.notes], to: &document, cache: &cache)
                    try send([ids[i], account, contact.firstName, contact.lastName, contact.company, contact.notes, contact.isFriend ? "t" : "f", keys[i],
                              PostgresContactLists.encode(phones: contact.phones), PostgresContactLists.encode(emails: contact.emails),
                              String(decoding: document, as: UTF8.self), time, time])
                    if (i + 1) % 10_000 == 0 { progress?(i + 1) }
                }
            }
            try pg.copy(into: "contact_word_starts", columns: ["account_id", "start", "sort_key", "contact_id"]) { send throws(StorageError) in
                for i in 0..<count {
                    for start in startsOf[i] { try send([account, start, keys[i], ids[i]]) }
                }
            }
            try pg.execute("SELECT gin_clean_pending_list('contacts_search'::regclass)")
            try adjustCounts(total: count, friends: friends)
            try PostgresActivityLog(pg: pg).record(.populated, accountID: accountID, subject: "\(count) contacts, \(friends) of them friends", at: now())
        }
        generator.skip(count)
    }
}
