import AppServices
/// One account's activity log in the shared directory, newest first, read by keyset on the
/// event id: `SQLiteActivityStore`'s answers on PostgreSQL. On a team's directory the log holds
/// the team book's events too, each with the member who made it (`ActivityEvent.actor`).
public final class PostgresActivityStore: ActivityService {
    private let pg: PostgresConnection
    public let accountID: Int64
    /// The accounts whose events are shown: the account's own, and the team book's on a team directory.
    private let accounts: String
    /// `account_id = $1` as each statement reads it: the account, or any of `accounts`.
    private let scope: String

    public init(database: PostgresDatabase, accountID: Int64) {
        self.pg = database.connection
        self.accountID = accountID
        if let team = database.teamBookID {
            accounts = "{\(accountID),\(team)}"
            scope = "account_id = ANY($1::bigint[])"
        } else {
            accounts = String(accountID)
            scope = "account_id = $1"
        }
        columns = "SELECT id, at, kind, subject, contact_id, CASE WHEN account_id = \(accountID) THEN '' ELSE actor END FROM activity WHERE \(scope)"
    }

    private let columns: String

    /// Up to `limit` events older than `id` (from the newest when nil).
    public func events(before id: Int64?, limit: Int) throws(ServiceError) -> [ActivityEvent] {
        Self.events(try pg.execute(columns + " AND id < $2 ORDER BY id DESC LIMIT $3", [accounts, id ?? Int64.max, limit]))
    }

    /// Up to `limit` events newer than `id` (the oldest when nil), newest first.
    public func events(newerThan id: Int64?, limit: Int) throws(ServiceError) -> [ActivityEvent] {
        Self.events(try pg.execute(columns + " AND id > $2 ORDER BY id LIMIT $3", [accounts, id ?? Int64.min, limit])).reversed()
    }

    /// The newest event whose subject starts with `prefix` (folded as search folds), or nil.
    public func newestEvent(withSubjectPrefix prefix: String) throws(ServiceError) -> Int64? {
        try newestEvent(withSubjectPrefix: prefix, recentWindow: 2_000)
    }

    /// The newest event whose subject starts with `prefix`, among the newest `recentWindow` first.
    public func newestEvent(withSubjectPrefix prefix: String, recentWindow: Int) throws(ServiceError) -> Int64? {
        let key = SearchText.fold(SearchText.trimmed(prefix))
        guard !key.isEmpty else { return nil }
        return try pg.scalarInt("""
            SELECT max(id) FROM activity WHERE \(scope) AND subject_key >= $2 AND subject_key < $3
            """, [accounts, key, key + "\u{10FFFF}"])
    }

    /// The oldest and newest event ids (nil without events).
    public func idRange() throws(ServiceError) -> ClosedRange<Int64>? {
        let rows = try pg.execute("SELECT min(id), max(id) FROM activity WHERE \(scope)", [accounts])
        guard rows.count == 1, !rows.isNull(0, 0), !rows.isNull(0, 1) else { return nil }
        return rows.int64(0, 0)...rows.int64(0, 1)
    }

    private static func events(_ rows: PostgresRows) -> [ActivityEvent] {
        (0..<rows.count).compactMap { i in
            guard let kind = ActivityKind(rawValue: rows.text(i, 2)) else { return nil } // a kind from a newer build: skipped
            return ActivityEvent(id: rows.int64(i, 0), at: rows.int64(i, 1), kind: kind, subject: rows.text(i, 3), contactID: rows.optionalInt64(i, 4),
                                 actor: rows.text(i, 5))
        }
    }

    /// Adds `count` made-up events spread back over `days` (for the benchmark), in one transaction.
    public func addGenerated(count: Int, endingAt now: Int64, days: Int = 365) throws(ServiceError) {
        let kinds = ActivityKind.allCases
        let span = Int64(days) * 86_400
        try pg.transaction { () throws(ServiceError) in
            try pg.copy(into: "activity", columns: ["account_id", "at", "kind", "subject", "subject_key"]) { send throws(ServiceError) in
                for i in 0..<count {
                    let subject = "Event \(i)"
                    try send([String(accountID), String(now - span + span * Int64(i) / Int64(max(1, count))), kinds[i % kinds.count].rawValue,
                              subject, SearchText.subjectKey(subject)])
                }
            }
        }
    }
}
