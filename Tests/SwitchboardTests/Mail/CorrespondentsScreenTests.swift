import Testing
import TestSupport
@testable import switchboard

/// Issue 50: the people the user writes to who are not contacts, on a screen reached from Main
/// (W): most written to first with how often and when last, Space marks (and moves on), Enter adds
/// the marked as contacts (with none marked, the one under the cursor), the key hints say so; the
/// added leave the list and are contacts `query` finds.
@MainActor
@Suite("the correspondents screen", .serialized)
struct CorrespondentsScreenTests {
    func screen(_ db: String, _ keys: String) -> [String] {
        let run = runSwitchboard(["--headless", "--db", db, "--size", "100x14", "--keys", "wait:1s W wait:1s " + keys])
        #expect(run.code == 0, "\(run.errors)")
        return run.output.split(separator: "\n").suffix(14).map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test func spaceMarksAndEnterAddsTheMarked() {
        let folder = InterchangeFolder("correspondents")
        let db = folder.dataFile("c.sqlite3")
        folder.write("in.vcf", QueryForMailClientsTests.card(first: "Known", last: "Person", emails: ["known@x.example"]))
        #expect(runSwitchboard(["import", folder.file("in.vcf"), "--db", db]).code == 0)
        var messages: [String] = []
        func sent(_ to: String, _ times: Int, day: Int) {
            for i in 0..<times {
                messages.append(HarvestCommandTests.message(from: "Me <me@home.example>", to: [to], date: "\(day - i) Nov 2026 10:00:00 +0000", id: "\(to.hashValue)-\(i)@h"))
            }
        }
        sent("Bob Babbage <bob@engine.example>", 3, day: 20)
        sent("\"Somerville, Mary\" <mary@royal.example>", 2, day: 25)
        sent("carol@c.example", 1, day: 5)
        sent("Known Person <known@x.example>", 9, day: 28)
        folder.write("Sent", HarvestCommandTests.mbox(messages))
        #expect(runSwitchboard(["harvest", folder.file("Sent"), "--db", db]).code == 0)

        let shown = screen(db, "")
        #expect(shown.contains { $0.contains("People you write to, not contacts (3)") }, "\(shown.joined(separator: "\n"))")
        let rows = shown.filter { $0.contains("[ ]") || $0.contains("[x]") }
        #expect(rows == ["  [ ] Bob Babbage <bob@engine.example>                wrote 3 times, last 20 Nov 2026",
                         "  [ ] Somerville, Mary <mary@royal.example>           wrote 2 times, last 25 Nov 2026",
                         "  [ ] carol@c.example                                 wrote once, last 5 Nov 2026"], "\(shown.joined(separator: "\n"))")
        #expect(shown.last == " Space Mark  Enter Add  Esc/Backspace Back  ? Help", "\(shown)")

        // Space on Bob (the cursor goes on to Mary), Down past Mary, Space on carol.
        let marked = screen(db, "Space wait:200ms Down wait:200ms Space wait:200ms")
        #expect(marked.filter { $0.contains("[x]") }.count == 2 && marked.contains { $0.contains("[ ] Somerville, Mary") }, "\(marked.joined(separator: "\n"))")
        #expect(marked.contains("  2 marked: Enter adds them."))
        #expect(marked.last == " Space Mark  Enter Add marked  Esc/Backspace Back  ? Help")
        let added = screen(db, "Space wait:200ms Down wait:200ms Space wait:200ms Enter wait:500ms")
        #expect(added.contains { $0.contains("People you write to, not contacts (1)") }, "\(added.joined(separator: "\n"))")
        #expect(added.contains("  Added 2 contacts."))
        #expect(added.filter { $0.contains("[ ]") } == ["  [ ] Somerville, Mary <mary@royal.example>           wrote 2 times, last 25 Nov 2026"])
        let bob = runSwitchboard(["query", "--format", "aerc", "babbage", "--db", db])
        #expect(bob.output == "bob@engine.example\tBob Babbage\n")
        #expect(runSwitchboard(["query", "--format", "aerc", "carol@c", "--db", db]).output == "carol@c.example\tcarol@c.example\n") // shown by its address
        // None marked: Enter adds the one under the cursor; then the list is empty and says so.
        let last = screen(db, "Enter wait:500ms")
        #expect(last.contains("  Added 1 contact."), "\(last.joined(separator: "\n"))")
        #expect(last.contains { $0.contains("No one you wrote to is missing from your contacts") })
        #expect(runSwitchboard(["query", "--format", "aerc", "somerville", "--db", db]).output == "mary@royal.example\tMary Somerville\n")
    }
}
