import AppServices
#if canImport(Glibc)
import Glibc
#endif

/// Accounts and failed sign-ins in the shared directory, with `SQLiteAccountStore`'s API; the saved
/// session is this machine's (`LocalSessionFile`), not a row everyone shares. Passwords are
/// yescrypt hashes (`PasswordHasher`), made and checked on the client.
public final class PostgresAccountStore: AccountsService {
    private let pg: PostgresConnection
    public let hasher: PasswordHasher
    public let session: LocalSessionFile

    public init(database: PostgresDatabase, session: LocalSessionFile, hasher: PasswordHasher = PasswordHasher()) {
        self.pg = database.connection
        self.session = session
        self.hasher = hasher
    }

    public func account(named username: String) throws(ServiceError) -> Account? { try credentials(named: username)?.account }

    /// The account of a user name (compared without case) and its password hash.
    public func credentials(named username: String) throws(ServiceError) -> (account: Account, hash: String)? {
        let rows = try pg.execute("SELECT id, username, password_hash FROM accounts WHERE username_key = $1", [UsernameKey.of(username)])
        return rows.count == 1 ? (Account(id: rows.int64(0, 0), username: rows.text(0, 1)), rows.text(0, 2)) : nil
    }

    public func account(id: Int64) throws(ServiceError) -> Account? {
        let rows = try pg.execute("SELECT id, username FROM accounts WHERE id = $1", [id])
        return rows.count == 1 ? Account(id: rows.int64(0, 0), username: rows.text(0, 1)) : nil
    }

    /// Checks a user name and password; a name with no account costs the same hashing work.
    public func verify(username: String, password: String) throws(ServiceError) -> Account? {
        let found = try credentials(named: username)
        return hasher.verify(password, againstStored: found?.hash) ? found?.account : nil
    }

    /// Makes an account and signs it in on this machine.
    public func createAccount(username: String, password: String, now: Int64) throws(AccountCreationFailure) -> Account {
        do {
            if try account(named: username) != nil { throw AccountCreationFailure.usernameTaken(username) }
            let hash = try hasher.hash(password)
            let account = try pg.transaction { () throws(ServiceError) -> Account in
                let rows = try pg.execute("INSERT INTO accounts (username, username_key, password_hash, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
                                          [username, UsernameKey.of(username), hash, now])
                let account = Account(id: rows.int64(0, 0), username: username)
                try PostgresActivityLog(pg: pg).record(.accountCreated, accountID: account.id, subject: username, at: now)
                return account
            }
            try session.write(accountID: account.id)
            return account
        } catch let failure as AccountCreationFailure {
            throw failure
        } catch let error as ServiceError {
            if error.sqlState == "23505" { throw .usernameTaken(username) } // unique_violation
            throw .service(error)
        } catch {
            throw .service(.sqlite(code: -1, message: "\(error)", cause: error))
        }
    }

    /// How many accounts the directory holds.
    public func accountCount() throws(ServiceError) -> Int {
        Int(try pg.scalarInt("SELECT count(*) FROM accounts") ?? 0)
    }

    // MARK: Session (this machine's)

    /// The account this machine's user signed in to, if it still exists.
    public func savedSession() throws(ServiceError) -> Account? {
        guard let id = session.read() else { return nil }
        return try account(id: id)
    }

    public func saveSession(accountID: Int64, now: Int64) throws(ServiceError) {
        try session.write(accountID: accountID)
    }

    /// Signs an account in on this machine and logs it.
    public func signIn(accountID: Int64, now: Int64) throws(ServiceError) {
        try pg.transaction { () throws(ServiceError) in
            try PostgresActivityLog(pg: pg).record(.signedIn, accountID: accountID, subject: try account(id: accountID)?.username ?? "", at: now)
        }
        try session.write(accountID: accountID)
    }

