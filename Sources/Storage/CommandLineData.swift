import AppServices

/// The data a command line names with `--db`: an SQLite file (a path), or a shared directory
/// on a PostgreSQL server (`postgresql://…` or `postgres://…`, see `PostgresConnection.isURI`),
/// opened and migrated, with its accounts and each account's contacts.
public struct CommandLineData {
    /// The path, or the connection string without its password, for messages.
    public let place: String
    public let accounts: any AccountsService
    /// On a team's directory (`PostgresTeamDirectory`): the team book's account, and the account
    /// of the member this connection signed in as (nil for the owner, who keeps no contacts).
    /// Whose contacts a command uses is then decided by who signed in, never by a name given.
    public let team: (book: Int64, member: Account?)?
    /// The password commands of a shared directory's sync accounts, kept on this machine (nil for
    /// a file, which keeps the one `sync add` was given in its own tables).
    public let localSyncCommands: LocalSyncCommands?
    private let makeContacts: (Int64) -> any AddressBookService
    private let makeSync: () -> any SyncStore

    /// Opens `location`; `environment` places a shared directory's session file (this machine's).
    /// `signIn`: a team member's role and password for a shared directory (nil: the connection
    /// string's, or libpq's own places).
    public init(location: String, environment: [String: String], passwordCost: Int = 0, signIn: PostgresSignIn? = nil) throws(ServiceError) {
        let hasher = PasswordHasher(cost: passwordCost)
        if PostgresConnection.isURI(location) {
            let db = try PostgresDatabase(uri: location, signIn: signIn)
            let session = try LocalSessionFile(server: location, environment: environment)
            place = db.server
            team = db.teamBookID.map { ($0, db.memberAtOpening) }
            accounts = PostgresAccountStore(database: db, session: session, hasher: hasher)
            makeContacts = { PostgresContactsStore(database: db, accountID: $0) }
            let commands = try? LocalSyncCommands(connection: db.connection, environment: environment)
            localSyncCommands = commands
            makeSync = { PostgresSyncStore(database: db, localCommands: commands) }
        } else {
            let db = try SQLiteDatabase(path: location)
            place = location
            team = nil
            accounts = SQLiteAccountStore(database: db, hasher: hasher)
            makeContacts = { SQLiteContactsStore(database: db, accountID: $0) }
            localSyncCommands = nil
            makeSync = { SQLiteSyncStore(database: db) }
        }
    }

    /// One account's contacts.
    public func contacts(of accountID: Int64) -> any AddressBookService { makeContacts(accountID) }

    /// CardDAV sync's state, on the same connection (on a team's directory, what the member who
    /// signed in may see of it).
    public func syncStore() -> any SyncStore { makeSync() }
}
