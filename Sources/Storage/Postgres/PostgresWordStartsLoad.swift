/// Populate's name word starts, loaded beside the contacts on a second connection into a table of
/// their own while the first connection's server process builds the contacts' indexes — the two
/// server processes work at once, where one connection does one thing after the other (a million
/// contacts: 5.4 s of word starts, done during the 17 s of the contacts' indexes).
///
/// The load table is made (empty, shaped as `contact_word_starts`) before populate's transaction
/// locks the tables, filled and indexed in its own transaction, then swapped in by populate's
/// transaction: the old empty table dropped, this one renamed to take its place. Until that
/// transaction commits no client sees any of it, and when it does not commit `discard()` drops the
/// load table: the directory gets all of populate or nothing, as with one connection.
final class PostgresWordStartsLoad {
    private let pg: PostgresConnection
    /// The load table's name (unique to this load: its server process id).
    let table: String

    /// Makes the empty load table on a second connection to the directory at `uri`; nil when that
    /// connection or table cannot be had (populate then loads the word starts itself).
    init?(uri: String) {
        guard let pg = try? PostgresConnection(uri: uri) else { return nil }
        self.pg = pg
        table = "contact_word_starts_load_\(pg.backendPID)"
        do {
            try pg.executeScript("CREATE TABLE \(table) (LIKE contact_word_starts INCLUDING DEFAULTS)")
        } catch {
            return nil
        }
    }

    /// Loads the rows (`groups`: each start with its contacts' positions in list order, in the
    /// index's order) and makes the index `definition` ("CREATE INDEX name ON table USING …", as
    /// `pg_indexes` gives it) on the load table under `name(of:)`; commits.
    func load(groups: [(start: String, rows: [Int32])], account: String, keys: [String], ids: [String],
              indexes definitions: [String]) throws(StorageError) {
        try pg.transaction { () throws(StorageError) in
            try pg.executeScript("SET LOCAL maintenance_work_mem = '1GB'; SET LOCAL max_parallel_maintenance_workers = 0; TRUNCATE \(table)")
            try Self.copy(groups: groups, account: account, keys: keys, ids: ids, into: table, on: pg, frozen: true)
            for definition in definitions {
                guard let statement = Self.definition(definition, on: table) else {
                    throw .server(.statementFailed(sqlState: "XX000", message: "cannot read the index definition “\(definition)”"))
                }
                try pg.executeScript(statement)
            }
        }
    }

    /// COPYs word-start rows (`groups` as `load` takes them, ids and sort keys by list position)
    /// into `table` on `pg`: the load table here, `contact_word_starts` itself when populate loads
    /// them on its own connection.
    static func copy(groups: [(start: String, rows: [Int32])], account: String, keys: [String], ids: [String],
                     into table: String, on pg: PostgresConnection, frozen: Bool = false) throws(StorageError) {
        try pg.copy(into: table, columns: ["account_id", "start", "sort_key", "contact_id"], frozen: frozen) { send throws(StorageError) in
            for (start, rows) in groups {
                for i in rows { try send([account, start, keys[Int(i)], ids[Int(i)]]) }
            }
        }
    }

    /// The statements, for populate's transaction, that put the load table in the place of the
    /// (dropped) `contact_word_starts` with its indexes under their own names.
    func swapStatements(indexNames: [String]) -> String {
        var sql = "DROP TABLE contact_word_starts; ALTER TABLE \(table) RENAME TO contact_word_starts;"
        for name in indexNames { sql += " ALTER INDEX \(Self.loadName(of: name)) RENAME TO \(name);" }
        return sql
    }

    /// Drops the load table if it is still there (populate's transaction did not take it).
    /// Only after that transaction has ended: until then it holds the table's lock.
    func discard() {
        try? pg.executeScript("DROP TABLE IF EXISTS \(table)")
    }

    /// The load table's name for an index of `contact_word_starts`.
    static func loadName(of index: String) -> String { index + "_load" }

    /// `definition` ("CREATE [UNIQUE] INDEX name ON [ONLY] schema.table USING …") made on `table`
    /// under `loadName(of: name)`; nil when it is not of that form.
    static func definition(_ definition: String, on table: String) -> String? {
        let words = definition.split(separator: " ", omittingEmptySubsequences: false)
        guard let indexAt = words.firstIndex(of: "INDEX"), indexAt + 1 < words.count,
              let usingAt = words.firstIndex(of: "USING"), usingAt > indexAt + 2 else { return nil }
        let head = words[..<indexAt].joined(separator: " ")
        let name = String(words[indexAt + 1])
        let rest = words[usingAt...].joined(separator: " ")
        return "\(head) INDEX \(loadName(of: name)) ON \(table) \(rest)"
    }
}
