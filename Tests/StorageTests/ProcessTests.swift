import TestSupport
import Testing
import Foundation
@testable import Storage

/// A second process on the same file: the sqlite3 command-line shell.
@Suite("Two processes on one file")
struct TwoProcessTests {
    func sqliteShell(_ path: String) throws -> (Process, FileHandle, FileHandle) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        return (process, input.fileHandleForWriting, output.fileHandleForReading)
    }

    @Test func anotherProcessWritesWhileWeHaveItOpen() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else {
            Issue.record("the sqlite3 shell is needed for this test (apt-get install sqlite3)")
            return
        }
        let tmp = TempFolder()
        let path = tmp.file("shared.sqlite3")
        let store = SQLiteAccountStore(database: try SQLiteDatabase(path: path), hasher: PasswordHasher(cost: 1))
        _ = try store.createAccount(username: "ada", password: "first password", now: 1)
        let (shell, input, _) = try sqliteShell(path)
        input.write(Data("PRAGMA busy_timeout=3000; INSERT INTO accounts (username, username_key, password_hash, created_at) VALUES ('Grace', 'grace', 'x', 2);\n.quit\n".utf8))
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        #expect(try store.account(named: "GRACE")?.username == "Grace")
        _ = try store.createAccount(username: "linus", password: "third password", now: 3)
        #expect(try store.account(named: "linus") != nil)
    }

    @Test func aWriterKilledMidTransactionLeavesTheDataIntact() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else {
            Issue.record("the sqlite3 shell is needed for this test (apt-get install sqlite3)")
            return
        }
        let tmp = TempFolder()
        let path = tmp.file("crash.sqlite3")
        do {
            let store = SQLiteAccountStore(database: try SQLiteDatabase(path: path), hasher: PasswordHasher(cost: 1))
            _ = try store.createAccount(username: "ada", password: "first password", now: 1)
        }
        let (shell, input, output) = try sqliteShell(path)
        input.write(Data("BEGIN; DELETE FROM accounts; INSERT INTO accounts (username, username_key, password_hash, created_at) VALUES ('Half', 'half', 'x', 2);\nSELECT 'in the middle';\n".utf8))
        // Wait until the shell says it is inside the transaction (its output, not a clock), then kill it.
        var said = ""
        while !said.contains("in the middle") {
            let chunk = output.availableData
            if chunk.isEmpty { break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        #expect(said.contains("in the middle"))
        kill(shell.processIdentifier, SIGKILL)
        shell.waitUntilExit()
        let store = SQLiteAccountStore(database: try SQLiteDatabase(path: path), hasher: PasswordHasher(cost: 1))
        #expect(try store.account(named: "ada") != nil)
        #expect(try store.account(named: "half") == nil)
        #expect(try store.savedSession()?.username == "ada")
    }
}
