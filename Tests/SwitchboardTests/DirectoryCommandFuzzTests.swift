import TestSupport
import Testing
@testable import switchboard

/// Seeded fuzz of what `switchboard directory` takes: argument lists in any order and number
/// (words, flags, values missing, connection strings with passwords, file paths), and whatever a
/// password's source hands back. Nothing crashes; a command is either complete (an action and a
/// server) or refused with a usage message that never holds a password; a password is what was
/// typed or printed, never an empty one.
@Suite("Fuzz: the directory command's arguments and passwords")
struct DirectoryCommandFuzzTests {
    static let secret = "hunter2"
    static let tokens = ["init", "add-member", "bob", "alice_2", "--editor", "--password-command", "echo pw", "--db",
                         "postgresql://owner@127.0.0.1:5432/team", "postgresql://owner:\(secret)@db/team", "host=db dbname=team password=\(secret)",
                         "/tmp/contacts.sqlite3", "--help", "-h", "--frobnicate", "", "a b", "ünïcödé", "--", "-", "--db=x"]

    @Test func argumentsInAnyOrderParseOrAreRefusedPlainly() {
        var random = SeededGenerator(seed: 2026_12_05)
        var complete = 0, refused = 0
        for _ in 0..<5_000 {
            // Half of them a whole command with a few tokens put in anywhere, half any tokens at all.
            var arguments = Bool.random(using: &random)
                ? [["init", "--db", "postgresql://owner@127.0.0.1:5432/team"], ["add-member", "bob", "--db", "postgresql://owner:\(Self.secret)@db/team"],
                   ["add-member", "alice_2", "--editor", "--password-command", "echo pw", "--db", "host=db dbname=team"]].randomElement(using: &random)!
                : []
            for _ in 0..<(arguments.isEmpty ? Int.random(in: 0...7, using: &random) : Int.random(in: 0...2, using: &random)) {
                arguments.insert(Self.tokens.randomElement(using: &random)!, at: Int.random(in: 0...arguments.count, using: &random))
            }
            do {
                let command = try DirectoryCommand.parse(arguments)
                if command.wantsHelp { continue }
                complete += 1
                #expect(command.action != nil && command.location != nil, "\(arguments)")
                if case .addMember(let name, _)? = command.action { #expect(!name.isEmpty || arguments.contains(""), "\(arguments)") }
            } catch {
                refused += 1
                #expect(!error.description.isEmpty)
                #expect(!error.description.contains(Self.secret), "\(arguments) -> \(error.description)")
            }
        }
        #expect(complete > 100 && refused > 1_000) // both ways were walked
    }

    /// Found by the fuzz: a connection string typed without `--db` was echoed, password and all, in
    /// "unknown argument '…'".
    @Test func aConnectionStringWithoutItsFlagIsRefusedWithoutItsPassword() {
        #expect(throws: UsageError.unknownArgument("postgresql://owner:\(Self.secret)@db/team")) {
            try DirectoryCommand.parse(["init", "postgresql://owner:\(Self.secret)@db/team"])
        }
        #expect(UsageError.unknownArgument("postgresql://owner:\(Self.secret)@db/team").description
                == "unknown argument 'postgresql://owner:***@db/team' (see switchboard --help)")
    }

    @Test func aPasswordIsWhatWasGivenAndNeverEmpty() {
        var random = SeededGenerator(seed: 38)
        let lines: [String?] = [nil, "", "pw", " spaced out ", "ünï", String(repeating: "x", count: 5_000), "line\u{0}nul", "\r"]
        for _ in 0..<2_000 {
            let first = lines.randomElement(using: &random)!, command = Bool.random(using: &random) ? "cmd" : nil
            let printed: Result<String, PasswordInput.Failure> = Bool.random(using: &random)
                ? .success(lines.randomElement(using: &random)! ?? "") : .failure(.init(text: "--password-command failed (exit status 1); nothing was changed"))
            let input = PasswordInput(readLine: { _ in first }, runCommand: { _ in printed })
            switch input.password(for: "bob", command: command) {
            case .success(let password):
                #expect(!password.isEmpty)
                if command != nil { #expect(printed == .success(password)) } else { #expect(password == first) }
            case .failure(let why):
                #expect(!why.text.isEmpty)
            }
        }
    }
}
