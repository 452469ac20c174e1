import AppServices
/// Bulk loads: populate's generated contacts, through one COPY.
extension PostgresContactsStore {
    /// Adds `count` generated contacts in one transaction (populate), the same contacts
    /// `SQLiteContactsStore.addMany` adds, in list order (so a fresh directory numbers them as
    /// the SQLite file does), loaded with `COPY … FROM STDIN`; `progress` hears every 10,000.
    public func addMany(count: Int, generator: inout ContactGenerator, friendPercent: Int,
                        progress: ((Int) -> Void)? = nil) throws(StorageError) {
        guard count > 0 else { return }
        let source = generator
        var cache = SearchText.FoldCache()
        let (order, keys) = SQLiteContactsStore.listOrder(of: count, from: source, cache: &cache)
        var foldedNames: [Int: String] = [:]
        let time = String(now())
        let account = String(accountID)
        var friends = 0
        try pg.transaction { () throws(StorageError) in
            // The trigram index takes the rows into its pending list as they come and sorts them
            // into the index in one pass at the end (with memory for it), not one row at a time.
            try pg.executeScript("SET LOCAL gin_pending_list_limit = '1GB'; SET LOCAL work_mem = '256MB'; SET LOCAL maintenance_work_mem = '512MB'")
            try pg.copy(into: "contacts", columns: ["account_id", "first_name", "last_name", "company", "notes", "is_friend", "sort_key",
                                                     "phones", "emails", "search_text", "created_at", "updated_at"]) { send throws(StorageError) in
                var document: [UInt8] = []
                for (i, index) in order.enumerated() {
                    let contact = source.contact(at: Int(index), friendPercent: friendPercent)
                    if contact.isFriend { friends += 1 }
                    let nameID = source.nameID(at: Int(index))
                    let name: String
                    if let known = foldedNames[nameID] { name = known } else {
                        name = SearchText.namePart(firstName: contact.firstName, lastName: contact.lastName, cache: &cache)
                        foldedNames[nameID] = name
                    }
                    document.removeAll(keepingCapacity: true)
                    SearchText.appendDocument(foldedName: name, emails: contact.emails, phoneNumbers: contact.phones.map(\.number),
                                              others: [contact.company, contact.notes], to: &document, cache: &cache)
                    try send([account, contact.firstName, contact.lastName, contact.company, contact.notes, contact.isFriend ? "t" : "f", keys[i],
                              PostgresContactLists.encode(phones: contact.phones), PostgresContactLists.encode(emails: contact.emails),
                              String(decoding: document, as: UTF8.self), time, time])
                    if (i + 1) % 10_000 == 0 { progress?(i + 1) }
                }
            }
            try pg.execute("SELECT gin_clean_pending_list('contacts_search'::regclass)")
            try adjustCounts(total: count, friends: friends)
            try PostgresActivityLog(pg: pg).record(.populated, accountID: accountID, subject: "\(count) contacts, \(friends) of them friends", at: now())
        }
        generator.skip(count)
    }
}
