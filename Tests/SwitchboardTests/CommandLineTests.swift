import Testing
@testable import switchboard
import TUIKit
import Glibc

/// Collects what the program printed.
struct Captured: TextOutputStream {
    var text = ""
    mutating func write(_ string: String) { text += string }
}

@MainActor
func runSwitchboard(_ arguments: [String]) -> (code: Int32, output: String, errors: String) {
    var output = Captured(), errors = Captured()
    let code = Switchboard.run(arguments: arguments, output: &output, errors: &errors)
    return (code, output.text, errors.text)
}

@MainActor
@Suite("Command line")
struct CommandLineTests {
    @Test func helpAndVersion() {
        let help = runSwitchboard(["--help"])
        #expect(help.code == 0)
        #expect(help.output.contains("--headless"))
        #expect(help.output.contains("--keys"))
        let version = runSwitchboard(["--version"])
        #expect(version.code == 0)
        #expect(version.output.hasPrefix("switchboard "))
    }

    @Test(arguments: [
        (["--bogus"], "unknown argument '--bogus'"),
        (["--headless", "--size"], "--size needs a value"),
        (["--headless", "--size", "80by24"], "bad size '80by24'"),
        (["--headless", "--size", "0x10"], "bad size '0x10'"),
        (["--keys", "Enter"], "--keys only works with --headless"),
        (["--headless", "--keys", "Enter Bogus"], "unknown key 'Bogus'"),
        (["--headless", "--keys", "resize:1"], "bad resize 'resize:1'"),
        (["--headless", "--script", "/no/such/file.keys"], "cannot read script '/no/such/file.keys': No such file or directory"),
    ])
    func badCommandLinesSayWhatIsWrong(arguments: [String], message: String) {
        let result = runSwitchboard(arguments)
        #expect(result.code == 2)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains(message), "\(result.errors)")
        #expect(result.errors.split(separator: "\n").count == 1)
    }

    @Test func headlessPrintsTheFinalScreen() {
        let result = runSwitchboard(["--headless", "--size", "50x12", "--keys", "x y Enter"])
        #expect(result.code == 0)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 12)
        for line in lines { #expect(DisplayWidth.of(String(line)) == 50) }
        #expect(result.output.contains("Keys pressed: 3 · last: Enter"))
        #expect(result.output.contains("Screen 50x10"))
        #expect(result.errors.isEmpty, "\(result.errors)")
    }

    @Test func equalsFormOfFlags() {
        let result = runSwitchboard(["--headless", "--size=40x12", "--keys=x"])
        #expect(result.code == 0)
        #expect(result.output.contains("Keys pressed: 1"))
    }

    @Test func framesArePrintedWithTheirTime() {
        let result = runSwitchboard(["--headless", "--size", "50x12", "--frames", "--keys", "x wait:500ms resize:60x14 y"])
        #expect(result.code == 0)
        let headers = result.output.split(separator: "\n").filter { $0.hasPrefix("--- frame ") }
        #expect(headers == ["--- frame 1 t=0ms", "--- frame 2 t=0ms", "--- frame 3 t=500ms", "--- frame 4 t=500ms"])
        #expect(result.output.contains("Screen 60x12"))
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 + 12 + 12 + 14 + 14 + 1)
    }

    @Test func scriptFilesWithComments() throws {
        let path = "/tmp/switchboard-test-\(getpid())-script.keys"
        try writeFile(path, "# a comment\n\"xy\"  # typed\nEnter\n")
        defer { unlink(path) }
        let result = runSwitchboard(["--headless", "--size", "50x12", "--script", path])
        #expect(result.code == 0, "\(result.errors)")
        #expect(result.output.contains("Keys pressed: 3"))

        try writeFile(path, "Enter\nwait:soon\n")
        let bad = runSwitchboard(["--headless", "--script", path])
        #expect(bad.code == 2)
        #expect(bad.errors.contains("\(path): bad wait 'wait:soon'"))
    }

    @Test func aScriptThatIsNotTextIsRefused() throws {
        let path = "/tmp/switchboard-test-\(getpid())-binary.keys"
        let file = fopen(path, "wb")!
        let bytes: [UInt8] = [0xFF, 0xFE, 0x00, 0x41]
        fwrite(bytes, 1, bytes.count, file)
        fclose(file)
        defer { unlink(path) }
        let result = runSwitchboard(["--headless", "--script", path])
        #expect(result.code == 2)
        #expect(result.errors.contains("not UTF-8 text"))
    }

    func writeFile(_ path: String, _ text: String) throws {
        let file = fopen(path, "wb")!
        fputs(text, file)
        fclose(file)
    }
}
