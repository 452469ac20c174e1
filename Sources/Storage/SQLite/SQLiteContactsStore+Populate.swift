#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AppServices

/// Populate: many generated contacts at once, in list order, with the search
/// index loaded in one run at its end.
extension SQLiteContactsStore {
    /// Adds `count` generated contacts in one transaction (populate); `progress`
    /// hears every 10,000. The names are read and sorted first, and the contacts
    /// then made and inserted in list order with their final ranks, so every
    /// table and index (the search index above all) grows at its end. Into an
    /// account that has contacts already, they are ranked afresh at the end.
    public func addMany(count: Int, generator: inout ContactGenerator, friendPercent: Int,
                        progress: ((Int) -> Void)? = nil) throws(ServiceError) {
        guard count > 0 else { return }
        try db.execute("PRAGMA cache_size = -262144") // 256 MiB while the indexes grow
        defer { try? db.execute("PRAGMA cache_size = -16384") }
        let source = generator
        var cache = SearchText.FoldCache()
        let (order, keys) = PopulateOrder.of(count, from: source, cache: &cache)
        var foldedNames: [Int: String] = [:] // by the generator's name number
        try db.transaction { () throws(ServiceError) in
            let (low, high) = try self.order.interval(of: accountID)
            let spread = min(SQLiteListOrder.gap, (high - low) / Int64(count + 1))
            // Final ranks at once when the account is empty and there is room for them; else ranked afresh after.
            let fresh = try self.count(matching: "", upTo: 1) == 0 && spread >= SQLiteListOrder.minimumSpread
            let time = now()
            // The mail clients' kept answers are filled in one sorted pass at the end (`SQLiteMailQueryRowsSchema`),
            // and indexed after it when the table was empty (one sort, not an index grown row by row).
            let before = try db.scalarInt("SELECT coalesce(max(id), 0) FROM contacts") ?? 0
            let noRowsBefore = try db.scalarInt("SELECT NOT EXISTS (SELECT 1 FROM mail_query_rows)") == 1
            try db.execute(SQLiteMailQueryRowsSchema.dropTriggers)
            if noRowsBefore { try db.execute("DROP INDEX mail_query_rows_by_rank") }
            var inserts: [Int: SQLiteStatement] = [:]
            var friends = 0
            // The search entries wait in memory and go in after the tables, in one
            // run: written alongside them, the index's merges fight them for the cache.
            var documents: [UInt8] = [], documentEnds: [Int] = [], ids: [Int64] = []
            if fresh { documents.reserveCapacity(count * 64); documentEnds.reserveCapacity(count); ids.reserveCapacity(count) }
            for (i, index) in order.enumerated() {
                let contact = source.contact(at: Int(index), friendPercent: friendPercent)
                if contact.isFriend { friends += 1 }
                let lists = SQLiteContactLists(contact)
                let shape = lists.phones.count << 8 | lists.emails.count
                let insert: SQLiteStatement
                if let cached = inserts[shape] { insert = cached } else {
                    insert = try insertStatement(for: lists)
                    inserts[shape] = insert
                }
                insert.bind(1, accountID).bind(2, contact.firstName).bind(3, contact.lastName).bind(4, contact.company)
                    .bind(5, contact.notes).bind(6, contact.isFriend)
                    .bind(7, keys[i]).bind(8, fresh ? low + spread * Int64(i + 1) : nil).bind(9, time).bind(10, time)
                    .bind(11, SearchText.firstNameKey(firstName: contact.firstName, lastName: contact.lastName, displayName: "", cache: &cache))
                    .bind(12, SearchText.companyKey(company: contact.company, nameKey: keys[i], cache: &cache))
                    .bind(13, contact.displayName)
                lists.bind(to: insert, from: 14)
                try insert.run()
                let id = db.lastInsertRowID
                if fresh {
                    let nameID = source.nameID(at: Int(index))
                    let name: String
                    if let known = foldedNames[nameID] { name = known } else {
                        name = SearchText.namePart(firstName: contact.firstName, lastName: contact.lastName, cache: &cache)
                        foldedNames[nameID] = name
                    }
                    SearchText.appendDocument(foldedName: name, emails: contact.emails, phoneNumbers: contact.phones.map(\.number),
                                              others: SearchText.searchedOthers(of: contact), to: &documents, cache: &cache)
                    documentEnds.append(documents.count)
                    ids.append(id)
                }
                if (i + 1) % 10_000 == 0 { progress?(i + 1) }
            }
            if fresh {
                try bulkLoadingSearch { () throws(ServiceError) in
                    let search = try db.prepare("INSERT INTO contact_search (rowid, text, contact_id) VALUES (?, ?, ?)")
                    var start = 0
                    for (i, end) in documentEnds.enumerated() {
                        search.bind(1, low + spread * Int64(i + 1)).bind(2, utf8: documents[start..<end]).bind(3, ids[i])
                        try search.run()
                        start = end
                    }
                }
            } else {
                try bulkLoadingSearch { () throws(ServiceError) in try self.order.renumber(accountID: accountID) }
            }
            inserts = [:]
            try db.execute(SQLiteMailQueryRowsSchema.fill(contacts: "c.account_id = \(accountID) AND c.id > \(before)"))
            if noRowsBefore { try db.execute(SQLiteMailQueryRowsSchema.index) }
            try db.execute(SQLiteMailQueryRowsSchema.triggers)
            try adjustCounts(total: count, friends: friends)
            try SQLiteActivityLog(db: db).record(.populated, accountID: accountID,
                                           subject: "\(count) contacts, \(friends) of them friends", at: now())
        }
        generator.skip(count)
    }

