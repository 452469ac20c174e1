import CSQLite

/// The SQL functions of switchboard's own that the schema's steps, triggers and statements call,
/// registered on every connection that may run them (`SQLiteDatabase`, and the bare one
/// `SQLiteSchemaCheck` makes each version's shape on): one list, so no step finds one missing.
enum SQLiteFunctions {
    static func register(on db: OpaquePointer) {
        SearchDocumentFunction.register(on: db)
        SearchDocumentFunction.registerFold(on: db)
        GroupsFunction.register(on: db)
        MailQueryLinesFunction.register(on: db)
        MailQueryLinesFunction.registerLineText(on: db)
        MailQueryRowsFunction.register(on: db)
        SortKeyFunction.register(on: db)
        SortKeyFunction.registerBackfill(on: db)
        AddressKeyFunction.register(on: db)
    }
}
