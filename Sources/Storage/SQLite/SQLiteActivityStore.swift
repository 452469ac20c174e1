import AppServices

/// One account's activity log, newest first, read by keyset on the event id.
public final class SQLiteActivityStore: ActivityService {
    private let db: SQLiteDatabase
    public let accountID: Int64

    public init(database: SQLiteDatabase, accountID: Int64) {
        self.db = database
        self.accountID = accountID
    }

    /// Up to `limit` events older than `id` (from the newest when nil).
    public func events(before id: Int64?, limit: Int) throws(ServiceError) -> [ActivityEvent] {
        let s = try db.prepare("SELECT id, at, kind, subject, contact_id FROM activity WHERE account_id = ? AND id < ? ORDER BY id DESC LIMIT ?")
        s.bind(1, accountID).bind(2, id ?? Int64.max).bind(3, limit)
        return try read(s)
    }

    /// Up to `limit` events newer than `id` — the ones just above it in the
    /// newest-first list — (the oldest when nil), newest first.
    public func events(newerThan id: Int64?, limit: Int) throws(ServiceError) -> [ActivityEvent] {
        let s = try db.prepare("SELECT id, at, kind, subject, contact_id FROM activity WHERE account_id = ? AND id > ? ORDER BY id LIMIT ?")
        s.bind(1, accountID).bind(2, id ?? Int64.min).bind(3, limit)
        return try read(s).reversed()
    }

    /// The newest event whose subject starts with `prefix` (folded as search
    /// folds), or nil. Bounded work at any size: one seek of the subject index
    /// says whether there is one at all; the newest `recentWindow` events are
    /// then read newest first (a name in the news is met in a few rows); only
    /// when every match is older than those are the matches read from the
    /// subject index (then they are few, or all old).
    public func newestEvent(withSubjectPrefix prefix: String) throws(ServiceError) -> Int64? {
        try newestEvent(withSubjectPrefix: prefix, recentWindow: 2_000)
    }

    /// The newest event whose subject starts with `prefix`, among the newest `recentWindow` first.
    public func newestEvent(withSubjectPrefix prefix: String, recentWindow: Int) throws(ServiceError) -> Int64? {
        let key = SearchText.fold(SearchText.trimmed(prefix))
        guard !key.isEmpty else { return nil }
        let end = key + "\u{10FFFF}"
        let any = try db.prepare("""
            SELECT 1 FROM activity INDEXED BY activity_by_subject WHERE account_id = ? AND subject_key >= ? AND subject_key < ? LIMIT 1
            """)
        any.bind(1, accountID).bind(2, key).bind(3, end)
        let exists = try any.step()
        any.reset()
        guard exists else { return nil }
        let recent = try db.prepare("""
            SELECT id FROM (SELECT id, subject_key FROM activity INDEXED BY activity_by_account
                            WHERE account_id = ?1 ORDER BY id DESC LIMIT ?4)
            WHERE subject_key >= ?2 AND subject_key < ?3 LIMIT 1
            """)
        recent.bind(1, accountID).bind(2, key).bind(3, end).bind(4, Int64(recentWindow))
        defer { recent.reset() }
        if try recent.step() { return recent.int64(0) }
        let older = try db.prepare("""
            SELECT max(id) FROM activity INDEXED BY activity_by_subject WHERE account_id = ? AND subject_key >= ? AND subject_key < ?
            """)
        older.bind(1, accountID).bind(2, key).bind(3, end)
        defer { older.reset() }
        return try older.step() ? older.int64(0) : nil // there is one: the seek above found it
    }

    /// The oldest and newest event ids (nil without events): two seeks, for a scroll mark's place.
    public func idRange() throws(ServiceError) -> ClosedRange<Int64>? {
        let s = try db.prepare("SELECT (SELECT min(id) FROM activity WHERE account_id = ?1), (SELECT max(id) FROM activity WHERE account_id = ?1)")
        s.bind(1, accountID)
        defer { s.reset() }
        guard try s.step(), !s.isNull(0), !s.isNull(1) else { return nil }
        return s.int64(0)...s.int64(1)
    }

    private func read(_ s: SQLiteStatement) throws(ServiceError) -> [ActivityEvent] {
        defer { s.reset() }
        var rows: [ActivityEvent] = []
        while try s.step() {
            guard let kind = ActivityKind(rawValue: s.text(2)) else { continue } // a kind from a newer build: skipped
            rows.append(ActivityEvent(id: s.int64(0), at: s.int64(1), kind: kind, subject: s.text(3),
                                      contactID: s.isNull(4) ? nil : s.int64(4)))
        }
        return rows
    }

    /// Adds `count` made-up events spread back over `days` (for the benchmark), in one transaction.
    public func addGenerated(count: Int, endingAt now: Int64, days: Int = 365) throws(ServiceError) {
        let log = SQLiteActivityLog(db: db)
        let kinds = ActivityKind.allCases
        try db.transaction { () throws(ServiceError) in
            let span = Int64(days) * 86_400
            for i in 0..<count {
                let kind = kinds[i % kinds.count]
                try log.record(kind, accountID: accountID, subject: "Event \(i)", at: now - span + span * Int64(i) / Int64(max(1, count)))
            }
        }
    }
}
