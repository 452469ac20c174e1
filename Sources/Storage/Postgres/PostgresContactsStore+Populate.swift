import AppServices

/// Bulk loads: populate's generated contacts, through COPY.
extension PostgresContactsStore {
    /// Adds `count` generated contacts in one transaction (populate), the same contacts
    /// `SQLiteContactsStore.addMany` adds, in list order (so a fresh directory numbers them as
    /// the SQLite file does), loaded with `COPY … FROM STDIN` — their search rows, the contacts,
    /// then their name word starts; `progress` hears every 10,000 (half the rows sent: each contact is
    /// sent twice). Into a directory with no
    /// contacts yet, the indexes are made after the rows (see `dropIndexesOfEmptyTables`), and the
    /// search rows and word starts are loaded and indexed on connections of their own meanwhile
    /// (`PostgresLoadTable`).
    public func addMany(count: Int, generator: inout ContactGenerator, friendPercent: Int,
                        progress: ((Int) -> Void)? = nil) throws(ServiceError) {
        guard count > 0 else { return }
        let source = generator
        var cache = SearchText.FoldCache()
        let (order, keys) = PopulateOrder.of(count, from: source, cache: &cache)
        let account = String(accountID)
        var friends = 0
        // Connections of their own for the search rows and the word starts, in case the directory turns out to be new (below).
        let searchLoad = PostgresLoadTable(uri: pg.uri, signIn: pg.signIn, for: "contact_search", owner: pg.backendPID)
        let startsLoad = PostgresLoadTable(uri: pg.uri, signIn: pg.signIn, for: "contact_word_starts", owner: pg.backendPID)
        defer { // after the transaction: it no longer holds the load tables then
            searchLoad?.discard()
            startsLoad?.discard()
            // A killed populate's loads whose process was still running at the start have ended by now
            // when this populate waited for its tables' lock: they go too.
            try? PostgresLoadTable.dropLeftovers(of: "contact_search", on: pg)
            try? PostgresLoadTable.dropLeftovers(of: "contact_word_starts", on: pg)
        }
        try pg.transaction { () throws(ServiceError) in
            // One event for the whole run (below), not one a contact from the team directory's trigger.
            try pg.executeScript("SET LOCAL statement_timeout = 0") // index builds of a million rows take minutes
            if databaseLogsChanges { try pg.executeScript("SET LOCAL switchboard.bulk = 'on'") }
            // Memory for sorting an index made at the end; into a directory with contacts, the trigram
            // index takes the rows into its pending list and sorts them in one pass at the end.
            // No parallel workers for the index builds: the rows go in already sorted (see below), and on a
            // small server the workers' merge cost more than the sort they would share (3.9 s against 2.0 s
            // for 3.8 million word starts on two cores).
            try pg.executeScript("""
                SET LOCAL work_mem = '256MB'; SET LOCAL maintenance_work_mem = '1GB'; SET LOCAL max_parallel_maintenance_workers = 0
                """)
            let remake = try dropIndexesOfEmptyTables()
            // Into a directory others use, the trigram index takes the rows in its pending list at the
            // server's usual size (4 MB, merged as it fills): every search of theirs reads that list
            // whole, and a 1 GB one made their searches wait a second (populate-beside in BENCHMARKS.md).
            if remake == nil, try !otherAccountsShare() { try pg.executeScript("SET LOCAL gin_pending_list_limit = '1GB'") }
            // Ids taken from the sequence up front (ascending, like the SQLite file's), so the
            // search rows and word starts can name their contacts in COPYs of their own.
            let ids = try reserveIDs(count: count, tablesLocked: remake != nil)
            var rows = PopulateRows(source: source, friendPercent: friendPercent, order: order, keys: keys, ids: ids,
                                    account: account, time: String(now()), cache: cache)
            // Into a new directory (the tables locked and empty) the rows go in frozen: the searches
            // that first read them then write nothing back (hint bits), and no vacuum has to freeze them.
            if remake != nil { try pg.executeScript("TRUNCATE contacts, contact_search, contact_groups") }
            // The search rows first, so that their trigram index (populate's longest build) starts while
            // the contacts are still being sent: into a new directory on a connection of its own.
            // (A load left open by a failure is ended and dropped by `discard()`.)
            let beside = remake == nil ? nil : searchLoad.flatMap { search in startsLoad.map { (search: search, starts: $0) } }
            let search: (table: String, pg: PostgresConnection)
            if let beside { search = (beside.search.table, beside.search.pg) } else { search = (try copyTarget("contact_search"), pg) }
            try beside?.search.begin()
            var startsOf: [[String]] = []
            try search.pg.copy(into: search.table, columns: PopulateRows.searchColumns, frozen: remake != nil) { send throws(ServiceError) in
                // Locals of the closure, not captured: no exclusivity check a byte.
                var local = rows, starts: [[String]] = [], friendCount = 0
                starts.reserveCapacity(count)
                for i in 0..<count {
                    let row = local.searchRow(i)
                    if row.isFriend { friendCount += 1 }
                    starts.append(row.starts)
                    try send(row.fields)
                    if (i + 1) % 20_000 == 0 { progress?((i + 1) / 2) } // each contact is sent twice
                }
                rows = local
                (startsOf, friends) = (starts, friendCount)
            }
            if let remake, let beside { try beside.search.startIndexes(remake.filter { $0.table == "contact_search" }.map(\.definition)) }
            try pg.copy(into: try copyTarget("contacts"), columns: PopulateRows.contactColumns, frozen: remake != nil) { send throws(ServiceError) in
                let local = rows
                for i in 0..<count {
                    try send(local.contactRow(i))
                    if (count + i + 1) % 20_000 == 0 { progress?((count + i + 1) / 2) }
                }
            }
            // In the order of their index (start, then list order), so that building it sorts nothing:
            // 7.6 s for a million contacts' 3.8 million starts in generation order, 2 s in index order.
            let ordered = Self.indexOrder(startsOf)
            if let remake, let beside {
                try buildBeside(remake: remake, searchLoad: beside.search, startsLoad: beside.starts, starts: ordered, account: account, keys: keys, ids: ids)
            } else {
                try Self.copyWordStarts(groups: ordered, account: account, keys: keys, ids: ids, into: try copyTarget("contact_word_starts"), on: pg)
                try settleCopies()
                for index in remake ?? [] { try pg.executeScript(index.definition) }
            }
            // The mail clients' kept answers (`PostgresMailQueryRows`), made from the generated contacts; into an
            // empty directory without their indexes, made again after in one sorted pass each.
            if remake != nil { try pg.executeScript(PostgresMailQueryRows.indexNames.map { "DROP INDEX " + $0 }.joined(separator: "; ")) }
            try PostgresMailQueryRows.copyPopulated(rows, direct: !databaseLogsChanges, on: pg)
            if remake != nil { try pg.executeScript(PostgresMailQueryRows.indexes) }
            // Only the tables' owner may merge the pending list and analyze them: on a team's
            // directory a member's populate leaves both to autovacuum.
            if !databaseLogsChanges {
                try pg.execute("SELECT gin_clean_pending_list(oid) FROM pg_class WHERE relname = 'contact_search_text' AND relnamespace = to_regnamespace(quote_ident(current_schema()))")
            }
            try adjustCounts(total: count, friends: friends)
            // The planner's figures for the new rows at once (autovacuum would take a minute or more):
            // without them a search's plan reads the whole account's rows by another index (60 ms, not 2).
            if !databaseLogsChanges { try pg.executeScript("ANALYZE contacts; ANALYZE contact_search; ANALYZE contact_word_starts; ANALYZE mail_query_rows") }
            try PostgresActivityLog(pg: pg).record(.populated, accountID: accountID, subject: "\(count) contacts, \(friends) of them friends", at: now())
        }
        generator.skip(count)
    }

