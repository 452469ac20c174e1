import AppServices
/// What a data file should always be, checked after a run that may have
/// gone wrong (the fuzz test and its soak): intact to SQLite, and each
/// account's kept contact and friend counts equal to its rows, each contact's keys of the
/// first-name and company orders made from its row, and the mail clients' query rows
/// (`SQLiteMailQueryRowsSchema`) with their counts those of the contacts.
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
        let unsorted = try database.scalarInt("""
            SELECT count(*) FROM contacts WHERE sort_key_first != \(SortKeyFunction.firstName)(first_name, last_name, display_name)
                OR sort_key_company != \(SortKeyFunction.company)(company, sort_key)
            """) ?? 0
        if unsorted > 0 { problems.append("\(unsorted) contacts whose first-name or company order keys are not their names'") }
        let expected = SQLiteMailQueryRowsSchema.expectedRows, kept = SQLiteMailQueryRowsSchema.keptRows
        let stale = try database.scalarInt("SELECT (SELECT count(*) FROM (\(kept) EXCEPT \(expected))) + (SELECT count(*) FROM (\(expected) EXCEPT \(kept)))") ?? 0
        if stale > 0 { problems.append("\(stale) rows of the mail clients' query rows that are not their contacts'") }
        return problems
    }
}
