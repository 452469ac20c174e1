import Testing
import Foundation

/// The built executable, run as a separate process.
@Suite("switchboard executable")
struct ProcessTests {
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("switchboard")
    }

    func run(_ arguments: [String]) throws -> (code: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
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
        let result = try run(["--headless", "--db", NSTemporaryDirectory() + "sb-process-\(UUID().uuidString).sqlite3", "--size", "30x5", "--keys", "x"])
        #expect(result.code == 0)
        #expect(result.output.split(separator: "\n", omittingEmptySubsequences: false).count == 6)
        #expect(!result.output.contains("\u{1B}")) // no escape sequences: nothing drawn on a terminal
    }
}