    /// Forgets this machine's session, then logs the sign-out for its account: a person on a
    /// shared terminal is signed out here even when the server is away (the log then misses it).
    public func clearSession(now: Int64 = Int64(time(nil))) throws(ServiceError) {
        let signedIn = session.read()
        session.clear()
        guard let signedIn, let account = try? account(id: signedIn) else { return }
        try? pg.transaction { () throws(ServiceError) in
            try PostgresActivityLog(pg: pg).record(.signedOut, accountID: account.id, subject: account.username, at: now)
        }
    }

    // MARK: Failed sign-ins (shared: a guesser gains nothing by changing machines)

    public func failures(for username: String) throws(ServiceError) -> SignInFailures {
        let rows = try pg.execute("SELECT failures, last_failure_at FROM sign_in_failures WHERE username_key = $1", [UsernameKey.of(username)])
        return SignInFailures(count: rows.count == 1 ? rows.int(0, 0) : 0, last: rows.count == 1 ? rows.int64(0, 1) : 0)
    }

    public func recordFailure(for username: String, now: Int64) throws(ServiceError) {
        try pg.transaction { () throws(ServiceError) in
            let rows = try pg.execute("""
                INSERT INTO sign_in_failures (username_key, failures, last_failure_at) VALUES ($1, 1, $2)
                ON CONFLICT (username_key) DO UPDATE SET failures = sign_in_failures.failures + 1, last_failure_at = excluded.last_failure_at
                RETURNING failures
                """, [UsernameKey.of(username), now])
            if let named = try account(named: username) {
                let count = rows.int(0, 0)
                try PostgresActivityLog(pg: pg).record(.signInFailed, accountID: named.id, subject: count == 1 ? "1 attempt" : "\(count) in a row", at: now)
            }
        }
    }

    public func clearFailures(for username: String) throws(ServiceError) {
        try pg.execute("DELETE FROM sign_in_failures WHERE username_key = $1", [UsernameKey.of(username)])
    }

    // MARK: Changes

    /// Replaces the password, after checking the current one.
    public func changePassword(accountID: Int64, current: String, new: String, now: Int64 = Int64(time(nil))) throws(AccountChangeFailure) {
        try checkPassword(accountID: accountID, current)
        do {
            let hash = try hasher.hash(new)
            try pg.transaction { () throws(ServiceError) in
                try pg.execute("UPDATE accounts SET password_hash = $1 WHERE id = $2", [hash, accountID])
                try PostgresActivityLog(pg: pg).record(.passwordChanged, accountID: accountID, subject: try account(id: accountID)?.username ?? "", at: now)
            }
        } catch {
            throw .service(error)
        }
    }

    /// Deletes the account and everything of it (contacts, counts, settings, activity cascade)
    /// in one transaction, after checking the password; this machine's session goes with it.
    public func deleteAccount(accountID: Int64, password: String) throws(AccountChangeFailure) {
        try checkPassword(accountID: accountID, password)
        do {
            try pg.transaction { () throws(ServiceError) in
                try pg.execute("DELETE FROM contact_word_starts WHERE account_id = $1", [accountID]) // not foreign keys
                try pg.execute("DELETE FROM mail_query_rows WHERE account_id = $1", [accountID])
                try pg.execute("DELETE FROM contact_search WHERE account_id = $1", [accountID])
                try pg.execute("DELETE FROM accounts WHERE id = $1", [accountID])
            }
        } catch {
            throw .service(error)
        }
        if session.read() == accountID { session.clear() }
    }

    private func checkPassword(accountID: Int64, _ password: String) throws(AccountChangeFailure) {
        let stored: (account: Account, hash: String)?
        do {
            stored = try account(id: accountID).flatMap { found throws(ServiceError) in try credentials(named: found.username) }
        } catch {
            throw .service(error)
        }
        guard let stored else { throw .noSuchAccount }
        guard hasher.verify(password, against: stored.hash) else { throw .wrongPassword }
    }
}
