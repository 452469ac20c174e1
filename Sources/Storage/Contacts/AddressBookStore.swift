import AppServices

/// One account's contacts as the command line's import, export, query and populate use
/// them, on either store: the list's protocols plus UIDs, bulk loads, birthdays, mail
/// addresses and a transaction around many changes.
public protocol AddressBookStore: ContactsService, FriendsService {
    func contactID(uid: String) throws(ServiceError) -> Int64?
    func assignMissingUIDs() throws(ServiceError)
    func allContactIDs() throws(ServiceError) -> [Int64]
    func birthdays() throws(ServiceError) -> [(id: Int64, firstName: String, lastName: String, birthday: String)]
    func emailAddresses(ofContacts ids: [Int64]) throws(ServiceError) -> [(email: String, firstName: String, lastName: String, company: String)]
    func addMany(count: Int, generator: inout ContactGenerator, friendPercent: Int, progress: ((Int) -> Void)?) throws(ServiceError)
    /// Runs `body` in one transaction: all of its changes are kept, or none.
    func inOneTransaction(_ body: () throws(ServiceError) -> Void) throws(ServiceError)
    /// What an import of one file takes its contacts into (use inside `inOneTransaction`).
    func importer() throws(ServiceError) -> any ContactsImporting
    /// One transaction over several turns of the run loop (the app's import, worked in slices).
    func beginTransaction() throws(ServiceError)
    func commitTransaction() throws(ServiceError)
    func rollbackTransaction()
}

extension SQLiteContactsStore: AddressBookStore {
    public func inOneTransaction(_ body: () throws(ServiceError) -> Void) throws(ServiceError) { try db.transaction(body) }
    public func importer() throws(ServiceError) -> any ContactsImporting { try importBatch() }
    public func beginTransaction() throws(ServiceError) { try db.begin() }
    public func commitTransaction() throws(ServiceError) { try db.commit() }
    public func rollbackTransaction() { db.rollback() }
}

extension PostgresContactsStore: AddressBookStore {
    public func inOneTransaction(_ body: () throws(ServiceError) -> Void) throws(ServiceError) { try pg.transaction(body) }
    public func importer() throws(ServiceError) -> any ContactsImporting { PostgresContactsImport(store: self) }
    public func beginTransaction() throws(ServiceError) { try pg.begin() }
    public func commitTransaction() throws(ServiceError) { try pg.commit() }
    public func rollbackTransaction() { pg.rollback() }
}
