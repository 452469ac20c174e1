import TestSupport
import AppServices
import Testing
@testable import Storage

/// Two programs opening one file while it is upgraded (the app, and `switchboard query` that mutt
/// starts): each read the version before it took the write lock, so the second one ran a step the
/// first had just committed ("table mail_query_lines already exists", seen on a 1,000,000-contact
/// file during issue 52's runs). A step is run only by the connection that finds it not done.
@Suite("A schema step another program finished meanwhile")
struct MigrationRaceTests {
    @Test func aStepDoneMeanwhileIsSkippedNotRunTwice() throws {
        let tmp = TempFolder()
        let path = tmp.file("race.sqlite3")
        do {
            let db = try SQLiteDatabase(path: path)
            // As version 22 wrote it: no kept mail-query rows.
            try db.execute("\(MigrationUndo.mailQuery) PRAGMA user_version = 22")
        }
        let first = try SQLiteDatabase(path: path)          // reads 22, runs steps 23 and 24
        #expect(first.userVersion == SQLiteDatabase.schemaVersion)
        // The second program read 22 before the first committed: its upgrade must not fail.
        let second = try SQLiteDatabase(path: path)
        try SQLiteMigrations.migrate(second, from: 22)
        #expect(second.userVersion == SQLiteDatabase.schemaVersion)
        #expect(try second.scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'mail_query_rows'") == 1)
    }
}
