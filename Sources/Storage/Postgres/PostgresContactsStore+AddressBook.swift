import AppServices

/// The PostgreSQL store as a whole address book (transactions on its connection).
extension PostgresContactsStore: AddressBookService {
    public func inOneTransaction(_ body: () throws(ServiceError) -> Void) throws(ServiceError) { try pg.transaction(body) }
    public func importer() throws(ServiceError) -> any ContactsImporting { PostgresContactsImport(store: self) }
    public func beginTransaction() throws(ServiceError) { try pg.begin() }
    public func commitTransaction() throws(ServiceError) { try pg.commit() }
    public func rollbackTransaction() { pg.rollback() }
}
