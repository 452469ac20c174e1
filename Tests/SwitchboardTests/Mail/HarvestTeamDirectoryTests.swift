import Foundation
import Testing
@testable import Storage
@testable import switchboard

/// Issue 50: `harvest` on a team directory (the real PostgreSQL): each member's counts are their
/// own (row-level security: another member neither reads nor ranks by them), a resumed run adds
/// only what is new, and `query` ranks by the member's own counts.
@MainActor
@Suite("harvest on a team directory",
       .enabled(if: ProcessInfo.processInfo.environment["SWITCHBOARD_TEST_POSTGRES_URL"].map { !$0.isEmpty } ?? false,
                "set SWITCHBOARD_TEST_POSTGRES_URL (see .ci/postgres) to run it"))
struct HarvestTeamDirectoryTests {
    @Test func eachMemberHarvestsIntoTheirOwnCounts() throws {
        let directory = try ThrowawayTeamDirectory(prefix: "sb_harvest")
        defer { directory.drop() }
        let owner = directory.owner, member = directory.member
        let alice = "alice_\(directory.tag)", bob = "bob_\(directory.tag)"
        let folder = InterchangeFolder("harvest-team")
        let environment = ["XDG_STATE_HOME": folder.file("state"), "SWITCHBOARD_PASSWORD_COST": "1"]
        #expect(runSwitchboard(["directory", "init", "--db", owner], environment: environment).code == 0)
        #expect(runSwitchboard(["directory", "add-member", alice, "--password-command", "echo 'alice pw'", "--db", owner], environment: environment).code == 0)
        #expect(runSwitchboard(["directory", "add-member", bob, "--password-command", "echo 'bob pw'", "--db", owner], environment: environment).code == 0)
        let asAlice = member(alice, "alice pw"), asBob = member(bob, "bob pw")
        let people = ["Zoe Adams <zoe@adams.example>", "Yan Adler <yan@adler.example>"]
        folder.write("in.vcf", QueryForMailClientsTests.card(first: "Zoe", last: "Adams", emails: ["zoe@adams.example"])
                     + QueryForMailClientsTests.card(first: "Yan", last: "Adler", emails: ["yan@adler.example"]))
        for who in [asAlice, asBob] { #expect(runSwitchboard(["import", folder.file("in.vcf"), "--db", who], environment: environment).code == 0) }
        // Alice writes to Yan three times and to Xavier (no contact) once.
        var messages = (1...3).map { HarvestCommandTests.message(from: "Alice <alice@team.example>", to: [people[1]], id: "a\($0)@t") }
        messages.append(HarvestCommandTests.message(from: "Alice <alice@team.example>", to: ["Xavier Ng <x@ng.example>"], id: "a4@t"))
        folder.write("Sent", HarvestCommandTests.mbox(messages))
        let run = runSwitchboard(["harvest", folder.file("Sent"), "--db", asAlice], environment: environment)
        #expect(run.code == 0 && run.output.contains("4 messages read, 4 new"), "\(run.output) \(run.errors)")
        #expect(runSwitchboard(["harvest", folder.file("Sent"), "--db", asAlice], environment: environment).output.contains("0 messages read"))
        #expect(runSwitchboard(["harvest", "--list", "--db", asAlice], environment: environment).output == "x@ng.example\tXavier Ng\t1\t2026-12-03\n")
        // Alice's answer ranks Yan first; Bob's, untouched by her counts, keeps the list's order.
        let hers = runSwitchboard(["query", "--format", "aerc", "ad", "--db", asAlice], environment: environment)
        #expect(hers.output == "yan@adler.example\tYan Adler\nzoe@adams.example\tZoe Adams\n", "\(hers.output) \(hers.errors)")
        let his = runSwitchboard(["query", "--format", "aerc", "ad", "--db", asBob], environment: environment)
        #expect(his.output == "zoe@adams.example\tZoe Adams\nyan@adler.example\tYan Adler\n", "\(his.output) \(his.errors)")
        #expect(runSwitchboard(["harvest", "--list", "--db", asBob], environment: environment).output == "Everyone you wrote to is in the address book.\n")
        // Bob cannot read Alice's rows even by asking the server directly.
        let bobsConnection = try PostgresConnection(uri: asBob)
        #expect(try bobsConnection.scalarInt("SELECT count(*) FROM mail_counts") == 0)
        #expect(runSwitchboard(["harvest", "--team", "x", "--db", asAlice], environment: environment).code == 2)
    }
}
