import Testing
import TestSupport
@testable import switchboard

/// Issue 50: the app's search ranked by the mail written. While a search is typed, the contacts
/// it finds that the person writes to most (as `harvest` counted them: most, then most lately)
/// come first under "@", above every match in the list's order; the title says so; the rows are
/// the list's own (Enter opens the card). Before a harvest the search lists as it always did.
@MainActor
@Suite("the search's best matches", .serialized)
struct SearchBestMatchesTests {
    func screen(_ db: String, _ keys: String) -> [String] {
        let run = runSwitchboard(["--headless", "--db", db, "--size", "100x14", "--keys", "wait:1s C wait:1s " + keys])
        #expect(run.code == 0, "\(run.errors)")
        return run.output.split(separator: "\n").suffix(14).map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    /// The rows' section letter and name (the e-mail column cut off): the lines under the header.
    func rows(_ shown: [String]) -> [String] {
        guard let header = shown.firstIndex(where: { $0.hasPrefix("     Name") }) else { return [] }
        return shown[(header + 1)...].prefix { !$0.isEmpty }.map { String($0.prefix(40)).trimmingSuffixSpaces }
    }

    @Test func theSearchShowsThePeopleWrittenToMostFirst() {
        let folder = InterchangeFolder("best-matches")
        let db = folder.dataFile("b.sqlite3")
        folder.write("in.vcf", [("Adele", "Adkins", "adele@music.example"), ("Ade", "Bello", "ade@bello.example"),
                                ("Adeline", "Ray", "adeline@ray.example"), ("Adam", "Smith", "adam@smith.example"),
                                ("Joan", "Major", "joan@major.example")]
            .map { QueryForMailClientsTests.card(first: $0.0, last: $0.1, emails: [$0.2]) }.joined())
        #expect(runSwitchboard(["import", folder.file("in.vcf"), "--db", db]).code == 0)

        let before = screen(db, #"/ "ad" wait:800ms"#)
        #expect(before.contains { $0.contains("Contacts (4 found)") }, "\(before.joined(separator: "\n"))")
        #expect(rows(before) == ["  A  Adele Adkins", "  B  Ade Bello", "  R  Adeline Ray", "  S  Adam Smith"], "\(before.joined(separator: "\n"))")

        var messages: [String] = []
        func sent(_ to: String, _ times: Int, day: Int) {
            for i in 0..<times {
                messages.append(HarvestCommandTests.message(from: "Me <me@home.example>", to: [to], date: "\(day - i) Nov 2026 10:00:00 +0000",
                                                            id: "\(to.hashValue)-\(i)@h"))
            }
        }
        sent("Adeline Ray <adeline@ray.example>", 3, day: 28)
        sent("Ade Bello <ade@bello.example>", 1, day: 20)
        sent("Joan Major <joan@major.example>", 5, day: 27)
        folder.write("Sent", HarvestCommandTests.mbox(messages))
        #expect(runSwitchboard(["harvest", folder.file("Sent"), "--sent", folder.file("Sent"), "--db", db]).code == 0)

        let after = screen(db, #"/ "ad" wait:800ms"#)
        #expect(after.contains { $0.contains("Contacts (4 found, @: written to most)") }, "\(after.joined(separator: "\n"))")
        #expect(rows(after) == ["  @  Adeline Ray", "     Ade Bello", "  A  Adele Adkins", "  B  Ade Bello", "  R  Adeline Ray", "  S  Adam Smith"],
                "\(after.joined(separator: "\n"))")
        // The first row is Adeline's: Enter opens her card, which says how often she was written to.
        let card = screen(db, #"/ "ad" wait:800ms Enter wait:400ms Enter wait:800ms"#)
        #expect(card.contains { $0.contains("Adeline Ray") } && card.contains { $0.contains("You wrote 3 times") }, "\(card.joined(separator: "\n"))")
        // Another search: Joan, written to most of all, is its best match; the list without a search has none.
        let joan = screen(db, #"/ "jo" wait:800ms"#)
        #expect(rows(joan) == ["  @  Joan Major", "  M  Joan Major"], "\(joan.joined(separator: "\n"))")
        let all = screen(db, "wait:500ms")
        #expect(!all.contains { $0.hasPrefix("  @") } && all.contains { $0.contains("Contacts (5)") }, "\(all.joined(separator: "\n"))")
    }
}

private extension String {
    var trimmingSuffixSpaces: String { String(reversed().drop { $0 == " " }.reversed()) }
}
