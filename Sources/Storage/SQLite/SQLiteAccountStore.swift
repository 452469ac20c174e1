#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AppServices

/// Accounts, the saved session and failed sign-ins, in the database.
public final class SQLiteAccountStore: AccountsService {
    private let db: SQLiteDatabase
    var database: SQLiteDatabase { db }
    public let hasher: PasswordHasher

    public init(database: SQLiteDatabase, hasher: PasswordHasher = PasswordHasher()) {
        self.db = database
        self.hasher = hasher
    }

    public func account(named username: String) throws(ServiceError) -> Account? { try credentials(named: username)?.account }

    /// The account of a user name (compared without case) and its password hash.
    public func credentials(named username: String) throws(ServiceError) -> (account: Account, hash: String)? {
        let s = try db.prepare("SELECT id, username, password_hash FROM accounts WHERE username_key = ?")
        defer { s.reset() } // end the read, so no snapshot lingers
        s.bind(1, UsernameKey.of(username))
        guard try s.step() else { return nil }
        return (Account(id: s.int64(0), username: s.text(1)), s.text(2))
    }

    public func account(id: Int64) throws(ServiceError) -> Account? {
        let s = try db.prepare("SELECT id, username FROM accounts WHERE id = ?")
        defer { s.reset() } // end the read, so no snapshot lingers
        s.bind(1, id)
        guard try s.step() else { return nil }
        return Account(id: s.int64(0), username: s.text(1))
    }

    /// Checks a user name and password. A name with no account costs the same
    /// hashing work as a wrong password, so timing tells nothing.
    public func verify(username: String, password: String) throws(ServiceError) -> Account? {
        let found = try credentials(named: username)
        return hasher.verify(password, againstStored: found?.hash) ? found?.account : nil
    }

    /// Makes an account and signs it in, in one transaction.
    public func createAccount(username: String, password: String, now: Int64) throws(AccountCreationFailure) -> Account {
        do {
            if try account(named: username) != nil { throw AccountCreationFailure.usernameTaken(username) }
            let hash = try hasher.hash(password)
            return try db.transaction { () throws(ServiceError) -> Account in
                let insert = try db.prepare("INSERT INTO accounts (username, username_key, password_hash, created_at) VALUES (?, ?, ?, ?)")
                insert.bind(1, username).bind(2, UsernameKey.of(username)).bind(3, hash).bind(4, now)
                try insert.run()
                let account = Account(id: db.lastInsertRowID, username: username)
                try saveSession(accountID: account.id, now: now)
                try SQLiteActivityLog(db: db).record(.accountCreated, accountID: account.id, subject: username, at: now)
                return account
            }
        } catch let failure as AccountCreationFailure {
            throw failure
        } catch let error as ServiceError {
            if error.kind == .conflict { throw .usernameTaken(username) } // UNIQUE
            throw .service(error)
        } catch {
            throw .service(.sqlite(code: -1, message: "\(error)", cause: error))
        }
    }

    /// How many accounts the file holds (0 on a first run).
    public func accountCount() throws(ServiceError) -> Int {
        let s = try db.prepare("SELECT count(*) FROM accounts")
        defer { s.reset() }
        guard try s.step() else { return 0 }
        return s.int(0)
    }

    // MARK: Session (seed 004's "logged in" flag, naming the user)

    /// The signed-in account, if a session is saved and its account still exists.
    public func savedSession() throws(ServiceError) -> Account? {
        let s = try db.prepare("SELECT a.id, a.username FROM session s JOIN accounts a ON a.id = s.account_id WHERE s.id = 1")
        defer { s.reset() } // end the read, so no snapshot lingers
        guard try s.step() else { return nil }
        return Account(id: s.int64(0), username: s.text(1))
    }

    public func saveSession(accountID: Int64, now: Int64) throws(ServiceError) {
        try db.transaction { () throws(ServiceError) in
            let s = try db.prepare("INSERT INTO session (id, account_id, created_at) VALUES (1, ?, ?) ON CONFLICT(id) DO UPDATE SET account_id = excluded.account_id, created_at = excluded.created_at")
            s.bind(1, accountID).bind(2, now)
            try s.run()
        }
    }

    /// Signs an account in: saves the session and logs it, together.
    public func signIn(accountID: Int64, now: Int64) throws(ServiceError) {
        try db.transaction { () throws(ServiceError) in
            try saveSession(accountID: accountID, now: now)
            try SQLiteActivityLog(db: db).record(.signedIn, accountID: accountID, subject: try account(id: accountID)?.username ?? "", at: now)
        }
    }

    /// Forgets the saved session, logging the sign-out for its account.
    public func clearSession(now: Int64 = Int64(time(nil))) throws(ServiceError) {
        try db.transaction { () throws(ServiceError) in
            if let signedIn = try savedSession() {
                try SQLiteActivityLog(db: db).record(.signedOut, accountID: signedIn.id, subject: signedIn.username, at: now)
            }
            try db.prepare("DELETE FROM session").run()
        }
    }

    // MARK: Failed sign-ins

    /// How many sign-ins failed in a row for a name, and when the last one was (seconds).
    public func failures(for username: String) throws(ServiceError) -> SignInFailures {
        let s = try db.prepare("SELECT failures, last_failure_at FROM sign_in_failures WHERE username_key = ?")
        defer { s.reset() } // end the read, so no snapshot lingers
        s.bind(1, UsernameKey.of(username))
        guard try s.step() else { return SignInFailures(count: 0, last: 0) }
        return SignInFailures(count: s.int(0), last: s.int64(1))
    }

    public func recordFailure(for username: String, now: Int64) throws(ServiceError) {
        try db.transaction { () throws(ServiceError) in
            let s = try db.prepare("INSERT INTO sign_in_failures (username_key, failures, last_failure_at) VALUES (?, 1, ?) ON CONFLICT(username_key) DO UPDATE SET failures = failures + 1, last_failure_at = excluded.last_failure_at")
            s.bind(1, UsernameKey.of(username)).bind(2, now)
            try s.run()
            // The account's own log hears of it: how many in a row, never what was typed.
            if let named = try account(named: username) {
                let count = try failures(for: username).count
                try SQLiteActivityLog(db: db).record(.signInFailed, accountID: named.id, subject: count == 1 ? "1 attempt" : "\(count) in a row", at: now)
            }
        }
    }

    public func clearFailures(for username: String) throws(ServiceError) {
        try db.transaction { () throws(ServiceError) in
            let s = try db.prepare("DELETE FROM sign_in_failures WHERE username_key = ?")
            s.bind(1, UsernameKey.of(username))
            try s.run()
        }
    }
}
