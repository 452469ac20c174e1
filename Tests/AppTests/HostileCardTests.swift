import AppServices
import Foundation
import TestSupport
import Testing
@testable import App
@testable import Storage
@testable import TUIKit

// Issue 47, "a card runs commands": a card comes from files and servers anyone may write. Through
// the whole app on the virtual screen, with the real program runner (`ExternalProgram`, posix_spawn,
// `sh -c`) starting stand-ins for mutt and xdg-open that record the argv they were given: no
// card value reaches them as an option, only http(s) reaches xdg-open, and what is refused is said.

/// A folder put first on PATH holding `mutt` and `xdg-open`: shell scripts that write their
/// arguments, each ended by a NUL, to `<name>.argv` beside them, and exit 0.
final class StandInPrograms: @unchecked Sendable {
    let folder = TempFolder("stand-ins")
    init() {
        for name in ["mutt", "xdg-open"] {
            let path = folder.path + "/" + name
            let script = "#!/bin/sh\nprintf '%s\\0' \"$@\" > '\(folder.path)/\(name).argv'\n"
            _ = FileManager.default.createFile(atPath: path, contents: Data(script.utf8), attributes: [.posixPermissions: 0o755])
        }
    }

    /// The arguments `name` was last started with; nil when it was not started.
    func argv(_ name: String) -> [String]? {
        guard let data = FileManager.default.contents(atPath: folder.path + "/" + name + ".argv") else { return nil }
        var words = String(decoding: data, as: UTF8.self).components(separatedBy: "\0")
        words.removeLast()                                   // after the last NUL
        return words
    }

    func forget() {
        for name in ["mutt", "xdg-open"] { try? FileManager.default.removeItem(atPath: folder.path + "/" + name + ".argv") }
    }

    /// The app's own runner, started through `env` so that the stand-ins come first on PATH for the
    /// program (sh, then mutt or xdg-open) and everything it starts; argv is otherwise untouched.
    var runner: ProgramRunner {
        let path = folder.path + ":/usr/bin:/bin"
        return { arguments in ExternalProgram.run(["env", "PATH=" + path] + arguments) }
    }
}

@MainActor
@Suite("Hostile cards: c and o hand no option and no local file to a program", .serialized)
struct HostileCardProgramTests {
    func card(email: String = "ada@analytical.example", url: String = "https://example.org/ada", programs: StandInPrograms) throws -> AppHarness {
        let h = AppHarness(width: 120, height: 30, runProgram: programs.runner)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        var record = ContactRecord(firstName: "Eve", lastName: "Mallory", emails: [email])
        record.url = url
        _ = try SQLiteContactsStore(database: db, accountID: account.id).add(record)
        h.press("wait:400ms C wait:400ms Enter wait:400ms")
        #expect(h.lines[0].contains("Eve Mallory"), "\(h.text)")
        return h
    }

    @Test func aGoodAddressGoesAfterTheEndOfMuttsOptions() throws {
        let programs = StandInPrograms()
        let h = try card(programs: programs)
        h.press("c")
        #expect(programs.argv("mutt") == ["--", "ada@analytical.example"])
        #expect(h.text.contains("Back from mutt (mail to ada@analytical.example)."), "\(h.text)")
    }

    @Test(arguments: ["-eset editor=/tmp/x@example.org", "-F/tmp/evil.muttrc@example.org", "--@example.org",
                      "eve@example.org\n-e source /tmp/x", "eve\u{1B}]52;c;SGk=\u{07}@example.org", "eve\u{202E}@example.org"])
    func anAddressAProgramWouldMisreadIsNotHandedOver(email: String) throws {
        let programs = StandInPrograms()
        let h = try card(email: email, programs: programs)
        h.press("c")
        #expect(programs.argv("mutt") == nil, "\(programs.argv("mutt") ?? [])")
        #expect(h.terminal.handOverCount == 0)
        #expect(h.text.contains("Not handed to mutt"), "\(h.text)")
        #expect(h.text.contains(email.hasPrefix("-") ? "starts with “-”" : "holds control characters"), "\(h.text)")
    }

    @Test(arguments: [("https://example.org/ada", "https://example.org/ada"), ("HTTP://example.org", "HTTP://example.org"),
                      ("www.example.org/ada", "https://www.example.org/ada")])
    func aWebAddressIsOpened(url: String, opened: String) throws {
        let programs = StandInPrograms()
        let h = try card(url: url, programs: programs)
        h.press("o")
        #expect(programs.argv("xdg-open") == [opened])
        #expect(h.text.contains("Opened \(opened)."), "\(h.text)")
    }

    @Test(arguments: [("--help", "starts with “-”"), ("-x", "starts with “-”"),
                      ("file:///etc/passwd", "is a “file:” address"), ("javascript:alert(1)", "is a “javascript:” address"),
                      ("/etc/passwd", "is not a web address"), ("~/.ssh/id_ed25519", "is not a web address"), ("../x", "is not a web address"),
                      ("smb://host/share", "is a “smb:” address"), ("https:///etc/passwd", "is not a web address"),
                      ("https://example.org/\u{1B}[2J", "holds control characters"), ("https://a.example b", "holds control characters")])
    func anythingButTheWebIsRefusedAndSaid(url: String, said: String) throws {
        let programs = StandInPrograms()
        let h = try card(url: url, programs: programs)
        h.press("o")
        #expect(programs.argv("xdg-open") == nil, "\(programs.argv("xdg-open") ?? [])")
        #expect(h.terminal.handOverCount == 0)
        #expect(h.text.contains("Not opened"), "\(h.text)")
        #expect(h.text.contains(said), "\(h.text)")
    }

    @Test func theClipboardGetsNoControlCharacter() throws {
        let programs = StandInPrograms()
        let h = try card(email: "eve@example.org\u{1B}]52;c;cm0gLXJmIH4=\u{07}\n\u{9B}2J\u{202E}", programs: programs)
        h.press("y")
        let copied = try #require(h.terminal.clipboard)
        #expect(!SafeText.containsControl(copied), "\(copied.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(copied.hasPrefix("eve@example.org\u{FFFD}]52;c;"))
    }
}

/// `ProgramArgument`'s rules alone, over the mail programs' names.
@Suite("Program arguments")
struct ProgramArgumentTests {
    @Test func muttAndItsKinTakeTheEndOfOptions() {
        #expect(ProgramArgument.takesEndOfOptions("mutt"))
        #expect(ProgramArgument.takesEndOfOptions("/usr/bin/neomutt -n"))
        #expect(ProgramArgument.takesEndOfOptions("  s-nail"))
        #expect(!ProgramArgument.takesEndOfOptions("thunderbird -compose"))
    }

    @Test func addressesAndWebAddresses() {
        #expect(ProgramArgument.mailAddress(" ada@example.org ") == .success("ada@example.org"))
        #expect(ProgramArgument.mailAddress("ada.example.org") == .failure(.notAnAddress))
        #expect(ProgramArgument.webAddress("example.org") == .success("https://example.org"))
        #expect(ProgramArgument.webAddress("localhost:8080") == .failure(.scheme("localhost")))
        #expect(ProgramArgument.webAddress("C:\\Windows") == .failure(.scheme("C")))
        #expect(ProgramArgument.webAddress("\\\\host\\share") == .failure(.notAWebAddress))
    }
}
