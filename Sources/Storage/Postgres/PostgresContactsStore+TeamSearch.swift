import AppServices

/// A team member's searches of three characters or more (issue 51): through the directory's
/// search functions (`PostgresTeamSearch`), which reach the trigram index that row-level security
/// keeps a member's own `LIKE` from, and apply the same read rule as the policies. The search
/// text goes as a parameter, already a `LIKE` pattern with `%`, `_` and `\` escaped (`Match`).
extension PostgresContactsStore {
    /// The first `upTo` matches of this account in list order, as a list row's columns (`summaryColumns`).
    func memberMatches(like: String, upTo: Int) throws(ServiceError) -> PostgresRows {
        try pg.execute("SELECT \(Self.summaryColumns) FROM switchboard_search(current_user, $1::bigint, $2::text, $3::integer)",
                       [accountID, like, Int64(min(max(upTo, 0), Int(Int32.max)))])
    }

    /// How many of this account's contacts match, up to `cap`.
    func memberCount(like: String, upTo cap: Int) throws(ServiceError) -> Int {
        Int(try pg.scalarInt("SELECT switchboard_search_count(current_user, $1::bigint, $2::text, $3::bigint)",
                             [accountID, like, Int64(min(max(cap, 0), Int(Int64.max)))]) ?? 0)
    }
}
