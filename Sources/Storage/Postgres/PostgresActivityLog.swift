import AppServices
/// Writes activity events in the shared directory, always inside the transaction of the change
/// they record, and announces the account as changed (`PostgresChangeListener`): the server
/// delivers the announcement when the transaction commits, never for one rolled back.
struct PostgresActivityLog {
    let pg: PostgresConnection

    func record(_ kind: ActivityKind, accountID: Int64, subject: String, contactID: Int64? = nil, at: Int64) throws(ServiceError) {
        try pg.execute("INSERT INTO activity (account_id, at, kind, subject, contact_id, subject_key) VALUES ($1, $2, $3, $4, $5, $6)",
                       [accountID, at, kind.rawValue, subject, contactID, SearchText.fold(subject)])
        try pg.execute("SELECT pg_notify($1 || current_schema(), $2)", [PostgresChangeListener.channelPrefix, String(accountID)])
    }
}
