import TestSupport
import AppServices
import Testing
@testable import switchboard
import TUIKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Collects what the program printed.
struct Captured: TextOutputStream {
    var text = ""
    mutating func write(_ string: String) { text += string }
}

@MainActor
func runSwitchboard(_ arguments: [String], environment: [String: String] = ["HOME": "/nonexistent-home", "SWITCHBOARD_PASSWORD_COST": "1"]) -> (code: Int32, output: String, errors: String) {
    var output = Captured(), errors = Captured()
    let code = Switchboard.run(arguments: arguments, environment: environment, output: &output, errors: &errors)
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
        (["--headless", "--splash-ms", "soon"], "--splash-ms 'soon': expected milliseconds"),
        (["--headless", "--db", ""], "--db '': expected a file path"),
        (["--headless", "--idle", "30"], "--idle only works with --kiosk"),
        (["--headless", "--seed", "3"], "--seed only works with --kiosk"),
        (["--headless", "--kiosk", "--idle", "0"], "--idle '0': expected seconds from 1 to 86400"),
        (["--headless", "--kiosk", "--seed", "-1"], "--seed '-1': expected a whole number"),
        (["--headless", "--kiosk", "--db", "/tmp/x.sqlite3"], "--db cannot be used with --kiosk"),
        (["--headless", "--kiosk", "--open", "switchboard://about"], "--open cannot be used with --kiosk"),
        (["--headless", "--open", "switchboard://nonsense"], "--open: switchboard:// has no screen “nonsense”. Try main, contacts"),
        (["--open", "http://example.org"], "--open: “http://example.org” is not a switchboard:// link."),
    ])
    func badCommandLinesSayWhatIsWrong(arguments: [String], message: String) {
        let result = runSwitchboard(arguments)
        #expect(result.code == 2)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains(message), "\(result.errors)")
        #expect(result.errors.split(separator: "\n").count == 1)
    }


    @Test func headlessPrintsTheFinalScreen() {
        let tmp = TempFolder("cli"), db = tmp.file("test.sqlite3")
        defer { withExtendedLifetime(tmp) {} }
        let result = runSwitchboard(["--headless", "--db", db, "--size", "60x16", "--keys", "wait:1s"],
                                    environment: ["SWITCHBOARD_PASSWORD_COST": "1"])
        #expect(result.code == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 16)
        for line in lines { #expect(DisplayWidth.of(String(line)) == 60) }
        #expect(lines.first?.contains("Create Account") == true)   // an empty file: the first account
        #expect(!result.output.contains("Welcome back"))
        #expect(result.errors.isEmpty, "\(result.errors)")
    }

    @Test func equalsFormOfFlags() {
        let tmp = TempFolder("cli"), db = tmp.file("test.sqlite3")
        defer { withExtendedLifetime(tmp) {} }
        let result = runSwitchboard(["--headless", "--db=\(db)", "--size=50x14", "--splash-ms=0", "--keys=wait:10ms"])
        #expect(result.code == 0)
        #expect(result.output.contains("Create Account"))       // an empty file: the first account
    }

    @Test func framesArePrintedWithTheirTime() {
        let tmp = TempFolder("cli"), db = tmp.file("test.sqlite3")
        defer { withExtendedLifetime(tmp) {} }
        let result = runSwitchboard(["--headless", "--db", db, "--size", "50x12", "--frames", "--keys", "wait:200ms resize:60x14 wait:100ms"])
        #expect(result.code == 0)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let headers = lines.filter { $0.hasPrefix("--- frame ") }
        #expect(headers.first == "--- frame 1 t=0ms")
        #expect(headers.count >= 4)                              // the spinner turns every 80 ms
        #expect(headers.contains("--- frame 2 t=80ms"))
        #expect(headers.contains("--- frame 4 t=200ms"))               // the resize
        #expect(headers.last == "--- frame 5 t=240ms")
        let numbers = headers.map { Int($0.split(separator: " ")[2])! }
        #expect(numbers == Array(1...headers.count))
        #expect(lines.count > headers.count * 12)
    }

    @Test func scriptFilesWithComments() throws {
        let tmp = TempFolder("cli"), db = tmp.file("test.sqlite3")
        defer { withExtendedLifetime(tmp) {} }
        let path = tmp.file("script.keys")
        try writeFile(path, "# wait for the splash\nwait:1s  # 800 ms by default\n\"ada\"\n")
        let result = runSwitchboard(["--headless", "--db", db, "--size", "60x16", "--script", path])
        #expect(result.code == 0, "\(result.errors)")
        #expect(result.output.contains("ada"))

        try writeFile(path, "Enter\nwait:soon\n")
        let bad = runSwitchboard(["--headless", "--db", db, "--script", path])
        #expect(bad.code == 2)
        #expect(bad.errors.contains("\(path): bad wait 'wait:soon'"))
    }

    @Test func aBadDataFileIsReportedAndLeftAlone() throws {
        let tmp = TempFolder("cli"), db = tmp.file("test.sqlite3")
        defer { withExtendedLifetime(tmp) {} }
        try writeFile(db, "my notes, not a database\n")
        let result = runSwitchboard(["--headless", "--db", db, "--keys", "wait:1s"])
        #expect(result.code == 1)
        #expect(result.errors.contains("is not a switchboard database"))
        // And on the splash, wrapped where the path's length puts it.
        #expect(result.output.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("is not a switchboard database"))
        let file = fopen(db, "r")!
        var buffer = [CChar](repeating: 0, count: 100)
        fgets(&buffer, 100, file)
        fclose(file)
        #expect(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) == "my notes, not a database\n")
    }

    @Test func theKioskNeedsNoPlaceForData() {
        let result = runSwitchboard(["--headless", "--kiosk", "--seed", "1", "--idle", "5", "--keys", "wait:12s x wait:6s"], environment: [:])
        #expect(result.code == 0, "\(result.errors)")
        #expect(result.output.contains("1/9 Welcome"))  // paused, then idle: the tour began again
    }

    @Test func noPlaceForTheDataFile() {
        let result = runSwitchboard(["--headless"], environment: [:])
        #expect(result.code == 2)
        #expect(result.errors.contains("pass --db PATH"))
    }

    @Test func aScriptThatIsNotTextIsRefused() throws {
        let tmp = TempFolder("cli")
        defer { withExtendedLifetime(tmp) {} }
        let path = tmp.file("binary.keys")
        let file = fopen(path, "wb")!
        let bytes: [UInt8] = [0xFF, 0xFE, 0x00, 0x41]
        fwrite(bytes, 1, bytes.count, file)
        fclose(file)
        let result = runSwitchboard(["--headless", "--db", tmp.file("test.sqlite3"), "--script", path])
        #expect(result.code == 2)
        #expect(result.errors.contains("not UTF-8 text"))
    }

    func writeFile(_ path: String, _ text: String) throws {
        let file = fopen(path, "wb")!
        fputs(text, file)
        fclose(file)
    }
}

