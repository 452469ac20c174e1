import Foundation
import Interchange
import Testing
import TestSupport
@testable import switchboard

/// Issue 50: `switchboard add-email` adds a message's people: the sender, with `--all` Reply-To,
/// To and Cc; asks on the terminal (a pseudo-terminal here, as /dev/tty, with the message on
/// standard input), or adds without asking (`--quiet`); never adds an address twice; a message
/// it cannot read adds nothing and says why.
@MainActor
@Suite("add-email", .serialized)
struct AddEmailCommandTests {
    static let message = """
    Return-Path: <jm@example.de>\r
    Received: from mail.example.de by mx.example.org; Mon, 7 Dec 2026 02:00:00 +0100\r
    From: =?UTF-8?Q?J=C3=BCrgen_M=C3=BCller?= <jm@example.de>\r
    Reply-To: "Müller, Jürgen (Büro)" <buero@example.de>\r
    To: Ada Lovelace <ada@example.org>, "Doe, John" <john.doe@example.com>,\r
     =?Shift_JIS?B?jlKTY5G+mFk=?= <yamada@example.jp>\r
    Cc: Undisclosed recipients:;, =?ISO-8859-15?Q?=A4uro_Caf=E9?= <cafe@example.fr>\r
    Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=\r
    Content-Type: text/plain; charset=UTF-8\r
    \r
    From: not-a-header@example.org is the body\r

    """

    /// Every contact's formatted name and e-mails, as an export writes them.
    static func book(_ db: String) -> [String] {
        let export = runSwitchboard(["export", "--db", db])
        var reader = VCardReader(bytes: Array(export.output.utf8))
        return ((try? reader.readAll()) ?? []).compactMap { item -> String? in
            guard case .card(let card) = item else { return nil }
            let c = VCardDecoder.contact(from: card)
            return ([c.formattedName] + c.emails.map(\.value)).joined(separator: " ")
        }.sorted()
    }

