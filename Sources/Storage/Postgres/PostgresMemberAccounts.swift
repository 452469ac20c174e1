import AppServices

/// Accounts on a team's directory (`PostgresTeamDirectory`), where signing in is connecting: the
/// user name is the member's PostgreSQL role and the server checks the password (SCRAM). The
/// account is always the role the connection signed in as — a session file naming another
/// account signs no one in — and members are added by the directory's owner, not here.
///
/// Also what a directory that could not connect for want of a password answers with: Log In
/// asks for the name and password, and signing in makes the connection.
final class PostgresMemberAccounts: AccountsService {
    /// The directory whose connection signing in makes (it owns this).
    private unowned let directory: PostgresDirectory
    private let session: LocalSessionFile
    /// Failed sign-ins this run, by name (the server keeps its own log; this only slows a guesser here).
    private var failed: [String: SignInFailures] = [:]

    init(directory: PostgresDirectory, session: LocalSessionFile) {
        self.directory = directory
        self.session = session
    }

    /// Members exist once the owner added them: Log In, never Create Account.
    func accountCount() throws(ServiceError) -> Int { 1 }

    func account(named username: String) throws(ServiceError) -> Account? {
        guard let db = directory.connectedDatabase else { return nil }
        let rows = try db.connection.execute("SELECT id, username FROM accounts WHERE role_name = $1", [username])
        return rows.count == 1 ? Account(id: rows.int64(0, 0), username: rows.text(0, 1)) : nil
    }

    /// Connects as `username` with `password`: the server's answer is the check. Nil for a wrong
    /// name or password (the server does not say which).
    func verify(username: String, password: String) throws(ServiceError) -> Account? {
        let signIn = PostgresSignIn(role: username, password: password)
        let db: PostgresDatabase
        do {
            db = try directory.connect(signIn)
        } catch where error.kind == .refused && error.code != .sqlState("42501") {
            return nil
        }
        guard db.isTeamDirectory else {
            throw ServiceError(.refused, place: .server(db.server), detail: "a member's sign-in", code: .notATeamDirectory)
        }
        guard let account = try PostgresTeamDirectory.account(ofSignedInRoleOn: db.connection) else { return nil }
        directory.adopt(db, signIn: signIn)
        return account
    }

    func createAccount(username: String, password: String, now: Int64) throws(AccountCreationFailure) -> Account {
        throw .service(ServiceError(.refused, place: directory.serverPlace, detail: "", code: .membersByAdmin))
    }

    /// The member this connection signed in as, when this machine's session says they are signed in.
    func savedSession() throws(ServiceError) -> Account? {
        guard let db = directory.connectedDatabase, db.isTeamDirectory,
              let member = try PostgresTeamDirectory.account(ofSignedInRoleOn: db.connection) else { return nil }
        return session.read() == member.id ? member : nil
    }

    func signIn(accountID: Int64, now: Int64) throws(ServiceError) {
        try session.write(accountID: accountID)
        if let db = directory.connectedDatabase {
            try PostgresActivityLog(pg: db.connection).record(.signedIn, accountID: accountID, subject: db.connection.role, at: now)
        }
    }

    /// Logging out always forgets the session here and the password of this run, even with the server away.
    func clearSession(now: Int64) throws(ServiceError) {
        let signedIn = session.read()
        session.clear()
        directory.forgetSignIn()
        if let signedIn, let db = directory.connectedDatabase {
            try? PostgresActivityLog(pg: db.connection).record(.signedOut, accountID: signedIn, subject: db.connection.role, at: now)
        }
    }

    func failures(for username: String) throws(ServiceError) -> SignInFailures {
        failed[username] ?? SignInFailures(count: 0, last: 0)
    }

    func recordFailure(for username: String, now: Int64) throws(ServiceError) {
        failed[username] = SignInFailures(count: (failed[username]?.count ?? 0) + 1, last: now)
    }

    func clearFailures(for username: String) throws(ServiceError) {
        failed[username] = nil
    }

    /// A member changes their own role's password (after the current one signs in): libpq makes
    /// the verifier here, the server never sees the password.
    func changePassword(accountID: Int64, current: String, new: String, now: Int64) throws(AccountChangeFailure) {
        do {
            guard let db = directory.connectedDatabase,
                  let member = try PostgresTeamDirectory.account(ofSignedInRoleOn: db.connection), member.id == accountID else {
                throw AccountChangeFailure.noSuchAccount
            }
            guard try verify(username: member.username, password: current) != nil, let checked = directory.connectedDatabase else {
                throw AccountChangeFailure.wrongPassword
            }
            let verifier = try checked.connection.encryptedPassword(new, role: member.username)
            let statement = try checked.connection.execute("SELECT format('ALTER ROLE %I PASSWORD %L', current_user, $1::text)", [verifier])
            try checked.connection.executeScript(statement.text(0, 0))
            try PostgresActivityLog(pg: checked.connection).record(.passwordChanged, accountID: accountID, subject: member.username, at: now)
            directory.remember(PostgresSignIn(role: member.username, password: new))
        } catch let failure as AccountChangeFailure {
            throw failure
        } catch let error as ServiceError {
            throw .service(error)
        } catch {
            throw .noSuchAccount
        }
    }

    func deleteAccount(accountID: Int64, password: String) throws(AccountChangeFailure) {
        throw .service(ServiceError(.refused, place: directory.serverPlace, detail: "", code: .membersByAdmin))
    }
}
