import AppServices
/// What a data file should always be, checked after a run that may have
/// gone wrong (the fuzz test and its soak): intact to SQLite, and each
/// account's kept contact and friend counts equal to its rows, each contact's keys of the
/// first-name and company orders made from its row, the mail clients' query lines (`SQLiteMailQuerySchema`)
/// those of the contacts, and their distinct lines and counts those of the lines.
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
        let lines = "SELECT c.account_id, l.value ->> 0, l.value ->> 1, c.sort_key, l.value ->> 2, count(*) FROM contacts c, "
            + "json_each(\(MailQueryLinesFunction.name)(c.first_name, c.last_name, c.display_name, c.middle_name, c.company, c.emails, "
            + "c.preferred_email)) l GROUP BY 1, 2, 3, 4, 5"
        let kept = "SELECT account_id, prefix, inside, sort_key, line, contacts FROM mail_query_lines"
        let stale = try database.scalarInt("SELECT (SELECT count(*) FROM (\(kept) EXCEPT \(lines))) + (SELECT count(*) FROM (\(lines) EXCEPT \(kept)))") ?? 0
        if stale > 0 { problems.append("\(stale) rows of the mail clients' query lines that are not their contacts'") }
        let distinct = "SELECT account_id, prefix, \(SQLiteMailQuerySchema.distinctKey(of: "m")), count(*) FROM mail_query_lines m GROUP BY 1, 2, 3, 4"
        let keptDistinct = "SELECT account_id, prefix, address_key, line, rows FROM mail_query_distinct"
        let miscounted = try database.scalarInt("""
            SELECT (SELECT count(*) FROM (\(keptDistinct) EXCEPT \(distinct))) + (SELECT count(*) FROM (\(distinct) EXCEPT \(keptDistinct)))
            """) ?? 0
        if miscounted > 0 { problems.append("\(miscounted) rows of the mail clients' distinct query lines that are not the lines'") }
        return problems
    }
}
