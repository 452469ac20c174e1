import AppServices

/// `switchboard directory remove-member`: a member leaves the team.
extension PostgresTeamDirectory {
    /// What becomes of a removed member's own (private) contacts.
    public enum PrivateContacts: Equatable, Sendable {
        /// Deleted, with their settings, log, sync accounts and deletes kept for Undo.
        case delete
        /// Kept in the directory under an account no one signs in to ("NAME (removed)"), for the owner.
        case keep
    }

    /// What `removeMember` did.
    public struct Removal: Equatable, Sendable {
        /// The member's own contacts, deleted or kept.
        public let privateContacts: Int
        /// Changes the member made to the team book (its activity log's entries by them): they stay.
        public let teamEdits: Int
        /// The account the private contacts are kept under (with `.keep`).
        public let keptAccountID: Int64?
        /// The member's sessions that were still connected, and ended.
        public let endedSessions: Int
    }

    /// How many contacts member `name` keeps in their own book (0 for a name that is not a member's).
    public static func ownContactCount(_ db: PostgresDatabase, name: String) throws(ServiceError) -> Int {
        Int(try db.connection.scalarInt("""
            SELECT count(*) FROM contacts WHERE account_id IN (SELECT id FROM accounts WHERE role_name = $1 AND NOT is_team)
            """, [name]) ?? 0)
    }

    /// Removes member `name`: their role is dropped (their sessions ended first where the owner may),
    /// their own contacts deleted or kept (`contacts`), and the name made free for `addMember`
    /// again. What they changed in the team book stays the team's, and the log keeps their name.
    public static func removeMember(_ db: PostgresDatabase, name: String, contacts: PrivateContacts) throws(ServiceError) -> Removal {
        let pg = db.connection
        guard let roles = try roles(of: pg) else { throw notATeamDirectory(pg) }
        let found = try pg.execute("SELECT id FROM accounts WHERE role_name = $1 AND NOT is_team", [name])
        let roleExists = try pg.scalarInt("SELECT 1 FROM pg_roles WHERE rolname = $1", [name]) != nil
        guard found.count == 1 || roleExists else {
            throw ServiceError(.notFound, place: .server(pg.server), detail: "“\(name)” is not a member of this team directory")
        }
        if roleExists, try pg.scalarInt("SELECT 1 FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles r ON r.oid = m.member WHERE g.rolname = $1 AND r.rolname = $2",
                                        [roles.member, name]) == nil {
            throw ServiceError(.refused, place: .server(pg.server), detail: "the role “\(name)” is not one of this directory's members (\(roles.member)); it was left alone")
        }
        let account: Int64? = found.count == 1 ? found.int64(0, 0) : nil
        // Their sessions, ended where the owner may (a member is signed out at once, not at their next
        // connect): PostgreSQL lets a role end the sessions of roles it is a member of, and a role that
        // may create roles may make itself one (the membership goes with the role).
        if roleExists, let grant = try? pg.execute("SELECT format('GRANT %I TO current_user', $1::text)", [name]).text(0, 0) {
            try? pg.executeScript(grant)
        }
        let ended = (try? pg.scalarInt("SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity WHERE usename = $1 AND pid <> pg_backend_pid()",
                                       [name])) ?? 0
        return try pg.transaction { () throws(ServiceError) -> Removal in
            let own = try account.map { id throws(ServiceError) in try pg.scalarInt("SELECT count(*) FROM contacts WHERE account_id = $1", [id]) ?? 0 } ?? 0
            let teamEdits = try pg.scalarInt("SELECT count(*) FROM activity WHERE actor = $1 AND account_id IN (SELECT id FROM accounts WHERE is_team)", [name]) ?? 0
            var kept: Int64?
            if let account {
                switch contacts {
                case .delete:
                    // One removal, not a log entry a contact (the owner's maintenance: `PostgresTeamGuards`).
                    try pg.executeScript("SET LOCAL switchboard.bulk = 'on'")
                    try pg.execute("DELETE FROM contact_word_starts WHERE account_id = $1", [account])
                    try pg.execute("DELETE FROM mail_query_rows WHERE account_id = $1", [account])
                    try pg.execute("DELETE FROM contact_search WHERE account_id = $1", [account])
                    try pg.execute("DELETE FROM contacts WHERE account_id = $1", [account])
                    try pg.execute("DELETE FROM accounts WHERE id = $1", [account])
                case .keep:
                    try pg.execute("""
                        UPDATE accounts SET role_name = NULL, username = username || ' (removed)', username_key = '*removed:' || id::text WHERE id = $1
                        """, [account])
                    kept = account
                }
            }
            if roleExists {
                try pg.executeScript(try pg.execute("SELECT format('DROP ROLE %I', $1::text)", [name]).text(0, 0))
            }
            return Removal(privateContacts: Int(own), teamEdits: Int(teamEdits), keptAccountID: kept, endedSessions: Int(ended))
        }
    }
}