    /// A new directory's indexes, built at once by three server processes: populate's builds the
    /// contacts', the search rows' load connection their trigram index (started already), and the
    /// word starts are loaded and indexed on theirs meanwhile; then both load tables take their
    /// empty tables' places.
    private func buildBeside(remake: [(table: String, name: String, definition: String)], searchLoad: PostgresLoadTable,
                             startsLoad: PostgresLoadTable, starts: [(start: String, rows: [Int32])],
                             account: String, keys: [String], ids: [String]) throws(ServiceError) {
        let of = { (table: String) in remake.filter { $0.table == table } }
        var failure: ServiceError?
        do throws(ServiceError) {
            try pg.startScript(of("contacts").map(\.definition).joined(separator: ";\n"))
        } catch { failure = error }
        do throws(ServiceError) {
            try startsLoad.begin()
            try Self.copyWordStarts(groups: starts, account: account, keys: keys, ids: ids, into: startsLoad.table, on: startsLoad.pg, frozen: true)
            try startsLoad.startIndexes(of("contact_word_starts").map(\.definition))
            try startsLoad.finish()
        } catch { failure = failure ?? error }
        // Every script waited for, whatever failed: a connection answers nothing else until then.
        do throws(ServiceError) { try pg.finishScript() } catch { failure = failure ?? error }
        do throws(ServiceError) { try searchLoad.finish() } catch { failure = failure ?? error }
        if let failure { throw failure }
        try pg.executeScript(searchLoad.swapStatements(indexNames: of("contact_search").map(\.name))
                             + startsLoad.swapStatements(indexNames: of("contact_word_starts").map(\.name)))
    }

    /// The columns a word start's row is loaded with.
    static let wordStartColumns = ["account_id", "start", "sort_key", "contact_id"]

