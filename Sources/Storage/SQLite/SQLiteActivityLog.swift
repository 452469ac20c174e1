import AppServices

/// Writes activity events. Always called inside the transaction of the change
/// the event records, so the two are written together or not at all.
struct SQLiteActivityLog {
    let db: SQLiteDatabase

    func record(_ kind: ActivityKind, accountID: Int64, subject: String, contactID: Int64? = nil, at: Int64) throws(ServiceError) {
        let s = try db.prepare("INSERT INTO activity (account_id, at, kind, subject, contact_id, subject_key) VALUES (?, ?, ?, ?, ?, ?)")
        s.bind(1, accountID).bind(2, at).bind(3, kind.rawValue).bind(4, subject).bind(5, contactID).bind(6, SearchText.fold(subject))
        try s.run()
    }
}
