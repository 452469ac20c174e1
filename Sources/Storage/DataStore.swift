import AppServices

/// The data a command line names with `--db`: an SQLite file (a path), or a shared directory
/// on a PostgreSQL server (`postgresql://…` or `postgres://…`, see `PostgresConnection.isURI`),
/// opened and migrated, with its accounts and each account's contacts.
public struct DataStore {
    /// The path, or the connection string without its password, for messages.
    public let place: String
    public let accounts: any AccountsService
    private let makeContacts: (Int64) -> any AddressBookService

    /// Opens `location`; `environment` places a shared directory's session file (this machine's).
    public init(location: String, environment: [String: String], passwordCost: Int = 0) throws(ServiceError) {
        let hasher = PasswordHasher(cost: passwordCost)
        if PostgresConnection.isURI(location) {
            let db = try PostgresDatabase(uri: location)
            let session = try LocalSessionFile(server: location, environment: environment)
            place = db.server
            accounts = PostgresAccountStore(database: db, session: session, hasher: hasher)
            makeContacts = { PostgresContactsStore(database: db, accountID: $0) }
        } else {
            let db = try SQLiteDatabase(path: location)
            place = location
            accounts = SQLiteAccountStore(database: db, hasher: hasher)
            makeContacts = { SQLiteContactsStore(database: db, accountID: $0) }
        }
    }

    /// One account's contacts.
    public func contacts(of accountID: Int64) -> any AddressBookService { makeContacts(accountID) }
}
