#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AppServices
import CPostgres

/// One connection to a PostgreSQL server, from any libpq connection string
/// (`postgresql://user:password@host:port/dbname`, `postgres://…`, or `key=value` pairs).
///
/// Every statement takes its values as parameters (`$1`, `$2`, …), never in the SQL text;
/// a statement runs unprepared the first time (one round trip), is prepared the second and is
/// kept by its text for the connection. Every write runs
/// in a transaction; a connection that breaks mid-transaction leaves nothing of it behind
/// (the server rolls it back).
public final class PostgresConnection {
    /// The connection string as given (it may hold a password: never shown).
    let uri: String
    /// The connection string without its password, for messages.
    public let server: String
    /// The member's sign-in this connection was made with (nil: the string's own user): the
    /// connections made beside this one (a load's, the change listener's) sign in the same way.
    let signIn: PostgresSignIn?
    /// libpq's functions (the library is opened at the first connection).
    private let pq: SBLibPQ
    private var handle: OpaquePointer?
    private var prepared: [String: String] = [:]
    /// Statements run once, unprepared: the next time they are prepared.
    private var ranOnce: Set<String> = []
    private var transactionDepth = 0
    /// The statements' round trips to the server so far (the connection's own sign-in not
    /// counted): what a command waits on before its first line (tests count them).
    private(set) var roundTrips = 0

    /// Whether a value is a PostgreSQL connection string rather than a file path: a URI
    /// (`postgresql://…`, `postgres://…`), or libpq's key=value pairs (`host=db dbname=team`),
    /// which libpq then reads as it reads any (`PQconnectdbParams`).
    public static func isURI(_ value: String) -> Bool {
        value.hasPrefix("postgresql://") || value.hasPrefix("postgres://") || isKeyValueString(value)
    }

    /// The keywords a key=value connection string starts with (libpq's, the usual first ones).
    static let connectionKeys: Set<String> = ["host", "hostaddr", "port", "dbname", "user", "password", "passfile", "service",
                                              "sslmode", "options", "connect_timeout", "application_name", "sslrootcert"]

    /// `host=… dbname=…`: a `key=value` first word whose key is one of libpq's.
    static func isKeyValueString(_ value: String) -> Bool {
        guard let eq = value.firstIndex(of: "=") else { return false }
        let key = SearchText.trimmed(String(value[..<eq]))
        return connectionKeys.contains(key)
    }

    /// Connects; the error says whether libpq is missing, or the server is down, refused the login,
    /// or lacks the database.
    public convenience init(uri: String) throws(ServiceError) {
        try self.init(uri: uri, signIn: nil)
    }

    /// Connects as `signIn`'s role with its password, whatever user the connection string names:
    /// libpq reads the string and then these two (`PQconnectdbParams`, later keywords win), so the
    /// password never becomes part of a string. Nil: the string's own user, and the password from
    /// libpq's usual sources (the string, `PGPASSWORD`, `~/.pgpass`, `PGPASSFILE`).
    public convenience init(uri: String, signIn: PostgresSignIn?) throws(ServiceError) {
        try self.init(uri: uri, signIn: signIn, reading: nil)
    }

    /// Connects as `init(uri:signIn:)` does; `reading` (statements without parameters, nil for
    /// none) goes to the server with the session's settings, in the same round trip, and each of
    /// its statements' rows are kept in `openingRows`: what opening a directory asks of every
    /// connection (`PostgresOpeningReads`) costs no round trip of its own.
    init(uri: String, signIn: PostgresSignIn?, reading: String?) throws(ServiceError) {
        pq = try PostgresLibrary.shared().pq
        self.uri = uri
        self.server = Self.redacted(uri)
        self.signIn = signIn
        // First the defaults the connection string may override (libpq reads the keywords in order,
        // the last one given wins): a server that does not answer is given up on after 10 s, and
        // TCP keepalives notice a connection whose network went away (after about 25 s idle).
        var keywords = Self.defaults.map(\.key) + ["dbname"], values = Self.defaults.map(\.value) + [uri]
        if let signIn {
            keywords += ["user", "password"]
            values += [signIn.role, signIn.password]
        }
        let conn = Self.withCStrings(keywords + [nil]) { k in
            Self.withCStrings(values + [nil]) { v in pq.PQconnectdbParams(k, v, 1) }
        }
        guard let conn, pq.PQstatus(conn) == CONNECTION_OK else {
            let message = conn.map { Self.text(pq.PQerrorMessage($0)) } ?? "out of memory"
            let needsPassword = conn.map { pq.PQconnectionNeedsPassword($0) == 1 } ?? false
            pq.PQfinish(conn)
            if needsPassword { throw .server(.passwordNeeded(server: Self.redacted(uri))) }
            throw .server(Self.classifyConnectFailure(Self.scrubbed(message, conninfo: uri), server: Self.redacted(uri)))
        }
        handle = conn
        // Notices (e.g. "relation already exists, skipping") are not for the terminal.
        _ = pq.PQsetNoticeProcessor(conn, { _, _ in }, nil)
        cancelHandle.replace(pq.PQgetCancel(conn), pq: pq)
        if let reading {
            openingRows = try executeBatch(Self.sessionSettings + "; " + reading)
        } else {
            try executeScript(Self.sessionSettings)
        }
    }