    /// Runs a bulk load of the search index with a 64 MiB buffer and no merging
    /// along the way (the settings live in the index, so they are put back after).
    private func bulkLoadingSearch(_ body: () throws(ServiceError) -> Void) throws(ServiceError) {
        try beginBulkSearch(hashSize: 67_108_864)
        try body()
        try endBulkSearch()
    }

    /// The search index's settings for a bulk load: a `hashSize` buffer, no merging along the
    /// way until a level of the index holds `bulkCrisisMerge` segments.
    func beginBulkSearch(hashSize: Int) throws(ServiceError) {
        try db.execute("""
            INSERT INTO contact_search (contact_search, rank) VALUES ('hashsize', \(hashSize));
            INSERT INTO contact_search (contact_search, rank) VALUES ('automerge', 0);
            INSERT INTO contact_search (contact_search, rank) VALUES ('crisismerge', \(Self.bulkCrisisMerge));
            """)
    }

    /// How many segments one level of the search index may hold during a bulk load before they are
    /// merged into one. FTS5 holds at most 2,000 segments in all and past that fails with
    /// SQLITE_FULL, "database or disk is full", whatever the disk has free. Appending in rowid
    /// order makes one segment per buffer, but every write whose rowid is not after the last one
    /// (an import's update, or a card placed among the stored ones) flushes the buffer as a
    /// segment of its own: with no merging (the crisis merge at 2,000, as it was) about 4,000 of
    /// those in one import failed (issue 36: 8,000 updates into 30,000 contacts, a 50,000-card
    /// file imported twice). Merged by 64, the levels stay small and the index's list of segments,
    /// written again at every flush, stays short.
    static let bulkCrisisMerge = 64

    /// The search index's everyday settings again.
    func endBulkSearch() throws(ServiceError) {
        try db.execute("""
            INSERT INTO contact_search (contact_search, rank) VALUES ('hashsize', 1048576);
            INSERT INTO contact_search (contact_search, rank) VALUES ('automerge', 4);
            INSERT INTO contact_search (contact_search, rank) VALUES ('crisismerge', 16);
            """)
    }

}
