import AppServices
import Testing
import TestSupport
@testable import switchboard

/// Issue 50: once `harvest` has read the user's mail, `query` puts within each kind of match
/// (a name or address starting with the search, then a match inside a word) the people written to
/// most and most lately first, then the rest by name; a contact written to often but matched only
/// inside a word stays after every starting match.
@MainActor
@Suite("query ranked by the mail written", .serialized)
struct QueryRankedByMailTests {
    static let people: [(first: String, last: String, email: String)] = [
        ("Adele", "Adkins", "adele@adkins.example"),
        ("Ade", "Bello", "ade@bello.example"),
        ("Adelaide", "Kane", "adelaide@kane.example"),
        ("Adeline", "Ray", "adeline@ray.example"),
        ("Jade", "Jones", "jade@jones.example"),
        ("Wade", "Wilson", "wade@wilson.example"),
    ]

    func seeded(_ name: String) -> (InterchangeFolder, String) {
        let folder = InterchangeFolder(name)
        let db = folder.dataFile("q.sqlite3")
        folder.write("in.vcf", Self.people.map { QueryForMailClientsTests.card(first: $0.first, last: $0.last, emails: [$0.email]) }.joined())
        #expect(runSwitchboard(["import", folder.file("in.vcf"), "--db", db]).code == 0)
        return (folder, db)
    }

    /// A sent folder: Adeline 5 times lately, Ade 2 times, Adele 6 times but three years ago,
    /// Wade (matched inside a word) 9 times.
    func harvest(_ folder: InterchangeFolder, _ db: String) {
        var messages: [String] = []
        func sent(_ to: String, _ times: Int, _ date: String) {
            for _ in 0..<times {
                messages.append(HarvestCommandTests.message(from: "Me <me@home.example>", to: [to], date: date, id: "m\(messages.count)@home"))
            }
        }
        sent("adeline@ray.example", 5, "Tue, 1 Dec 2026 10:00:00 +0000")
        sent("Ade Bello <ADE@bello.example>", 2, "Mon, 30 Nov 2026 10:00:00 +0000")
        sent("adele@adkins.example", 6, "Wed, 1 Dec 2023 10:00:00 +0000")
        sent("wade@wilson.example", 9, "Tue, 1 Dec 2026 10:00:00 +0000")
        folder.write("sent-mail", HarvestCommandTests.mbox(messages))
        let run = runSwitchboard(["harvest", folder.file("sent-mail"), "--db", db])
        #expect(run.code == 0 && run.output.contains("22 new"), "\(run.output) \(run.errors)")
    }

    func addresses(_ output: String, skippingFirst: Bool) -> [String] {
        output.split(separator: "\n").dropFirst(skippingFirst ? 1 : 0).map { String($0.split(separator: "\t")[0]) }
    }

    @Test func theMostWrittenToComeFirstWithinEachKindOfMatch() {
        let (folder, db) = seeded("query-ranked")
        // Before the harvest: the list's order (by last name), starting matches first.
        let before = runSwitchboard(["query", "ade", "--db", db])
        #expect(addresses(before.output, skippingFirst: true) == ["adele@adkins.example", "ade@bello.example", "adelaide@kane.example", "adeline@ray.example",
                                                                   "jade@jones.example", "wade@wilson.example"], "\(before.output)")
        harvest(folder, db)
        var query = try? QueryCommand.parse(["ade", "--db", db])
        query?.now = 1796256000 // 2026-12-02
        var output = Captured(), errors = Captured()
        #expect(query?.run(environment: ["HOME": "/nonexistent-home"], output: &output, errors: &errors) == 0)
        // Adeline (5, this week) before Ade (2, this week) before Adele (6, three years ago: halved 11 times);
        // Adelaide never written to: after them; Wade (9) and Jade only inside a word: last, Wade first.
        let expected = ["adeline@ray.example", "ade@bello.example", "adele@adkins.example", "adelaide@kane.example", "wade@wilson.example", "jade@jones.example"]
        #expect(addresses(output.text, skippingFirst: true) == expected, "\(output.text)")
        #expect(output.text.hasPrefix("Switchboard: 6 addresses for “ade”\n"))
        let aerc = runSwitchboard(["query", "--format", "aerc", "ade", "--db", db])
        #expect(addresses(aerc.output, skippingFirst: false) == expected, "\(aerc.output)")
    }

    @Test func howOftenAndHowLatelyWeighTogether() {
        let now: Int64 = 1796256000
        let lately = MailCorrespondent(address: "a", sent: 10, lastSent: now - 86400)
        let longAgo = MailCorrespondent(address: "b", sent: 50, lastSent: now - 3 * 365 * 86400)
        let aYearAgo = MailCorrespondent(address: "c", sent: 12, lastSent: now - 365 * 86400)
        #expect(lately.writtenScore(now: now) == 10)
        #expect(longAgo.writtenScore(now: now) < lately.writtenScore(now: now))
        #expect(aYearAgo.writtenScore(now: now) < lately.writtenScore(now: now) && aYearAgo.writtenScore(now: now) > 1)
        #expect(MailCorrespondent(address: "d").writtenScore(now: now) == 0)
        #expect(MailCountText.cardLine(MailCorrespondent(address: "e", sent: 12, lastSent: 1796288400)) == "You wrote 12 times, last on 3 Dec 2026")
        #expect(MailCountText.cardLine(MailCorrespondent(address: "e", sent: 1, lastSent: 1796288400)) == "You wrote once, last on 3 Dec 2026")
        #expect(MailCountText.cardLine(MailCorrespondent(address: "e", received: 3, lastReceived: 1796288400)) == "Wrote to you 3 times, last on 3 Dec 2026")
        #expect(MailCountText.cardLine(MailCorrespondent(address: "e")) == nil)
    }
}