    /// The rows of the statements given to `init(uri:signIn:reading:)`, one per statement that returns rows.
    private(set) var openingRows: [PostgresRows] = []

    deinit {
        cancelHandle.replace(nil, pq: pq)
        pq.PQfinish(handle)
    }

    /// Connection parameters a connection string may override.
    static let defaults: [(key: String, value: String)] = [
        ("connect_timeout", "10"), ("keepalives", "1"), ("keepalives_idle", "10"), ("keepalives_interval", "5"), ("keepalives_count", "3"),
    ]

    /// Each session's settings: no notices (e.g. "relation already exists, skipping"), and no
    /// statement may run longer than a minute (one waiting on a lock another client holds, say):
    /// a screen's call fails with a message instead of hanging. Bulk work (populate, migrations)
    /// lifts the limit for its own transaction. No JIT compiling: every statement of ours is a
    /// short read or write, and a plan's cost past `jit_above_cost` — a search forced through the
    /// trigram index under row-level security carries the planner's "disabled" cost — had the
    /// server spend 400 ms compiling a 3 ms query (a member's every search on a team directory).
    ///
    /// No lock is waited for longer than `lockTimeout`: on a team directory any member may take a
    /// lock from psql (`LOCK TABLE contacts`, a transaction left open on rows, an advisory lock), and
    /// it must not stop everyone else for a minute. A wait that runs out says who holds the lock
    /// (`lockHeld`).
    static let sessionSettings = "SET client_min_messages = warning; SET statement_timeout = '60s'; SET lock_timeout = '\(lockTimeout)'; SET jit = off"

    /// The longest a statement waits for a lock another session holds.
    static let lockTimeout = "5s"

    /// Stops the statement this connection is running, from any thread (libpq's PQcancel; made
    /// again when the connection is).
    public let cancelHandle = PostgresCancelHandle()

