import AppServices
/// One of populate's tables loaded beside it, on a connection of its own, into a load table shaped
/// like it (`contact_search`, `contact_word_starts`): its rows are copied and its indexes built
/// while populate's own server process builds the contacts' indexes, so on a server with several
/// cores those builds run at once, where one connection does one after the other (a million
/// contacts: the 12 s of the trigram index on one process, the word starts' 5 s and the contacts'
/// indexes on the other).
///
/// The load table is made (empty) before populate's transaction locks the tables, filled and
/// indexed in its own transaction, then swapped in by populate's transaction: the empty table
/// dropped, this one renamed to take its place. Until that transaction commits no client sees any
/// of it, and when it does not commit `discard()` drops the load table: the directory gets all of
/// populate or nothing, as with one connection. A failed step leaves the load's transaction as it
/// is: `discard()` waits for what is running, ends it and drops the table.
final class PostgresLoadTable {
    let pg: PostgresConnection
    /// The table this one will replace.
    let target: String
    /// The load table's name: `<target>_load_<populate's server process>_<this load's>`, unique to
    /// this load, and telling whose it is once its populate is gone.
    let table: String

    /// Makes the empty load table for `target` on a new connection to the directory at `uri`; nil
    /// when that connection or table cannot be had (populate then loads the rows itself).
    /// `owner`: the server process id of populate's own connection.
    init?(uri: String, signIn: PostgresSignIn? = nil, for target: String, owner: Int32) {
        guard let pg = try? PostgresConnection(uri: uri, signIn: signIn) else { return nil }
        self.pg = pg
        self.target = target
        table = "\(target)_load_\(owner)_\(pg.backendPID)"
        do {
            try Self.dropLeftovers(of: target, on: pg)
            try pg.executeScript("CREATE TABLE \(table) (LIKE \(target) INCLUDING DEFAULTS)")
        } catch {
            return nil
        }
    }

    /// Opens the load's transaction, the table emptied (so its rows can be copied frozen).
    func begin() throws(ServiceError) {
        try pg.begin()
        try pg.executeScript("SET LOCAL statement_timeout = 0; SET LOCAL maintenance_work_mem = '1GB'; SET LOCAL max_parallel_maintenance_workers = 0; TRUNCATE \(table)")
    }

    /// Starts building the target's indexes (`definitions` as `pg_indexes` gives them) on the load
    /// table under `loadName(of:)`, and returns at once; `finish()` waits for them and commits.
    func startIndexes(_ definitions: [String]) throws(ServiceError) {
        var statements: [String] = []
        for definition in definitions {
            guard let statement = Self.definition(definition, on: table) else {
                throw .server(.statementFailed(server: pg.server, sqlState: "XX000", message: "cannot read the index definition “\(definition)”"))
            }
            statements.append(statement)
        }
        try pg.startScript(statements.joined(separator: ";\n"))
    }

    /// Waits for the indexes `startIndexes` started and commits the load.
    func finish() throws(ServiceError) {
        try pg.finishScript()
        try pg.commit()
    }

    /// The statements, for populate's transaction, that put the load table in the place of the
    /// (dropped) target, with its indexes under their own names.
    func swapStatements(indexNames: [String]) -> String {
        var sql = "DROP TABLE \(target); ALTER TABLE \(table) RENAME TO \(target);"
        for name in indexNames { sql += " ALTER INDEX \(Self.loadName(of: name, table: table)) RENAME TO \(name);" }
        return sql
    }

    /// Drops the load table if it is still there (populate's transaction did not take it), after
    /// waiting for an index build still running (populate failed meanwhile) and ending the load's
    /// transaction. Only after populate's transaction has ended: until then it holds the table's lock.
    func discard() {
        try? pg.finishScript()
        pg.rollback()
        try? pg.executeScript("DROP TABLE IF EXISTS \(table)")
    }

    /// Drops the load tables of `target` (with their indexes) that a populate killed before it
    /// could clean up left behind: those whose populate's server process is gone. Its load's own
    /// process may still be building an index (the server notices a client gone only when it next
    /// talks to it): that process is ended first. A populate still running elsewhere keeps its own.
    /// Without this, every later populate failed on their index names (42P07), and a killed one's
    /// table outlived the next populate. (A table named by an older build, `_load_<pid>`, is its
    /// load's: dropped once that process is gone.)
    static func dropLeftovers(of target: String, on pg: PostgresConnection) throws(ServiceError) {
        try pg.executeScript("""
            DO $$ DECLARE t record; BEGIN
              FOR t IN SELECT c.relname, substring(c.relname from '_load_([0-9]+)_[0-9]+$')::int AS owner,
                              substring(c.relname from '_load_(?:[0-9]+_)?([0-9]+)$')::int AS loader
                       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                       WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname ~ '^\(target)_load_[0-9]+(_[0-9]+)?$'
              LOOP
                IF coalesce(t.owner, t.loader) IN (SELECT pid FROM pg_stat_activity) THEN CONTINUE; END IF;
                IF t.owner IS NOT NULL AND t.loader IN (SELECT pid FROM pg_stat_activity) THEN
                  PERFORM pg_terminate_backend(t.loader, 5000);
                END IF;
                EXECUTE format('DROP TABLE IF EXISTS %I', t.relname);
              END LOOP;
            END $$
            """)
    }

    /// The load table's name for an index of the target.
    /// `<index>_load_<owner>_<load>`: unique to this load, so a killed populate's table that is
    /// still there (its process not yet ended) never takes the name a new load needs.
    static func loadName(of index: String, table: String) -> String {
        guard let at = SearchText.firstRange(of: "_load_", in: table) else { return index + "_load" }
        return index + table[at.lowerBound...]
    }

    /// `definition` ("CREATE [UNIQUE] INDEX name ON [ONLY] schema.table USING …") made on `table`
    /// under `loadName(of: name, table: table)`; nil when it is not of that form.
    static func definition(_ definition: String, on table: String) -> String? {
        let words = definition.split(separator: " ", omittingEmptySubsequences: false)
        guard let indexAt = words.firstIndex(of: "INDEX"), indexAt + 1 < words.count,
              let usingAt = words.firstIndex(of: "USING"), usingAt > indexAt + 2 else { return nil }
        let head = words[..<indexAt].joined(separator: " ")
        let name = String(words[indexAt + 1])
        let rest = words[usingAt...].joined(separator: " ")
        return "\(head) INDEX \(loadName(of: name, table: table)) ON \(table) \(rest)"
    }
}
