import TestSupport
import Testing
import Foundation

/// The built executable, run as a separate process.
@Suite("switchboard executable")
struct ProcessTests {
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("switchboard")
    }

    func run(_ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil) throws -> (code: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = Pipe()
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    /// The kiosk on an empty home: a whole tour loop and more, and afterwards
    /// the home, the data home and the working directory are still empty.
    @Test func theKioskTouchesNoFile() throws {
        let base = TempFolder("kiosk")
        defer { withExtendedLifetime(base) {} }
        let folders = ["home", "data", "cwd"].map { base.folder($0) }
        let result = try run(["--headless", "--kiosk", "--seed", "3", "--size", "100x30", "--keys", "wait:50s x wait:1s"],
                             environment: ["HOME": folders[0], "XDG_DATA_HOME": folders[1], "PATH": "/usr/bin:/bin"],
                             directory: URL(fileURLWithPath: folders[2]))
        #expect(result.code == 0, "\(result.errors)")
        #expect(result.errors.isEmpty)
        #expect(result.output.contains("Your turn"))
        for folder in folders {
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "\(folder) was written to")
        }
    }

    @Test func withoutATerminalItSaysSoAndSuggestsHeadless() throws {
        guard FileManager.default.fileExists(atPath: Self.executable.path) else {
            Issue.record("switchboard was not built at \(Self.executable.path)")
            return
        }
        let result = try run([])
        #expect(result.code == 2)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains("needs a terminal"))
        #expect(result.errors.contains("--headless"))
        #expect(result.errors.split(separator: "\n").count == 1)
    }

    @Test func headlessWritesOnlyToStdout() throws {
        let tmp = TempFolder("process")
        defer { withExtendedLifetime(tmp) {} }
        let result = try run(["--headless", "--db", tmp.file("data.sqlite3"), "--size", "30x5", "--keys", "x"])
        #expect(result.code == 0)
        #expect(result.output.split(separator: "\n", omittingEmptySubsequences: false).count == 6)
        #expect(!result.output.contains("\u{1B}")) // no escape sequences: nothing drawn on a terminal
    }

    /// libpq is opened only for a PostgreSQL location: with a broken libpq.so.5 first on the
    /// library path, an SQLite file works as ever (a linked libpq would stop the program before
    /// main), and a postgresql:// location says what is wrong and what to install.
    @Test func libpqIsOpenedOnlyForAPostgreSQLLocation() throws {
        let tmp = TempFolder("libpq")
        defer { withExtendedLifetime(tmp) {} }
        let base = tmp.path
        tmp.folder("lib")
        try "not a library".write(toFile: base + "/lib/libpq.so.5", atomically: true, encoding: .utf8)
        let environment = ["HOME": base, "LD_LIBRARY_PATH": base + "/lib", "SWITCHBOARD_PASSWORD_COST": "1"]
        let sqlite = try run(["--headless", "--db", base + "/data.sqlite3", "--size", "60x16", "--keys", "wait:1s"], environment: environment)
        #expect(sqlite.code == 0, "\(sqlite.errors)")
        #expect(sqlite.output.contains("Create Account"))
        for arguments in [["--headless", "--db", "postgresql://sb:secret@127.0.0.1:1/x", "--keys", "wait:1s"],
                          ["query", "ada", "--db", "postgres://sb:secret@127.0.0.1:1/x"]] {
            let result = try run(arguments, environment: environment)
            #expect(result.code == 1, "\(arguments): \(result.errors)")
            #expect(result.errors.contains("PostgreSQL's client library could not be loaded (libpq.so.5: \(base)/lib/libpq.so.5: file too short). Install it (Debian and Ubuntu: apt-get install libpq5)"),
                    "\(arguments): \(result.errors)")
            #expect(!result.errors.contains("secret"))
        }
    }
}
