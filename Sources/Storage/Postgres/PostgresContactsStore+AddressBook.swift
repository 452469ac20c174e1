import AppServices

/// The PostgreSQL store as a whole address book (transactions on its connection).
extension PostgresContactsStore: AddressBookService {
    public func inOneTransaction(_ body: () throws(ServiceError) -> Void) throws(ServiceError) { try pg.transaction(body) }
    public func importer() throws(ServiceError) -> any ContactsImporting { PostgresContactsImport(store: self) }
    public func beginTransaction() throws(ServiceError) { try pg.begin() }
    public func commitTransaction() throws(ServiceError) { try pg.commit() }
    public func rollbackTransaction() { pg.rollback() }

    /// The search's matches in list order, a page at a time through `contacts(matching:offset:limit:)`:
    /// a small first page (a mail client's first answer soon), then larger ones, to the end.
    public func forEachContactID(matching query: String, _ body: ([Int64]) throws(ServiceError) -> Bool) throws(ServiceError) {
        var offset = 0, size = 64
        while true {
            let page = try contacts(matching: query, offset: offset, limit: size)
            if page.isEmpty { return }
            guard try body(page.map(\.id)) else { return }
            if page.count < size { return }
            offset += page.count
            size = min(size * 4, 4096)
        }
    }
}