@MainActor
@Suite("populate")
struct PopulateTests {
    @Test func populateAddsGeneratedContactsToTheSignedInUser() throws {
        let tmp = TempFolder("populate")
        defer { withExtendedLifetime(tmp) {} }
        let db = tmp.file("p.sqlite3")
        for command in [["populate", "--contacts", "10"], ["export"], ["query", "ada"], ["import", tmp.file("p.sqlite3")]] {
            let missing = runSwitchboard(command + ["--db", db])              // no file yet: said, and none made
            #expect(missing.code == 1 && missing.errors.contains("there is no data file at \(db) yet"), "\(command): \(missing.errors)")
            #expect(access(db, F_OK) != 0, "\(command) created the file")
        }
        _ = runSwitchboard(["--headless", "--db", db, "--keys", "wait:1s"])   // the app makes the file, with no account
        let none = runSwitchboard(["populate", "--contacts", "10", "--db", db])
        #expect(none.code == 1)
        #expect(none.errors.contains("nobody is signed in"))
        let signUp = runSwitchboard(["--headless", "--db", db, "--keys", #"wait:1s C-n wait:400ms "ada" Enter "analytical" Enter "analytical" Enter wait:400ms"#])
        #expect(signUp.code == 0)
        let result = runSwitchboard(["populate", "--contacts", "500", "--friends", "20", "--db", db])
        #expect(result.code == 0, "\(result.errors)")
        #expect(result.output.hasPrefix("Added 500 contacts for ada"))
        let list = runSwitchboard(["--headless", "--db", db, "--size", "80x24", "--keys", "wait:1s wait:400ms Down Enter wait:400ms"])
        #expect(list.output.contains("Contacts (500)"))
    }

    @Test(arguments: [
        (["populate"], "--contacts needs a value"),
        (["populate", "--contacts", "0"], "--contacts '0': expected a number"),
        (["populate", "--contacts", "5", "--friends", "101"], "--friends '101': expected a percentage"),
        (["populate", "--contacts", "5", "--bogus"], "unknown argument '--bogus'"),
    ])
    func badPopulateArguments(arguments: [String], message: String) {
        let result = runSwitchboard(arguments)
        #expect(result.code == 2)
        #expect(result.errors.contains(message), "\(result.errors)")
    }
}
