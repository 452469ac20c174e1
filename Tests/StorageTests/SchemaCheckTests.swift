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

    @Test func theNewestVersionIsTheNumberOfSteps() {
        #expect(SQLiteMigrations.count == SQLiteMigrations.all.count, "SQLiteMigrations.count must be \(SQLiteMigrations.all.count)")
    }

    @Test func everyTableAnyVersionMadeIsKnown() {
        #expect(SQLiteSchemaCheck.ourTables == SQLiteSchemaCheck.madeTables)
    }

    /// The fast path of the check on open: a new file's tables, and a file's brought up to the newest
    /// version from older ones, are written as the constant says (else every start checks column by column).
    @Test(arguments: [0, 1, 4, 9, 16, 21, 23])
    func theNewestTablesFingerprintIsWhatTheMigrationsWrite(from version: Int) throws {
        let folder = TempFolder()
        let path = folder.path + "/f.sqlite3"
        if version > 0 { try SQLiteEarlierVersionFile.make(at: path, version: version, rows: "", after: 0) }
        let db = try SQLiteDatabase(path: path)
        let found = SQLiteSchemaCheck.tablesFingerprint(of: db.handle)
        #expect(found == SQLiteSchemaCheck.newestTablesFingerprint,
                "newestTablesFingerprint is 0x\(String(found ?? 0, radix: 16)) for a file made at version \(version)")
    }

    /// A table with a column of its own, or a table of another program's, is not the fast path's text.
    @Test func anotherColumnOrTableMissesTheFingerprint() throws {
        let folder = TempFolder()
        let path = folder.path + "/f.sqlite3"
        _ = try SQLiteDatabase(path: path)
        let raw = try SQLiteDatabase(path: path)
        #expect(SQLiteSchemaCheck.tablesFingerprint(of: raw.handle) == SQLiteSchemaCheck.newestTablesFingerprint)
        try raw.execute("ALTER TABLE settings ADD COLUMN colour TEXT")
        #expect(SQLiteSchemaCheck.tablesFingerprint(of: raw.handle) != SQLiteSchemaCheck.newestTablesFingerprint)
        try raw.execute("ALTER TABLE settings DROP COLUMN colour")
        #expect(SQLiteSchemaCheck.tablesFingerprint(of: raw.handle) == SQLiteSchemaCheck.newestTablesFingerprint)
        try raw.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY)")
        #expect(SQLiteSchemaCheck.tablesFingerprint(of: raw.handle) != SQLiteSchemaCheck.newestTablesFingerprint)
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