    /// COPYs word-start rows (`groups`: each start with its contacts' positions in list order, in the
    /// index's order; ids and sort keys by list position) into `table` on `pg`: a load table, or
    /// `contact_word_starts` itself when populate loads them on its own connection.
    static func copyWordStarts(groups: [(start: String, rows: [Int32])], account: String, keys: [String], ids: [String],
                               into table: String, on pg: PostgresConnection, frozen: Bool = false) throws(ServiceError) {
        try pg.copy(into: table, columns: wordStartColumns, frozen: frozen) { send throws(ServiceError) in
            for (start, rows) in groups {
                for i in rows { try send([account, start, keys[Int(i)], ids[Int(i)]]) }
            }
        }
    }

    /// Where populate's COPY writes a table's rows: the table itself; on a team's directory, where
    /// row-level security refuses `COPY FROM` into a table with policies (0A000, for every member),
    /// a temporary table of its shape, whose rows `settleCopies` then inserts through the policies.
    private func copyTarget(_ table: String) throws(ServiceError) -> String {
        guard databaseLogsChanges else { return table }
        try pg.executeScript("CREATE TEMP TABLE populate_\(table) (LIKE \(table) INCLUDING DEFAULTS) ON COMMIT DROP")
        return "populate_" + table
    }

    /// On a team's directory, the rows COPY wrote into `copyTarget`'s temporary tables go into their
    /// tables (the policies checking each), contacts first.
    private func settleCopies() throws(ServiceError) {
        guard databaseLogsChanges else { return }
        for (table, columns) in [("contacts", PopulateRows.contactColumns), ("contact_search", PopulateRows.searchColumns),
                                 ("contact_word_starts", Self.wordStartColumns)] {
            let list = columns.joined(separator: ", ")
            try pg.executeScript("INSERT INTO \(table) (\(list)) SELECT \(list) FROM populate_\(table)")
        }
    }

    /// Whether another account (or a team book) is in the directory: someone else's searches use its indexes.
    private func otherAccountsShare() throws(ServiceError) -> Bool {
        try pg.scalarInt("SELECT count(*) FROM accounts") ?? 0 > 1
    }

    /// `count` new contact ids, ascending, as text. With the contacts table locked (a new directory:
    /// no one else can insert a contact until this transaction ends) one block of the sequence is
    /// taken by moving it once; otherwise each id is drawn, as other clients' inserts draw theirs
    /// (4.3 s for a million, against a few milliseconds for the block).
    private func reserveIDs(count: Int, tablesLocked: Bool) throws(ServiceError) -> [String] {
        if tablesLocked {
            let first = try pg.scalarInt("""
                SELECT setval(pg_get_serial_sequence('contacts', 'id'), nextval(pg_get_serial_sequence('contacts', 'id')) + $1 - 1) - $1 + 1
                """, [Int64(count)]) ?? 1
            return (0..<Int64(count)).map { String(first + $0) }
        }
        // On a team's directory the database keeps a member's contacts only at ids it handed that
        // member (`PostgresTeamGuards`: any other id a member sends is replaced).
        let rows = databaseLogsChanges
            ? try pg.execute("SELECT id FROM switchboard_reserve_contact_ids($1::integer) AS id ORDER BY id", [count])
            : try pg.execute("SELECT nextval(pg_get_serial_sequence('contacts', 'id')) FROM generate_series(1, $1)", [count])
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

    /// When no account has a contact yet (a new directory), drops the indexes of the contacts, their
    /// search rows and word starts (but the primary key), the tables locked until the transaction ends,
    /// and returns the statements that make them again, as the schema made them: the rows go in
    /// without them and each index is then built in one sorted pass, several times cheaper than
    /// taking a million rows one at a time (the trigram index above all, which a pending list also
    /// leaves ten times its size). Nil when there are contacts already (other clients use the
    /// indexes), and when the directory has another account (or is a team's): the tables stay locked
    /// for the whole load, and another person's screens would wait on them that long.
    private func dropIndexesOfEmptyTables() throws(ServiceError) -> [(table: String, name: String, definition: String)]? {
        guard try !otherAccountsShare() else { return nil }
        let anyRows = "SELECT EXISTS (SELECT 1 FROM contacts) OR EXISTS (SELECT 1 FROM contact_word_starts) OR EXISTS (SELECT 1 FROM contact_search)"
        guard try !pg.execute(anyRows).bool(0, 0) else { return nil }
        try pg.executeScript("LOCK TABLE contacts, contact_word_starts, contact_search IN ACCESS EXCLUSIVE MODE")
        guard try !pg.execute(anyRows).bool(0, 0) else { return nil } // another client added one before the lock
        let indexes = try pg.execute("""
            SELECT quote_ident(i.indexname), i.indexdef, i.tablename, i.indexname FROM pg_indexes i
            WHERE i.schemaname = current_schema() AND i.tablename IN ('contacts', 'contact_word_starts', 'contact_search')
              AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname AND k.connamespace = to_regnamespace(quote_ident(current_schema())))
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
