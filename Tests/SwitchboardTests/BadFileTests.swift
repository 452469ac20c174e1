import TestSupport
import AppServices
import Testing
import Foundation
import Storage
import TUIKitTesting

/// Every kind of bad data file, through the executable: the exit code, the
/// message on stderr, the file byte for byte as it was, and no side file left.
@Suite("Bad data files, the table", .serialized)
struct BadFileTests {
    /// One row of the table.
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        /// Exit code of `--headless --keys 'wait:1s C-o wait:1s'`.
        let code: Int32
        /// On stderr (exit 1), or on the screen (exit 0).
        let message: String
        /// False only for a file switchboard may take (zero bytes is what a new data file is).
        var keepsBytes = true
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "random bytes", code: 1, message: "is not a switchboard database"),
        Case(name: "truncated", code: 1, message: "is damaged"),
        Case(name: "zero bytes", code: 0, message: "Log In", keepsBytes: false),
        Case(name: "directory", code: 1, message: "it is a folder, not a file"),
        Case(name: "newer", code: 1, message: "was written by a newer switchboard (data version 99"),
        Case(name: "negative", code: 1, message: "is damaged or changed by another program (data version -1)"),
        Case(name: "older but damaged", code: 1, message: "is damaged or changed by another program (data version 3, but"),
        Case(name: "foreign SQLite database", code: 1, message: "belongs to another program (tables that are not switchboard's: notes, recipes)"),
        Case(name: "foreign tables beside ours", code: 1, message: "belongs to another program (tables that are not switchboard's: extra)"),
        // Another program in the middle of a write: the file can be read, a write waits, then says so.
        Case(name: "locked", code: 0, message: "is locked by another program"),
        Case(name: "read-only file", code: 0, message: "Could not log out"),
        // A folder that cannot be written: the file is read as it is (issue 51), and said to be read only.
        Case(name: "read-only folder", code: 0, message: "Could not log out"),
        Case(name: "corrupt schema page", code: 1, message: "is damaged"),
    ]

    /// A signed-in switchboard file with a few contacts, in rollback mode (one file) unless `wal`.
    static func makeDataFile(at path: String, wal: Bool = false) throws {
        let db = try SQLiteDatabase(path: path)
        let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
        let ada = try accounts.createAccount(username: "ada", password: "analytical", now: 1)
        let contacts = SQLiteContactsStore(database: db, accountID: ada.id, now: { 1 })
        var generator = ContactGenerator(seed: 1)
        try contacts.addMany(count: 200, generator: &generator, friendPercent: 10)
        if !wal { try db.execute("PRAGMA journal_mode = DELETE") }
    }

    @Test(arguments: cases)
    func aBadFileIsReportedAndLeftAlone(_ row: Case) throws {
        let tmp = TempFolder("badfile")
        let folder = tmp.path
        let path = folder + "/data.sqlite3"
        var protected: [String] = []
        var holder: SQLiteDatabase?
        defer {
            for p in protected { WriteProtection.remove(p) }
            withExtendedLifetime(tmp) {} // removed only now
        }
        func sqlite(_ sql: String) throws { try SQLiteDatabase.raw(path: path, sql) }
        switch row.name {
        case "random bytes":
            var g = SystemRandomNumberGenerator()
            _ = FileManager.default.createFile(atPath: path, contents: Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &g) }))
        case "truncated":
            try Self.makeDataFile(at: path)
            let bytes = FileManager.default.contents(atPath: path)!
            _ = FileManager.default.createFile(atPath: path, contents: bytes.prefix(bytes.count / 2))
        case "zero bytes":
            _ = FileManager.default.createFile(atPath: path, contents: Data())
        case "directory":
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        case "newer":
            try Self.makeDataFile(at: path); try sqlite("PRAGMA user_version = 99")
        case "negative":
            try Self.makeDataFile(at: path); try sqlite("PRAGMA user_version = -1")
        case "older but damaged":
            try Self.makeDataFile(at: path); try sqlite("PRAGMA user_version = 3")
        case "foreign SQLite database":
            try sqlite("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); CREATE TABLE recipes (name TEXT); INSERT INTO notes (text) VALUES ('milk')")
        case "foreign tables beside ours":
            try Self.makeDataFile(at: path); try sqlite("CREATE TABLE extra (x)")
        case "locked":
            try Self.makeDataFile(at: path, wal: true)
            holder = try SQLiteDatabase(path: path)
            try holder!.execute("BEGIN IMMEDIATE") // holds the write lock, writes nothing
        case "read-only file":
            try Self.makeDataFile(at: path, wal: true)
            #expect(WriteProtection.set(path)); protected.append(path)
        case "read-only folder":
            try Self.makeDataFile(at: path, wal: true)
            #expect(WriteProtection.set(folder)); protected.append(folder)
        case "corrupt schema page":
            try Self.makeDataFile(at: path)
            var bytes = FileManager.default.contents(atPath: path)!
            for i in 100..<4096 { bytes[i] = 0xA5 } // the header stays, the schema page goes
            _ = FileManager.default.createFile(atPath: path, contents: bytes)
        default:
            Issue.record("no fixture for \(row.name)")
        }
        let before = FileManager.default.contents(atPath: path)
        // What the folder holds (a holder's own -wal and -shm go when it closes).
        let listing = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().filter { holder == nil || !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        let result = try ProcessTests().run(["--headless", "--db", path, "--size", "80x24", "--keys", "wait:1s C-o wait:1s"])
        #expect(result.code == row.code, "\(result.errors)")
        if row.code == 0 {
            // The alert wraps its message: read the screen as running text.
            // The alert wraps its message: read what is inside its box as running text (the screen shows beside it).
            let inside = result.output.split(separator: "\n").compactMap { line -> Substring? in
                guard let first = line.firstIndex(of: "│"), let last = line.lastIndex(of: "│"), first < last else { return nil }
                return line[line.index(after: first)..<last]
            }
            let boxed = inside.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(boxed.contains(row.message) || result.output.contains(row.message), "\(result.output)")
            if row.keepsBytes { #expect(result.output.contains("Signed in as ada")) } // still signed in: the log-out was not written
        } else {
            #expect(result.errors.contains(row.message), "\(result.errors)")
            #expect(result.errors.split(separator: "\n").count == 1)
        }
        if let holder { try holder.execute("ROLLBACK") }
        holder = nil
        if row.keepsBytes { #expect(FileManager.default.contents(atPath: path) == before, "the file was changed") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == listing, "side files were left")
    }
}

/// How the executable ends: 128 + the signal after SIGTERM/SIGHUP, exit 2 above the size limit.
@Suite("Exit statuses")
struct ExitStatusTests {
    @Test(arguments: [("TERM", Int32(143)), ("HUP", Int32(129))])
    func aSignalEndsWith128PlusIt(_ name: String, _ status: Int32) throws {
        let tmp = TempFolder("exit")
        defer { withExtendedLifetime(tmp) {} }
        let path = tmp.file("data.sqlite3")
        let result = try ProcessTests().run(["--headless", "--db", path, "--size", "40x12", "--keys", "wait:1s signal:\(name) x"])
        #expect(result.code == status, "\(result.errors)")
    }

    @Test(arguments: ["1001x10", "10x1001", "10000x10000"])
    func aSizeAboveTheLimitIsRefused(_ size: String) throws {
        let result = try ProcessTests().run(["--headless", "--size", size, "--keys", "x"])
        #expect(result.code == 2)
        #expect(result.errors == "switchboard: bad size '\(size)': use COLSxROWS from 1x1 to 1000x1000, e.g. --size 80x24\n")
        #expect(result.output.isEmpty)
    }
}