    @Test func quietAddsTheSenderOnceAndAllAddsTheRest() {
        let folder = InterchangeFolder("add-email")
        let db = folder.dataFile("m.sqlite3")
        folder.write("ada.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEMAIL:ADA@example.org\r\nEND:VCARD\r\n")
        _ = runSwitchboard(["import", folder.file("ada.vcf"), "--db", db])
        folder.write("m.eml", Self.message)
        let first = runSwitchboard(["add-email", folder.file("m.eml"), "--quiet", "--db", db])
        #expect(first.code == 0, "\(first.errors)")
        #expect(first.output == "added Jürgen Müller <jm@example.de>\n")
        #expect(Self.book(db) == ["Ada Lovelace ADA@example.org", "Jürgen Müller jm@example.de"])
        #expect(runSwitchboard(["query", "jürgen", "--db", db]).output.contains("jm@example.de\tJürgen Müller\t"))
        let again = runSwitchboard(["add-email", folder.file("m.eml"), "--quiet", "--db", db])
        #expect(again.code == 0 && again.output == "jm@example.de is in the address book already (Jürgen Müller)\n", "\(again.output)")
        let all = runSwitchboard(["add-email", folder.file("m.eml"), "--quiet", "--all", "--db", db])
        #expect(all.code == 0, "\(all.errors)")
        #expect(all.output.contains("ada@example.org is in the address book already (Ada Lovelace)"), "\(all.output)")
        #expect(Self.book(db) == ["Ada Lovelace ADA@example.org", "John Doe john.doe@example.com", "Jürgen (Büro) Müller buero@example.de",
                                  "Jürgen Müller jm@example.de", "€uro Café cafe@example.fr", "山田太郎 yamada@example.jp"], "\(Self.book(db))")
    }

    @Test(arguments: [
        ("Subject: no sender\r\n\r\nbody\r\n", "the message has no address in its From: field"),
        ("From: =?UTF-8?B?bad*?= <x@example.org>\r\n\r\n", "a malformed encoded word: =?UTF-8?B?bad*?="),
        ("From: J\u{FC}rgen <j@example.de>\r\n\r\n", "8-bit bytes that are not UTF-8"),
        ("\u{89}PNG\r\n\u{1A}\n\u{0}\u{0}\u{0}\rIHDR", "not a mail message"),
        ("", "no message came on standard input"),
        ("From: ok@example.org\r\nCc: broken <x@\r\n\r\n", "the Cc: field is not a list of addresses"),
    ])
    func badMessagesAddNothingAndSayWhy(message: String, says: String) {
        let folder = InterchangeFolder("add-email-bad")
        let db = folder.dataFile("m.sqlite3")
        // Latin-1 bytes as they are (not UTF-8): the 8-bit case.
        folder.write("m.eml", bytes: message.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
        let result = runSwitchboard(["add-email", folder.file("m.eml"), "--quiet", "--all", "--db", db])
        #expect(result.code == 1)
        #expect(result.errors.contains(says) && result.errors.contains("nothing was added"), "\(result.errors)")
        #expect(Self.book(db).isEmpty)
    }

    /// The terminal's answers: a for a new contact, s to skip, 1 to add to the contact of that name.
    @Test func eachAddressIsAskedAboutAndTheAnswersAreKept() throws {
        let folder = InterchangeFolder("add-email-ask")
        let db = folder.dataFile("m.sqlite3")
        folder.write("j.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jürgen Müller\r\nN:Müller;Jürgen;;;\r\nEMAIL:juergen@home.example\r\nEND:VCARD\r\n")
        _ = runSwitchboard(["import", folder.file("j.vcf"), "--db", db])
        folder.write("m.eml", Self.message)
        var answers = ["x", "1", "s", "a", "", "s", "a"][...]
        var asked: [String] = []
        let terminal = AddEmailTerminal(write: { asked.append($0) }, readLine: { answers.popFirst() })
        var output = Captured(), errors = Captured()
        let command = try AddEmailCommand.parse([folder.file("m.eml"), "--all", "--db", db])
        let code = command.run(environment: ["HOME": "/nonexistent-home"], terminal: terminal, output: &output, errors: &errors)
        #expect(code == 0, "\(errors.text)")
        #expect(asked.first == "Add Jürgen Müller <jm@example.de>?\n  a  add as a new contact\n  s  skip\n  1  add to Jürgen Müller\n[a/s/1]: ")
        #expect(asked.contains("Type a, s or a number from the list: "))
        #expect(output.text == """
            added jm@example.de to Jürgen Müller
            skipped Müller, Jürgen (Büro) <buero@example.de>
            added Ada Lovelace <ada@example.org>
            added Doe, John <john.doe@example.com>
            skipped 山田太郎 <yamada@example.jp>
            added €uro Café <cafe@example.fr>

            """, "\(output.text)")
        #expect(Self.book(db) == ["Ada Lovelace ada@example.org", "John Doe john.doe@example.com", "Jürgen Müller juergen@home.example jm@example.de", "€uro Café cafe@example.fr"], "\(Self.book(db))")
        // No answer (the terminal closed): nothing at all is added, not the ones answered before.
        folder.write("n.eml", "From: New One <new@example.org>\r\nTo: Other <other@example.org>\r\n\r\n")
        var two = ["a"][...]
        let closing = AddEmailTerminal(write: { _ in }, readLine: { two.popFirst() })
        let none = try AddEmailCommand.parse([folder.file("n.eml"), "--all", "--db", db]).run(environment: [:], terminal: closing, output: &output, errors: &errors)
        #expect(none == 1 && errors.text.contains("no answer on the terminal; nothing was added"))
        #expect(Self.book(db).count == 4)
    }

    /// The built program with the message on standard input and a pseudo-terminal as its
    /// controlling terminal (/dev/tty), as mutt's <pipe-message> runs it.
    @Test func asksOnTheTerminalWhileTheMessageComesOnStandardInput() throws {
        let folder = InterchangeFolder("add-email-pty")
        let db = folder.dataFile("m.sqlite3")
        folder.write("m.eml", Self.message)
        let command = "exec '\(ProcessTests.executable.path)' add-email --db '\(db)' < '\(folder.file("m.eml"))'"
        // setsid --ctty: the pseudo-terminal (standard input of setsid) becomes the controlling terminal.
        let terminal = try PseudoTerminal(executable: URL(fileURLWithPath: "/usr/bin/setsid"), arguments: ["--ctty", "/bin/sh", "-c", command],
                                          term: "xterm", columns: 100, rows: 30, environment: ["HOME": "/nonexistent-home"])
        try terminal.wait(for: "the question") { $0.text.contains("[a/s]:") }
        #expect(terminal.screen.text.contains("Add Jürgen Müller <jm@example.de>?"))
        terminal.send("a\r")
        #expect(try terminal.waitForExit() == 0)
        #expect(terminal.screen.text.contains("added Jürgen Müller <jm@example.de>"))
        #expect(Self.book(db) == ["Jürgen Müller jm@example.de"])
    }

    /// Seeded: messages whose From, To and Cc are made of header pieces and random bytes, added
    /// with --all: each run adds every address it reports, or (exit 1) nothing at all.
    @Test func fuzzedMessagesAddAllOrNothing() {
        let folder = InterchangeFolder("add-email-fuzz")
        let db = folder.dataFile("m.sqlite3")
        var rng = SeededGenerator(seed: 5051)
        let pieces = ["Ann <ann@x.org>", "\"Doe, J\" <jd@x.org>", "=?UTF-8?Q?Zo=C3=AB?= <zoe@x.org>", "g: a@x.org, b@x.org;", "(c) c@x.org",
                      "=?UTF-8?B?", "<", ">", ",", "\"", "(", "\r\n ", "=?X?Q?a?=", "@", ";", ":", "=?ISO-8859-1?Q?=E9?= <e@x.org>"]
        var count = Self.book(db).count, added = 0
        for round in 0..<40 {
            var text = ""
            for field in ["From", "To", "Cc"] where field == "From" || Bool.random(using: &rng) {
                text += field + ": "
                for _ in 0..<Int.random(in: 1...4, using: &rng) { text += pieces.randomElement(using: &rng)! + (Bool.random(using: &rng) ? ", " : " ") }
                text += "\r\n"
            }
            var bytes = Array((text + "\r\nbody\r\n").utf8)
            if round % 5 == 4 { bytes.insert(UInt8.random(in: 0x80...0xFF, using: &rng), at: Int.random(in: 0..<bytes.count, using: &rng)) }
            folder.write("f.eml", bytes: bytes)
            let result = runSwitchboard(["add-email", folder.file("f.eml"), "--quiet", "--all", "--db", db])
            let now = Self.book(db).count
            let reported = result.output.split(separator: "\n").filter { $0.hasPrefix("added ") }.count
            if result.code == 0 {
                #expect(now == count + reported, "\(text.debugDescription)\n\(result.output)")
                added += reported
            } else {
                #expect(result.code == 1 && now == count && result.errors.contains("nothing was added"), "\(text.debugDescription)\n\(result.errors)")
            }
            count = now
        }
        #expect(added > 3)
    }
}
