import TestSupport
import App
import AppServices
import Testing
import Foundation
@testable import Storage

@Suite("SQLite data files")
struct DatabaseTests {
    @Test func aNewFileIsCreatedMigratedAndPrivate() throws {
        let tmp = TempFolder()
        let path = tmp.path + "/nested/switchboard/switchboard.sqlite3"
        let db = try SQLiteDatabase(path: path)
        #expect(db.userVersion == SQLiteDatabase.schemaVersion)
        let file = try FileManager.default.attributesOfItem(atPath: path)
        #expect((file[.posixPermissions] as? Int) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: tmp.path + "/nested/switchboard")
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        #expect(try db.scalarText("PRAGMA journal_mode") == "wal")
        #expect(try db.scalarInt("PRAGMA foreign_keys") == 1)
    }

    @Test func reopeningKeepsTheData() throws {
        let tmp = TempFolder()
        let path = tmp.file("a.sqlite3")
        do {
            let store = SQLiteAccountStore(database: try SQLiteDatabase(path: path), hasher: PasswordHasher(cost: 1))
            _ = try store.createAccount(username: "Ada", password: "correct horse", now: 1)
        }
        let store = SQLiteAccountStore(database: try SQLiteDatabase(path: path), hasher: PasswordHasher(cost: 1))
        #expect(try store.savedSession()?.username == "Ada")
    }

    @Test func notADatabaseIsRefusedUntouched() throws {
        let tmp = TempFolder()
        let content = Data("these are my shopping notes, not a database\n".utf8)
        tmp.write("notes.sqlite3", content)
        #expect(throws: ServiceError.notADatabase(path: tmp.file("notes.sqlite3"))) { try SQLiteDatabase(path: tmp.file("notes.sqlite3")) }
        #expect(tmp.bytes("notes.sqlite3") == content)
        #expect(!FileManager.default.fileExists(atPath: tmp.file("notes.sqlite3-wal")))
    }

    @Test func aDamagedDatabaseIsRefusedUntouched() throws {
        let tmp = TempFolder()
        let path = tmp.file("broken.sqlite3")
        do {
            let db = try SQLiteDatabase(path: path)
            try db.execute("PRAGMA journal_mode = DELETE") // one file, no WAL, for the test
        }
        var bytes = tmp.bytes("broken.sqlite3")!
        // Keep the 100-byte header, wreck the schema page.
        for i in 100..<min(bytes.count, 4096) { bytes[i] = 0xA5 }
        tmp.write("broken.sqlite3", bytes)
        let before = tmp.bytes("broken.sqlite3")
        #expect {
            try SQLiteDatabase(path: path)
        } throws: { error in
            guard let e = error as? ServiceError else { return false }
            return e.kind == .damaged
        }
        #expect(tmp.bytes("broken.sqlite3") == before)
    }

    @Test func aNewerSchemaIsRefusedUntouched() throws {
        let tmp = TempFolder()
        let path = tmp.file("future.sqlite3")
        do {
            let db = try SQLiteDatabase(path: path)
            try db.execute("PRAGMA journal_mode = DELETE; PRAGMA user_version = 99")
        }
        let before = tmp.bytes("future.sqlite3")
        #expect(throws: ServiceError.newerSchema(path: path, found: 99, supported: SQLiteDatabase.schemaVersion)) { try SQLiteDatabase(path: path) }
        #expect(tmp.bytes("future.sqlite3") == before)
        #expect(ServiceError.newerSchema(path: path, found: 99, supported: 1).message.contains("Update switchboard"))
    }

    @Test func aLockedDatabaseSaysSo() throws {
        let tmp = TempFolder()
        let path = tmp.file("locked.sqlite3")
        let holder = try SQLiteDatabase(path: path)
        try holder.execute("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; CREATE TABLE hold (x); ")
        #expect(throws: ServiceError.locked(path: path)) { try SQLiteDatabase(path: path, busyTimeoutMilliseconds: 50) }
        try holder.execute("COMMIT")
    }

    @Test func aFolderInsteadOfAFileAndAnUnwritableFolder() throws {
        let tmp = TempFolder()
        try FileManager.default.createDirectory(atPath: tmp.file("dir.sqlite3"), withIntermediateDirectories: true)
        #expect(throws: ServiceError.unreadable(path: tmp.file("dir.sqlite3"), reason: "it is a folder, not a file")) {
            try SQLiteDatabase(path: tmp.file("dir.sqlite3"))
        }
        #expect {
            try SQLiteDatabase(path: "/proc/switchboard-cannot-exist/db.sqlite3")
        } throws: { error in
            if (error as? ServiceError)?.code == ServiceError.Code.folderNotWritable { return true }
            return false
        }
    }

    @Test func aFailedTransactionWritesNothing() throws {
        let tmp = TempFolder()
        let db = try SQLiteDatabase(path: tmp.file("t.sqlite3"))
        try db.execute("CREATE TABLE t (x INTEGER NOT NULL)")
        #expect(throws: ServiceError.self) {
            try db.transaction { () throws(ServiceError) in
                try db.execute("INSERT INTO t VALUES (1)")
                try db.execute("INSERT INTO t VALUES (NULL)") // fails
            }
        }
        #expect(try db.scalarInt("SELECT count(*) FROM t") == 0)
    }
}
