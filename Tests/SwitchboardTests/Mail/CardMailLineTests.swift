import Testing
import TestSupport
@testable import switchboard

/// Issue 50: a contact's card says how often and when last the person was written to, from
/// what `harvest` counted over all of the contact's addresses; a card of someone never written to
/// (or before any harvest) has no such line.
@MainActor
@Suite("the card's mail line", .serialized)
struct CardMailLineTests {
    func card(_ db: String, _ search: String) -> [String] {
        let run = runSwitchboard(["--headless", "--db", db, "--size", "100x30",
                                  "--keys", #"wait:1s C wait:1s / "\#(search)" wait:400ms Enter wait:400ms Enter wait:500ms"#])
        #expect(run.code == 0, "\(run.errors)")
        return run.output.split(separator: "\n").suffix(30).map { String($0) }
    }

    @Test func theCardSaysHowOftenAndWhenLastYouWrote() {
        let folder = InterchangeFolder("card-mail")
        let db = folder.dataFile("c.sqlite3")
        folder.write("in.vcf", QueryForMailClientsTests.card(first: "Adeline", last: "Ray", emails: ["adeline@ray.example", "a.ray@work.example"])
                     + QueryForMailClientsTests.card(first: "Bruno", last: "Quiet", emails: ["bruno@quiet.example"]))
        #expect(runSwitchboard(["import", folder.file("in.vcf"), "--db", db]).code == 0)
        #expect(!card(db, "adeline").contains { $0.contains("You wrote") })
        var messages: [String] = []
        for day in 1...9 {
            messages.append(HarvestCommandTests.message(from: "Me <me@home.example>", to: ["Adeline <adeline@ray.example>"],
                                                        date: "\(day) Nov 2026 10:00:00 +0000", id: "h\(day)@home"))
        }
        // Three to her work address, the last on 3 Dec; one from Bruno to the user.
        for day in 1...3 {
            messages.append(HarvestCommandTests.message(from: "Me <me@home.example>", to: ["A.Ray@work.example"],
                                                        date: "Thu, \(day) Dec 2026 18:00:00 +0000", id: "w\(day)@home"))
        }
        folder.write("Sent", HarvestCommandTests.mbox(messages))
        folder.write("inbox", HarvestCommandTests.mbox([HarvestCommandTests.message(from: "Bruno <bruno@quiet.example>", to: ["me@home.example"],
                                                                                    date: "Fri, 4 Dec 2026 10:00:00 +0000", id: "b@q")]))
        #expect(runSwitchboard(["harvest", folder.file("Sent"), folder.file("inbox"), "--db", db]).code == 0)
        let adeline = card(db, "adeline")
        #expect(adeline.contains { $0.hasPrefix("  mail    You wrote 12 times, last on 3 Dec 2026") }, "\(adeline.joined(separator: "\n"))")
        let bruno = card(db, "bruno")
        #expect(bruno.contains { $0.hasPrefix("  mail    Wrote to you once, last on 4 Dec 2026") }, "\(bruno.joined(separator: "\n"))")
    }
}
