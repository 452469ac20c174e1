import AppServices

/// Writes activity events. Always called inside the transaction of the change
/// the event records, so the two are written together or not at all.
struct SQLiteActivityLog {
    let db: SQLiteDatabase

    func record(_ kind: ActivityKind, accountID: Int64, subject: String, contactID: Int64? = nil, at: Int64) throws(ServiceError) {
        let s = try db.prepare("INSERT INTO activity (account_id, at, kind, subject, contact_id, subject_key) VALUES (?, ?, ?, ?, ?, ?)")
        s.bind(1, accountID).bind(2, at).bind(3, kind.rawValue).bind(4, subject).bind(5, contactID).bind(6, SearchText.subjectKey(subject))
        try s.run()
    }

    /// A changed setting (`subject` as `UserSettings.describe` makes it): the account's latest event
    /// is rewritten instead when it is the same setting changed within `ActivityCoalescing.window`.
    func recordSetting(_ subject: String, accountID: Int64, at: Int64) throws(ServiceError) {
        let latest = try db.prepare("SELECT id, kind, subject, at FROM activity WHERE account_id = ? ORDER BY id DESC LIMIT 1")
        latest.bind(1, accountID)
        var replaced: Int64?
        if try latest.step(), ActivityCoalescing.replaces(kind: latest.text(1), subject: latest.text(2), at: latest.int64(3), with: subject, now: at) {
            replaced = latest.int64(0)
        }
        latest.reset()
        guard let replaced else { return try record(.settingChanged, accountID: accountID, subject: subject, at: at) }
        let s = try db.prepare("UPDATE activity SET subject = ?, subject_key = ?, at = ? WHERE id = ?")
        s.bind(1, subject).bind(2, SearchText.subjectKey(subject)).bind(3, at).bind(4, replaced)
        try s.run()
    }
}
