import AppServices
/// One account's activity log in the shared directory, newest first, read by keyset on the
/// event id: `SQLiteActivityStore`'s answers on PostgreSQL.
public final class PostgresActivityStore: ActivityService {
    private let pg: PostgresConnection
    public let accountID: Int64

    public init(database: PostgresDatabase, accountID: Int64) {
        self.pg = database.connection
        self.accountID = accountID
    }

    private static let columns = "SELECT id, at, kind, subject, contact_id FROM activity WHERE account_id = $1"

    /// Up to `limit` events older than `id` (from the newest when nil).
    public func events(before id: Int64?, limit: Int) throws(ServiceError) -> [ActivityEvent] {
        Self.events(try pg.execute(Self.columns + " AND id < $2 ORDER BY id DESC LIMIT $3", [accountID, id ?? Int64.max, limit]))
    }

    /// Up to `limit` events newer than `id` (the oldest when nil), newest first.
    public func events(newerThan id: Int64?, limit: Int) throws(ServiceError) -> [ActivityEvent] {
        Self.events(try pg.execute(Self.columns + " AND id > $2 ORDER BY id LIMIT $3", [accountID, id ?? Int64.min, limit])).reversed()
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
            SELECT max(id) FROM activity WHERE account_id = $1 AND subject_key >= $2 AND subject_key < $3
            """, [accountID, key, key + "\u{10FFFF}"])
    }

    /// The oldest and newest event ids (nil without events).
    public func idRange() throws(ServiceError) -> ClosedRange<Int64>? {
        let rows = try pg.execute("SELECT min(id), max(id) FROM activity WHERE account_id = $1", [accountID])
        guard rows.count == 1, !rows.isNull(0, 0), !rows.isNull(0, 1) else { return nil }
        return rows.int64(0, 0)...rows.int64(0, 1)
    }

    private static func events(_ rows: PostgresRows) -> [ActivityEvent] {
        (0..<rows.count).compactMap { i in
            guard let kind = ActivityKind(rawValue: rows.text(i, 2)) else { return nil } // a kind from a newer build: skipped
            return ActivityEvent(id: rows.int64(i, 0), at: rows.int64(i, 1), kind: kind, subject: rows.text(i, 3), contactID: rows.optionalInt64(i, 4))
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
