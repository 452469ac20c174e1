import TestSupport
import AppServices
import Testing
@testable import Storage

/// The shapes `SQLiteSchemaCheck` writes out are the ones the migrations make: a new migration that
/// changes a table fails here until the written-out newest shape says so too.
@Suite("Schema check")
struct SchemaCheckTests {
    @Test func theNewestShapeIsWhatTheMigrationsMake() {
        #expect(SQLiteSchemaCheck.expected.count == SQLiteMigrations.all.count + 1)
        #expect(SQLiteSchemaCheck.newestShape == SQLiteSchemaCheck.expected.last)
    }

    @Test func everyTableAnyVersionMadeIsKnown() {
        #expect(SQLiteSchemaCheck.ourTables == SQLiteSchemaCheck.madeTables)
    }

    /// A file at the newest version with a column of its own is another program's (or changed by one).
    @Test func aNewestFileWithAnotherColumnIsRefused() throws {
        let folder = TempFolder()
        let path = folder.path + "/f.sqlite3"
        _ = try SQLiteDatabase(path: path)
        let raw = try SQLiteDatabase(path: path)
        try raw.execute("ALTER TABLE settings ADD COLUMN colour TEXT")
        #expect(throws: ServiceError.self) { _ = try SQLiteDatabase(path: path) }
    }
}
