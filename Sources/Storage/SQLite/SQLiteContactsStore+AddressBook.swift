import AppServices

/// The SQLite store as a whole address book (transactions on its database).
extension SQLiteContactsStore: AddressBookService {
    public func inOneTransaction(_ body: () throws(ServiceError) -> Void) throws(ServiceError) { try db.transaction(body) }
    public func importer() throws(ServiceError) -> any ContactsImporting { try importBatch() }
    public func beginTransaction() throws(ServiceError) { try db.begin() }
    public func commitTransaction() throws(ServiceError) { try db.commit() }
    public func rollbackTransaction() { db.rollback() }
}
