import AppServices
import Foundation
import TestSupport
import Testing
@testable import App
@testable import Storage
@testable import TUIKit

// Issue 47: a value holding ESC, C0/C1 controls, DEL or bidirectional overrides is shown as `�`
// wherever the app draws it (the list, the card, the form, the friends popup), never sent to the
// terminal; the clipboard (OSC 52) and the programs `c` and `o` start get none of them either.

@MainActor
func forbiddenOnScreen(_ h: AppHarness) -> [UInt32] {
    h.terminal.grid.cells.flatMap { HostileText.forbidden(in: String($0.character)) }
}

@MainActor
@Suite("Hostile cards on the screen", .serialized)
struct HostileCardScreenTests {
    func harness(_ records: [ContactRecord], runProgram: ProgramRunner? = nil) throws -> AppHarness {
        let h = AppHarness(width: 100, height: 30, runProgram: runProgram)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: account.id)
        for record in records { _ = try store.add(record) }
        h.press("wait:1s")
        return h
    }

    @Test func escapeSequencesAndOverridesAreShownAsStandIns() throws {
        var eve = ContactRecord(firstName: "Eve\u{1B}[2J\u{1B}]52;c;SGk=\u{07}", lastName: "\u{202E}Mallory", phones: [.init(label: "home", number: "+1\u{9B}31m555")],
                                emails: ["eve\u{1B}]8;;https://evil.example\u{1B}\\@example.org"], company: "ACME\u{85}\u{7F}\u{2066}Corp",
                                notes: "line\u{1B}[1;1Hover", isFriend: true)
        eve.url = "https://example.org/\u{1B}]0;title\u{07}"
        let h = try harness([eve])
        h.press("F wait:400ms")                                                    // the friends popup
        #expect(h.text.contains("Eve\u{FFFD}[2J\u{FFFD}]52;c;SGk=\u{FFFD}"), "\(h.text)")
        #expect(forbiddenOnScreen(h).isEmpty, "\(forbiddenOnScreen(h))")
        h.press("Esc wait:400ms C wait:400ms")                                     // the list
        #expect(h.text.contains("\u{FFFD}Mallory"), "\(h.text)")
        #expect(forbiddenOnScreen(h).isEmpty, "\(forbiddenOnScreen(h))")
        h.press("Enter wait:400ms")                                                // the card
        #expect(h.text.contains("ACME\u{FFFD}\u{FFFD}\u{FFFD}Corp"), "\(h.text)")
        #expect(forbiddenOnScreen(h).isEmpty, "\(forbiddenOnScreen(h))")
        h.press("e wait:400ms")                                                    // the form
        #expect(forbiddenOnScreen(h).isEmpty, "\(forbiddenOnScreen(h))")
    }

    /// Seeded fuzz: contacts of hostile values, each opened; the screen after every step, the
    /// clipboard after each `y`, and the argv `c` and `o` gave the stand-in programs.
    @Test func fuzzedCardsThroughTheScreenTheClipboardAndThePrograms() throws {
        var random = SeededGenerator(seed: 47_2026_12_07)
        var records: [ContactRecord] = []
        for _ in 0..<24 {
            var record = ContactRecord(firstName: HostileText.value(&random), lastName: HostileText.value(&random),
                                       phones: [.init(label: HostileText.value(&random), number: HostileText.value(&random))],
                                       emails: [HostileText.value(&random) + (Bool.random(using: &random) ? "@example.org" : ""), HostileText.value(&random)],
                                       company: HostileText.value(&random), notes: HostileText.value(&random), isFriend: Bool.random(using: &random))
            record.url = Bool.random(using: &random) ? HostileText.value(&random) : "https://example.org/" + HostileText.value(&random)
            record.title = HostileText.value(&random)
            record.nickname = HostileText.value(&random)
            records.append(record)
        }
        let programs = StandInPrograms()
        let h = try harness(records, runProgram: programs.runner)
        var mails = 0, opens = 0
        h.press("F wait:400ms End wait:400ms")
        #expect(forbiddenOnScreen(h).isEmpty, "popup: \(forbiddenOnScreen(h))")
        h.press("Esc wait:400ms C wait:400ms")
        for index in 0..<records.count {
            #expect(forbiddenOnScreen(h).isEmpty, "list at \(index): \(forbiddenOnScreen(h))")
            h.press("Enter wait:400ms")
            #expect(forbiddenOnScreen(h).isEmpty, "card \(index): \(forbiddenOnScreen(h))")
            for _ in 0..<3 {
                h.press("y")
                if let copied = h.terminal.clipboard { #expect(HostileText.forbidden(in: copied).isEmpty, "\(copied.debugDescription)") }
            }
            programs.forget()
            h.press("c wait:50ms")
            if let argv = programs.argv("mutt") {
                mails += 1
                #expect(argv.count == 2 && argv[0] == "--", "\(argv)")
                #expect(!(argv.last ?? "").hasPrefix("-") && HostileText.forbidden(in: argv.last ?? "").isEmpty, "\(argv)")
            }
            h.press("o wait:50ms")
            if let argv = programs.argv("xdg-open") {
                opens += 1
                #expect(argv.count == 1, "\(argv)")
                let url = argv.first ?? ""
                #expect(url.lowercased().hasPrefix("https://") || url.lowercased().hasPrefix("http://"), "\(argv)")
                #expect(HostileText.forbidden(in: url).isEmpty, "\(argv)")
            }
            #expect(forbiddenOnScreen(h).isEmpty, "card \(index) after its actions: \(forbiddenOnScreen(h))")
            h.press("Esc wait:400ms Down wait:50ms")
        }
        #expect(mails > 0 && opens > 0, "mails \(mails), opens \(opens): the fuzz reached the programs")
    }
}

/// The screen's set of characters never sent (TUIKit's cell buffer) and the set `SafeText` takes
/// out of everything else are one set: checked for every scalar.
@Suite("One set of control characters")
struct OneControlSetTests {
    @Test func theCellBufferAndSafeTextAgreeOnEveryScalar() {
        var disagreements: [UInt32] = []
        for v in UInt32(0)...0x10FFFF where Unicode.Scalar(v) != nil {
            if DisplayWidth.isNonPrinting(v) != SafeText.isControl(v) { disagreements.append(v) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
        #expect(SafeText.line("a\u{1B}[2J\tb\n") == "a\u{FFFD}[2J\u{FFFD}b\u{FFFD}")
        #expect(SafeText.lines("a\u{1B}[2J\tb\r\n\u{202E}") == "a\u{FFFD}[2J\tb\r\n\u{FFFD}")
        #expect(SafeText.line("plain é 中文 👩‍🔬") == "plain é 中文 👩‍🔬")
    }
}
