import AppServices

/// One account's contacts as the command line's import, export, query and populate use
/// them, on either store: the list's protocols plus UIDs, bulk loads, birthdays, mail
/// addresses and a transaction around many changes.
public protocol AddressBookStore: ContactsStore, FriendsStore {
    func contactID(uid: String) throws(StorageError) -> Int64?
    func assignMissingUIDs() throws(StorageError)
    func allContactIDs() throws(StorageError) -> [Int64]
    func birthdays() throws(StorageError) -> [(id: Int64, firstName: String, lastName: String, birthday: String)]
    func emailAddresses(ofContacts ids: [Int64]) throws(StorageError) -> [(email: String, firstName: String, lastName: String, company: String)]
    func addMany(count: Int, generator: inout ContactGenerator, friendPercent: Int, progress: ((Int) -> Void)?) throws(StorageError)
    /// Runs `body` in one transaction: all of its changes are kept, or none.
    func inOneTransaction(_ body: () throws(StorageError) -> Void) throws(StorageError)
    /// What an import of one file takes its contacts into (use inside `inOneTransaction`).
    func importer() throws(StorageError) -> any ContactsImporting
    /// One transaction over several turns of the run loop (the app's import, worked in slices).
    func beginTransaction() throws(StorageError)
    func commitTransaction() throws(StorageError)
    func rollbackTransaction()
}

extension SQLiteContactsStore: AddressBookStore {
    public func inOneTransaction(_ body: () throws(StorageError) -> Void) throws(StorageError) { try db.transaction(body) }
    public func importer() throws(StorageError) -> any ContactsImporting { try importBatch() }
    public func beginTransaction() throws(StorageError) { try db.begin() }
    public func commitTransaction() throws(StorageError) { try db.commit() }
    public func rollbackTransaction() { db.rollback() }
}

extension PostgresContactsStore: AddressBookStore {
    public func inOneTransaction(_ body: () throws(StorageError) -> Void) throws(StorageError) { try pg.transaction(body) }
    public func importer() throws(StorageError) -> any ContactsImporting { PostgresContactsImport(store: self) }
    public func beginTransaction() throws(StorageError) { try pg.begin() }
    public func commitTransaction() throws(StorageError) { try pg.commit() }
    public func rollbackTransaction() { pg.rollback() }
}
