import AppServices
/// Writes activity events in the shared directory, always inside the transaction of the change
/// they record, and announces the account as changed (`PostgresChangeListener`): the server
/// delivers the announcement when the transaction commits, never for one rolled back. A team
/// member's own book is announced on a channel only they know (`switchboard_announce`, schema step 21).
struct PostgresActivityLog {
    let pg: PostgresConnection

    func record(_ kind: ActivityKind, accountID: Int64, subject: String, contactID: Int64? = nil, at: Int64) throws(ServiceError) {
        try pg.execute("INSERT INTO activity (account_id, at, kind, subject, contact_id, subject_key) VALUES ($1, $2, $3, $4, $5, $6)",
                       [accountID, at, kind.rawValue, subject, contactID, SearchText.subjectKey(subject)])
        try pg.execute("SELECT switchboard_announce($1)", [accountID])
    }

    /// A changed setting (`subject` as `UserSettings.describe` makes it): the account's latest event
    /// is rewritten instead when it is the same setting changed within `ActivityCoalescing.window`.
    func recordSetting(_ subject: String, accountID: Int64, at: Int64) throws(ServiceError) {
        let latest = try pg.execute("SELECT id, kind, subject, at FROM activity WHERE account_id = $1 ORDER BY id DESC LIMIT 1", [accountID])
        guard latest.count == 1,
              ActivityCoalescing.replaces(kind: latest.text(0, 1), subject: latest.text(0, 2), at: latest.int64(0, 3), with: subject, now: at) else {
            return try record(.settingChanged, accountID: accountID, subject: subject, at: at)
        }
        try pg.execute("UPDATE activity SET subject = $1, subject_key = $2, at = $3 WHERE id = $4",
                       [subject, SearchText.subjectKey(subject), at, latest.int64(0, 0)])
        try pg.execute("SELECT switchboard_announce($1)", [accountID])
    }
}
