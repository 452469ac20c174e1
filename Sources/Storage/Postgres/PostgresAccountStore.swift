import AppServices
#if canImport(Glibc)
import Glibc
#endif

/// Accounts and failed sign-ins in the shared directory, with `AccountStore`'s API; the saved
/// session is this machine's (`LocalSessionFile`), not a row everyone shares. Passwords are
/// yescrypt hashes (`PasswordHasher`), made and checked on the client.
public final class PostgresAccountStore {
    private let pg: PostgresConnection
    public let hasher: PasswordHasher
    public let session: LocalSessionFile

    public init(database: PostgresDatabase, session: LocalSessionFile, hasher: PasswordHasher = PasswordHasher()) {
        self.pg = database.connection
        self.session = session
        self.hasher = hasher
    }

    public func account(named username: String) throws(StorageError) -> (account: Account, hash: String)? {
        let rows = try pg.execute("SELECT id, username, password_hash FROM accounts WHERE username_key = $1", [AccountStore.key(for: username)])
        return rows.count == 1 ? (Account(id: rows.int64(0, 0), username: rows.text(0, 1)), rows.text(0, 2)) : nil
    }

    public func account(id: Int64) throws(StorageError) -> Account? {
        let rows = try pg.execute("SELECT id, username FROM accounts WHERE id = $1", [id])
        return rows.count == 1 ? Account(id: rows.int64(0, 0), username: rows.text(0, 1)) : nil
    }

    /// Checks a user name and password; a name with no account costs the same hashing work.
    public func verify(username: String, password: String) throws(StorageError) -> Account? {
        let found = try account(named: username)
        return hasher.verify(password, againstStored: found?.hash) ? found?.account : nil
    }

    /// Makes an account and signs it in on this machine.
    public func createAccount(username: String, password: String, now: Int64) throws(AccountStore.Failure) -> Account {
        do {
            if try account(named: username) != nil { throw AccountStore.Failure.usernameTaken(username) }
            let hash = try hasher.hash(password)
            let account = try pg.transaction { () throws(StorageError) -> Account in
                let rows = try pg.execute("INSERT INTO accounts (username, username_key, password_hash, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
                                          [username, AccountStore.key(for: username), hash, now])
                let account = Account(id: rows.int64(0, 0), username: username)
                try PostgresActivityLog(pg: pg).record(.accountCreated, accountID: account.id, subject: username, at: now)
                return account
            }
            try session.write(accountID: account.id)
            return account
        } catch let failure as AccountStore.Failure {
            throw failure
        } catch let error as StorageError {
            if case .server(.statementFailed(let state, _)) = error, state == "23505" { throw .usernameTaken(username) } // unique_violation
            throw .storage(error)
        } catch {
            throw .storage(.sqlite(code: -1, message: "\(error)"))
        }
    }

    /// How many accounts the directory holds.
    public func accountCount() throws(StorageError) -> Int {
        Int(try pg.scalarInt("SELECT count(*) FROM accounts") ?? 0)
    }

    // MARK: Session (this machine's)

    /// The account this machine's user signed in to, if it still exists.
    public func savedSession() throws(StorageError) -> Account? {
        guard let id = session.read() else { return nil }
        return try account(id: id)
    }

    public func saveSession(accountID: Int64, now: Int64) throws(StorageError) {
        try session.write(accountID: accountID)
    }

    /// Signs an account in on this machine and logs it.
    public func signIn(accountID: Int64, now: Int64) throws(StorageError) {
        try pg.transaction { () throws(StorageError) in
            try PostgresActivityLog(pg: pg).record(.signedIn, accountID: accountID, subject: try account(id: accountID)?.username ?? "", at: now)
        }
        try session.write(accountID: accountID)
    }

    /// Forgets this machine's session, logging the sign-out for its account.
    public func clearSession(now: Int64 = Int64(time(nil))) throws(StorageError) {
        if let signedIn = try savedSession() {
            try pg.transaction { () throws(StorageError) in
                try PostgresActivityLog(pg: pg).record(.signedOut, accountID: signedIn.id, subject: signedIn.username, at: now)
            }
        }
        session.clear()
    }

    // MARK: Failed sign-ins (shared: a guesser gains nothing by changing machines)

    public func failures(for username: String) throws(StorageError) -> (count: Int, last: Int64) {
        let rows = try pg.execute("SELECT failures, last_failure_at FROM sign_in_failures WHERE username_key = $1", [AccountStore.key(for: username)])
        return rows.count == 1 ? (rows.int(0, 0), rows.int64(0, 1)) : (0, 0)
    }

    public func recordFailure(for username: String, now: Int64) throws(StorageError) {
        try pg.transaction { () throws(StorageError) in
            let rows = try pg.execute("""
                INSERT INTO sign_in_failures (username_key, failures, last_failure_at) VALUES ($1, 1, $2)
                ON CONFLICT (username_key) DO UPDATE SET failures = sign_in_failures.failures + 1, last_failure_at = excluded.last_failure_at
                RETURNING failures
                """, [AccountStore.key(for: username), now])
            if let named = try account(named: username)?.account {
                let count = rows.int(0, 0)
                try PostgresActivityLog(pg: pg).record(.signInFailed, accountID: named.id, subject: count == 1 ? "1 attempt" : "\(count) in a row", at: now)
            }
        }
    }

    public func clearFailures(for username: String) throws(StorageError) {
        try pg.execute("DELETE FROM sign_in_failures WHERE username_key = $1", [AccountStore.key(for: username)])
    }

    // MARK: Changes

    /// Replaces the password, after checking the current one.
    public func changePassword(accountID: Int64, current: String, new: String, now: Int64 = Int64(time(nil))) throws(AccountStore.ChangeFailure) {
        try checkPassword(accountID: accountID, current)
        do {
            let hash = try hasher.hash(new)
            try pg.transaction { () throws(StorageError) in
                try pg.execute("UPDATE accounts SET password_hash = $1 WHERE id = $2", [hash, accountID])
                try PostgresActivityLog(pg: pg).record(.passwordChanged, accountID: accountID, subject: try account(id: accountID)?.username ?? "", at: now)
            }
        } catch {
            throw .storage(error)
        }
    }

    /// Deletes the account and everything of it (contacts, counts, settings, activity cascade)
    /// in one transaction, after checking the password; this machine's session goes with it.
    public func deleteAccount(accountID: Int64, password: String) throws(AccountStore.ChangeFailure) {
        try checkPassword(accountID: accountID, password)
        do {
            try pg.transaction { () throws(StorageError) in
                try pg.execute("DELETE FROM contact_word_starts WHERE account_id = $1", [accountID]) // not foreign keys
                try pg.execute("DELETE FROM contact_search WHERE account_id = $1", [accountID])
                try pg.execute("DELETE FROM accounts WHERE id = $1", [accountID])
            }
        } catch {
            throw .storage(error)
        }
        if session.read() == accountID { session.clear() }
    }

    private func checkPassword(accountID: Int64, _ password: String) throws(AccountStore.ChangeFailure) {
        let stored: (account: Account, hash: String)?
        do {
            stored = try account(id: accountID).flatMap { found throws(StorageError) in try account(named: found.username) }
        } catch {
            throw .storage(error)
        }
        guard let stored else { throw .noSuchAccount }
        guard hasher.verify(password, against: stored.hash) else { throw .wrongPassword }
    }
}
