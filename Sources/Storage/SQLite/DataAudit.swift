import AppServices
/// What a data file should always be, checked after a run that may have
/// gone wrong (the fuzz test and its soak): intact to SQLite, and each
/// account's kept contact and friend counts equal to its rows.
public enum DataAudit {
    /// The problems found in `database`; empty when it is sound.
    public static func problems(in database: SQLiteDatabase) throws(ServiceError) -> [String] {
        var problems: [String] = []
        if let check = try database.scalarText("PRAGMA integrity_check"), check != "ok" { problems.append("integrity_check: \(check)") }
        let wrong = try database.scalarInt("""
            SELECT count(*) FROM accounts a LEFT JOIN contact_counts k ON k.account_id = a.id
            WHERE coalesce(k.total, 0) != (SELECT count(*) FROM contacts c WHERE c.account_id = a.id)
               OR coalesce(k.friends, 0) != (SELECT count(*) FROM contacts c WHERE c.account_id = a.id AND c.is_friend = 1)
            """) ?? 0
        if wrong > 0 { problems.append("\(wrong) accounts whose counts are not their rows") }
        return problems
    }
}
