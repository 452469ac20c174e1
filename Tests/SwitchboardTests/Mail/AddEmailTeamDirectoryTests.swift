import Foundation
import Testing
@testable import Storage
@testable import switchboard

/// Issue 50: `add-email` and `query` on a team directory (the real PostgreSQL): a member adds
/// to their own book; `--team` adds to the team's, which only an editor may change.
@MainActor
@Suite("add-email on a team directory",
       .enabled(if: ProcessInfo.processInfo.environment["SWITCHBOARD_TEST_POSTGRES_URL"].map { !$0.isEmpty } ?? false,
                "set SWITCHBOARD_TEST_POSTGRES_URL (see .ci/postgres) to run it"))
struct AddEmailTeamDirectoryTests {
    @Test func aMemberAddsToTheirOwnBookAndAnEditorToTheTeams() throws {
        let directory = try ThrowawayTeamDirectory(prefix: "sb_mail")
        defer { directory.drop() }
        let owner = directory.owner, member = directory.member
        let alice = "alice_\(directory.tag)", bob = "bob_\(directory.tag)"
        let folder = InterchangeFolder("mail-team")
        let environment = ["XDG_STATE_HOME": folder.file("state"), "SWITCHBOARD_PASSWORD_COST": "1"]
        #expect(runSwitchboard(["directory", "init", "--db", owner], environment: environment).code == 0)
        #expect(runSwitchboard(["directory", "add-member", alice, "--editor", "--password-command", "echo 'alice pw'", "--db", owner], environment: environment).code == 0)
        #expect(runSwitchboard(["directory", "add-member", bob, "--password-command", "echo 'bob pw'", "--db", owner], environment: environment).code == 0)
        let asAlice = member(alice, "alice pw"), asBob = member(bob, "bob pw")
        folder.write("m.eml", "From: =?UTF-8?Q?J=C3=BCrgen_M=C3=BCller?= <jm@example.de>\r\nTo: Team <team@example.org>\r\n\r\nhi\r\n")

        let bobs = runSwitchboard(["add-email", folder.file("m.eml"), "--quiet", "--db", asBob], environment: environment)
        #expect(bobs.code == 0 && bobs.output == "added Jürgen Müller <jm@example.de>\n", "\(bobs.errors)")
        let again = runSwitchboard(["add-email", folder.file("m.eml"), "--quiet", "--db", asBob], environment: environment)
        #expect(again.output.contains("is in the address book already"), "\(again.output) \(again.errors)")
        let own = runSwitchboard(["query", "jürgen", "--db", asBob], environment: environment)
        #expect(own.output == "Switchboard: 1 address for “jürgen”\njm@example.de\tJürgen Müller\t\n", "\(own.output) \(own.errors)")
        #expect(runSwitchboard(["query", "jürgen", "--team", "--db", asBob], environment: environment).code == 1)
        #expect(runSwitchboard(["query", "jürgen", "--db", asAlice], environment: environment).code == 1)

        // Bob is no editor: the team book refuses him, and nothing is added.
        let refused = runSwitchboard(["add-email", folder.file("m.eml"), "--quiet", "--all", "--team", "--db", asBob], environment: environment)
        #expect(refused.code == 1 && refused.errors.contains("nothing was added"), "\(refused.output) \(refused.errors)")
        #expect(runSwitchboard(["query", "example", "--team", "--db", asBob], environment: environment).code == 1)
        let editor = runSwitchboard(["add-email", folder.file("m.eml"), "--quiet", "--all", "--team", "--db", asAlice], environment: environment)
        #expect(editor.code == 0 && editor.output == "added Jürgen Müller <jm@example.de>\nadded Team <team@example.org>\n", "\(editor.errors)")
        let team = runSwitchboard(["query", "--format", "aerc", "example", "--team", "--db", asBob], environment: environment)
        #expect(team.output == "jm@example.de\tJürgen Müller\nteam@example.org\tTeam\n", "\(team.output) \(team.errors)")
    }
}