    /// The values of a connection string as libpq reads it (`PQconninfoParse`: a URI or
    /// key=value pairs, with libpq's defaults left out), or nil when libpq cannot be loaded or
    /// cannot read the string.
    public static func parsed(_ conninfo: String) -> [String: String]? {
        guard let pq = try? PostgresLibrary.shared().pq else { return nil }
        var error: UnsafeMutablePointer<CChar>?
        guard let options = pq.PQconninfoParse(conninfo, &error) else {
            if let error { pq.PQfreemem(error) }
            return nil
        }
        defer { pq.PQconninfoFree(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        return values
    }

    /// A connection string without its password, and the user and password it named: what may go
    /// on another process's command line, and what must not (`switchboard sync` children get the
    /// password on their standard input). A string without a password, or one libpq cannot
    /// read, comes back as it is.
    public static func withoutPassword(_ conninfo: String) -> (conninfo: String, user: String?, password: String?) {
        guard var values = parsed(conninfo), let password = values["password"], !password.isEmpty else {
            return (conninfo, parsed(conninfo)?["user"], nil)
        }
        values["password"] = nil
        return (written(values), values["user"], password)
    }

    /// The role this connection signed in as (libpq's `PQuser`).
    public var role: String { Self.text(pq.PQuser(handle)) }

    /// A password made into what the server keeps (its `password_encryption`: SCRAM-SHA-256 unless
    /// set otherwise), by libpq on this machine: the password itself never reaches the server, its
    /// log or `pg_stat_activity`.
    public func encryptedPassword(_ password: String, role: String) throws(ServiceError) -> String {
        guard let made = pq.PQencryptPasswordConn(handle, password, role, nil) else {
            throw .server(.statementFailed(server: server, sqlState: "?????", message: Self.firstLine(Self.text(pq.PQerrorMessage(handle)))))
        }
        defer { pq.PQfreemem(made) }
        return String(cString: made)
    }

    /// The server's process id for this connection (tests end it from another one).
    public var backendPID: Int32 { pq.PQbackendPID(handle) }

    // MARK: Statements

    /// Runs one statement with parameters and returns its rows.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [any PostgresValue] = []) throws(ServiceError) -> PostgresRows {
        do {
            return try executePrepared(sql, parameters)
        } catch {
            throw transactionDepth == 0 ? explainingLockWait(error) : error
        }
    }

    /// `execute`'s work. The first time a statement is sent with its values, parsed and run in one
    /// round trip (a command such as `query` runs most of its statements once: preparing each first
    /// took two); asked again, it is prepared (preparing takes the tables' locks too) and kept.
    private func executePrepared(_ sql: String, _ parameters: [any PostgresValue]) throws(ServiceError) -> PostgresRows {
        reconnectIfLost()
        roundTrips += 1
        if prepared[sql] == nil, ranOnce.insert(sql).inserted {
            let texts = parameters.map(\.postgresText)
            let result = Self.withCStrings(texts) { values in
                pq.PQexecParams(handle, sql, Int32(values.count), nil, values, nil, nil, 0)
            }
            do {
                try check(result, sql: sql)
            } catch {
                pq.PQclear(result)
                throw error
            }
            return PostgresRows(result, pq: pq)
        }
        let name: String
        if let known = prepared[sql] {
            name = known
        } else {
            name = "sb\(prepared.count + 1)"
            roundTrips += 1
            let result = pq.PQprepare(handle, name, sql, 0, nil)
            try check(result, sql: sql)
            pq.PQclear(result)
            prepared[sql] = name
        }
        let texts = parameters.map(\.postgresText)
        let result = Self.withCStrings(texts) { values in
            pq.PQexecPrepared(handle, name, Int32(values.count), values, nil, nil, 0)
        }
        do {
            try check(result, sql: sql)
        } catch {
            pq.PQclear(result)
            throw error
        }
        return PostgresRows(result, pq: pq)
    }

    /// Runs SQL without parameters, several statements allowed (schema steps only).
    public func executeScript(_ sql: String) throws(ServiceError) {
        reconnectIfLost()
        roundTrips += 1
        let result = pq.PQexec(handle, sql)
        defer { pq.PQclear(result) }
        do {
            try check(result, sql: sql)
        } catch {
            throw transactionDepth == 0 ? explainingLockWait(error) : error
        }
    }

    /// Runs SQL without parameters, several statements in one round trip (the server runs them as
    /// one transaction unless they say otherwise), and returns the rows of each statement that
    /// returns rows, in order; throws the first error (the statements after it are not run).
    func executeBatch(_ sql: String) throws(ServiceError) -> [PostgresRows] {
        reconnectIfLost()
        roundTrips += 1
        guard pq.PQsendQuery(handle, sql) == 1 else {
            throw .server(.connectionLost(server: server, detail: Self.firstLine(Self.text(pq.PQerrorMessage(handle)))))
        }
        var failure: ServiceError?, rows: [PostgresRows] = []
        while let result = pq.PQgetResult(handle) {
            if failure != nil { pq.PQclear(result); continue }
            do {
                try check(result, sql: sql)
            } catch {
                failure = error
                pq.PQclear(result)
                continue
            }
            if pq.PQresultStatus(result) == PGRES_TUPLES_OK { rows.append(PostgresRows(result, pq: pq)) } else { pq.PQclear(result) }
        }
        if let failure { throw transactionDepth == 0 ? explainingLockWait(failure) : failure }
        return rows
    }

    /// Starts SQL without parameters (several statements allowed) and returns at once: the server
    /// works on it while this process does something else (another connection's work). Nothing
    /// else may be run on this connection until `finishScript()` has returned.
    public func startScript(_ sql: String) throws(ServiceError) {
        roundTrips += 1
        guard pq.PQsendQuery(handle, sql) == 1 else {
            throw .server(.connectionLost(server: server, detail: Self.firstLine(Self.text(pq.PQerrorMessage(handle)))))
        }
    }

    /// Waits for the SQL `startScript` started to end; throws the first statement's error.
    public func finishScript() throws(ServiceError) {
        var failure: ServiceError?
        while let result = pq.PQgetResult(handle) {
            if failure == nil { do { try check(result, sql: "") } catch { failure = error } }
            pq.PQclear(result)
        }
        if let failure { throw failure }
    }

    /// One row's first column as a number (nil for no row or NULL).
    public func scalarInt(_ sql: String, _ parameters: [any PostgresValue] = []) throws(ServiceError) -> Int64? {
        let rows = try execute(sql, parameters)
        return rows.count > 0 ? rows.optionalInt64(0, 0) : nil
    }

    /// A connection lost between transactions (the server restarted, the network came back) is
    /// made again before the next statement; one lost inside a transaction is not — that
    /// transaction is gone, and its caller hears so.
    private func reconnectIfLost() {
        guard transactionDepth == 0, pq.PQstatus(handle) != CONNECTION_OK else { return }
        pq.PQreset(handle)
        prepared = [:]
        if pq.PQstatus(handle) == CONNECTION_OK {
            cancelHandle.replace(pq.PQgetCancel(handle), pq: pq)
            let result = pq.PQexec(handle, Self.sessionSettings)
            pq.PQclear(result)
        }
    }

    private func check(_ result: OpaquePointer?, sql: String) throws(ServiceError) {
        let status = pq.PQresultStatus(result)
        if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_COPY_IN { return }
        if pq.PQstatus(handle) != CONNECTION_OK {
            prepared = [:]
            throw .server(.connectionLost(server: server, detail: Self.firstLine(Self.text(pq.PQerrorMessage(handle)))))
        }
        let state = result.flatMap { pq.PQresultErrorField($0, Int32(UInt8(ascii: "C"))) }.map { String(cString: $0) } ?? "?????"
        let message = result.flatMap { pq.PQresultErrorField($0, Int32(UInt8(ascii: "M"))) }.map { String(cString: $0) }
            ?? Self.firstLine(Self.text(pq.PQerrorMessage(handle)))
        if state == "57P01" || state == "57P02" || state == "57P03" || state.hasPrefix("08") {
            prepared = [:]
            throw .server(.connectionLost(server: server, detail: message))
        }
        throw .server(.statementFailed(server: server, sqlState: state, message: message))
    }

    // MARK: Locks held by others

    /// A wait for a lock that ran out (`lock_timeout`, 55P03), with who holds it: the sessions
    /// holding a lock that stops others on the directory's tables (a `LOCK TABLE`, an index being
    /// built) or switchboard's advisory lock, else those in a transaction on its tables, each by
    /// the role it signed in as (a team's member's name) and its server process. Any other error,
    /// or one inside a transaction that is still open, is returned as it is.
    func explainingLockWait(_ error: ServiceError) -> ServiceError {
        guard error.code == .sqlState("55P03"), transactionDepth == 0, pq.PQstatus(handle) == CONNECTION_OK,
              let rows = try? executePrepared("""
                SELECT l.pid, coalesce(a.usename::text, ''), bool_or(l.mode NOT IN ('AccessShareLock', 'RowShareLock', 'RowExclusiveLock')) AS strong
                FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid
                WHERE l.granted AND l.pid <> pg_backend_pid()
                  AND ((l.locktype = 'relation' AND l.mode <> 'ShareUpdateExclusiveLock'
                        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                        AND l.relation IN (SELECT c.oid FROM pg_class c WHERE c.relnamespace = to_regnamespace(quote_ident(current_schema()))))
                    OR (l.locktype = 'advisory' AND l.classid = 0 AND l.objid = $1::bigint AND l.objsubid = 1))
                GROUP BY l.pid, a.usename ORDER BY 3 DESC, 1
                """, [PostgresMigrations.lockKey])
        else { return error }
        var holders: [(pid: Int64, role: String)] = []
        for i in 0..<rows.count where i == 0 || rows.bool(i, 2) == rows.bool(0, 2) {
            holders.append((rows.int64(i, 0), rows.text(i, 1)))
        }
        return .lockHeld(server: server, waited: Self.lockTimeout, holders: holders)
    }

    // MARK: Transactions

    /// Runs `body` in one transaction (a nested call joins the outer one): all of it is kept, or none.
    public func transaction<T>(_ body: () throws(ServiceError) -> T) throws(ServiceError) -> T {
        if transactionDepth > 0 { return try body() }
        try executeScript("BEGIN")
        transactionDepth = 1
        defer { transactionDepth = 0 }
        do {
            let value = try body()
            try executeScript("COMMIT")
            return value
        } catch {
            if pq.PQstatus(handle) == CONNECTION_OK { try? executeScript("ROLLBACK") }
            transactionDepth = 0
            throw explainingLockWait(error)
        }
    }

    /// A transaction over several turns of the run loop: `begin`, then `commit` or `rollback`.
    public func begin() throws(ServiceError) {
        try executeScript("BEGIN")
        transactionDepth = 1
    }

    public func commit() throws(ServiceError) {
        transactionDepth = 0
        try executeScript("COMMIT")
    }

    public func rollback() {
        transactionDepth = 0
        if pq.PQstatus(handle) == CONNECTION_OK { try? executeScript("ROLLBACK") }
    }

    // MARK: Bulk loads

    /// Loads rows with `COPY table (columns) FROM STDIN` in text format: `rows` is called
    /// with a sink for each row's fields (nil is NULL); the fields are escaped here. `frozen`: the rows
    /// are written frozen (`FREEZE`: the table must have been made or emptied by TRUNCATE in this
    /// transaction), so their first readers have no hint bits to set and write back.
    public func copy(into table: String, columns: [String], frozen: Bool = false,
                     rows: (_ send: ([String?]) throws(ServiceError) -> Void) throws(ServiceError) -> Void) throws(ServiceError) {
        let start = pq.PQexec(handle, "COPY \(table) (\(columns.joined(separator: ", "))) FROM STDIN\(frozen ? " WITH (FREEZE)" : "")")
        defer { pq.PQclear(start) }
        guard pq.PQresultStatus(start) == PGRES_COPY_IN else { try check(start, sql: "COPY"); return }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        func flush() throws(ServiceError) {
            guard !buffer.isEmpty else { return }
            let rc = buffer.withUnsafeBufferPointer { bytes in
                bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { pq.PQputCopyData(handle, $0, Int32(bytes.count)) }
            }
            buffer.removeAll(keepingCapacity: true)
            if rc != 1 { throw .server(.connectionLost(server: server, detail: Self.firstLine(Self.text(pq.PQerrorMessage(handle))))) }
        }
        var failure: ServiceError?
        do {
            try rows { (fields: [String?]) throws(ServiceError) in
                for (i, field) in fields.enumerated() {
                    if i > 0 { buffer.append(0x09) }
                    guard let field else { buffer.append(contentsOf: [0x5C, 0x4E]); continue } // \N
                    for b in field.utf8 {
                        switch b {
                        case 0x5C: buffer.append(contentsOf: [0x5C, 0x5C])
                        case 0x09: buffer.append(contentsOf: [0x5C, 0x74])
                        case 0x0A: buffer.append(contentsOf: [0x5C, 0x6E])
                        case 0x0D: buffer.append(contentsOf: [0x5C, 0x72])
                        default: buffer.append(b)
                        }
                    }
                }
                buffer.append(0x0A)
                if buffer.count >= 1 << 20 { try flush() }
            }
            try flush()
        } catch {
            failure = error
        }
        _ = pq.PQputCopyEnd(handle, failure == nil ? nil : "switchboard stopped the load")
        var copyError: ServiceError?
        while let result = pq.PQgetResult(handle) {
            if pq.PQresultStatus(result) != PGRES_COMMAND_OK, copyError == nil {
                do { try check(result, sql: "COPY") } catch { copyError = error }
            }
            pq.PQclear(result)
        }
        if let failure { throw failure }
        if let copyError { throw copyError }
    }

    // MARK: Listening

    /// Whether the connection is up (as far as libpq has seen).
    public var isConnected: Bool { pq.PQstatus(handle) == CONNECTION_OK }

    /// The socket, for waiting on notifications.
    public var socket: Int32 { pq.PQsocket(handle) }

    /// Notifications received so far (after `LISTEN channel`), as (channel, payload); reads what the socket has.
    public func notifications() -> [(channel: String, payload: String)] {
        _ = pq.PQconsumeInput(handle)
        var found: [(String, String)] = []
        while let note = pq.PQnotifies(handle) {
            found.append((String(cString: note.pointee.relname), String(cString: note.pointee.extra)))
            pq.PQfreemem(note)
        }
        return found
    }

    // MARK: Helpers

    private static func withCStrings<R>(_ texts: [String?], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        var storage: [UnsafeMutablePointer<CChar>?] = texts.map { $0.map { strdup($0)! } }
        defer { for p in storage { free(p) } }
        return storage.withUnsafeMutableBufferPointer { buffer in
            body(buffer.map { $0.map { UnsafePointer($0) } })
        }
    }

    /// A C string libpq returned (empty for none).
    private static func text(_ cString: UnsafePointer<CChar>?) -> String {
        cString.map { String(cString: $0) } ?? ""
    }

    private static func firstLine(_ text: String) -> String {
        text.split(separator: "\n").first.map { SearchText.trimmed(String($0)) } ?? text
    }

    static func classifyConnectFailure(_ message: String, server: String) -> PostgresProblem {
        let line = firstLine(message)
        let lower = message.lowercased()
        func says(_ words: String) -> Bool { SearchText.contains(lower, words) }
        if says("password authentication failed") || says("no password supplied")
            || says("authentication failed") || says("role") && says("does not exist") {
            return .authenticationFailed(server: server, detail: line)
        }
        if says("certificate") || says("ssl error") || says("sslrootcert") || says("root certificate file") {
            return .tlsFailed(server: server, detail: line)
        }
        if let range = SearchText.firstRange(of: "database \"", in: message), says("does not exist") {
            let name = message[range.upperBound...].prefix { $0 != "\"" }
            return .databaseMissing(server: server, database: String(name))
        }
        return .serverUnreachable(server: server, detail: line)
    }

    /// The connection string with its passwords replaced by `***`, as libpq reads it: the string
    /// as written, its password spellings taken out however it is written or mistyped
    /// (`ConnectionStringRedaction`: the one after `user:`, every query parameter whose name is
    /// `password` or `sslpassword` however written — `PassWord`, `%70assword` —, a key=value
    /// string's `password=`, quoted or not); and where libpq still reads a password in what is
    /// left, the string written anew from libpq's own values (`PQconninfoParse`) without it. A
    /// string libpq cannot read (it connects nowhere) keeps the first step's form.
    public static func redacted(_ conninfo: String) -> String {
        if cannotHoldPassword(conninfo) { return conninfo }
        let text = ConnectionStringRedaction(conninfo).text
        guard isURI(conninfo), let values = parsed(conninfo) else { return text }
        let left = parsed(text)
        for key in ["password", "sslpassword"] {
            if let secret = values[key], !secret.isEmpty, left?[key] == secret { return written(values) }
        }
        return text
    }

    /// Whether `text` is ASCII with none of the marks every password spelling needs: no `:`
    /// (`user:pw@`, `u:pw` as a port, a URI's scheme), `=`, `?`, `@` or `%`, and no `pass`,
    /// `assw` or `pwd` in any case (`password pw`). `ConnectionStringRedaction` leaves such a text
    /// as it is; so do `redacted` and the command line's check of each argument (a file path,
    /// `--splash-ms`: ~150 k instructions each at start-up through the redaction's rules).
    static func cannotHoldPassword(_ text: String) -> Bool {
        var window: UInt32 = 0 // the last four bytes, lower-cased
        for byte in text.utf8 {
            switch byte {
            case 0x80...0xFF, UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "%"): return false
            default: break
            }
            let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            window = window << 8 | UInt32(lower)
            if window == 0x7061_7373 || window == 0x6173_7377 || window & 0xFF_FFFF == 0x70_7764 { return false } // pass, assw, pwd
        }
        return true
    }

    /// libpq's values as a key=value connection string (its keywords in a fixed order, values
    /// quoted where libpq needs it), the password as `***`.
    static func written(_ values: [String: String]) -> String {
        let first = ["host", "hostaddr", "port", "dbname", "user", "password"]
        let keys = first.filter { values[$0] != nil } + values.keys.filter { !first.contains($0) }.sorted()
        return keys.map { key -> String in
            let value = key == "password" || key == "sslpassword" ? "***" : values[key] ?? ""
            guard value.isEmpty || value.contains(where: { $0 == " " || $0 == "'" || $0 == "\\" }) else { return key + "=" + value }
            var quoted = "'"
            for c in value {
                if c == "'" || c == "\\" { quoted.append("\\") }
                quoted.append(c)
            }
            return key + "=" + quoted + "'"
        }.joined(separator: " ")
    }
}
