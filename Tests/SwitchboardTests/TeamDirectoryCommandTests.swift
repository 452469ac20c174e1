import Foundation
import Testing
@testable import Storage
@testable import switchboard

/// `switchboard directory init|add-member` and the commands on a team directory: each member is
/// who they sign in as, and the server decides what they read and change.
@MainActor
@Suite("Command line: a team directory",
       .enabled(if: ProcessInfo.processInfo.environment["SWITCHBOARD_TEST_POSTGRES_URL"].map { !$0.isEmpty } ?? false,
                "set SWITCHBOARD_TEST_POSTGRES_URL (see .ci/postgres) to run it"))
struct TeamDirectoryCommandTests {
    @Test func ownerSetsUpMembersWhoSeeOnlyWhatTheyMay() throws {
        let directory = try ThrowawayTeamDirectory(prefix: "sb_team")
        defer { directory.drop() }
        let (owner, schema, admin, member) = (directory.owner, directory.schema, directory.admin, directory.member)
        let alice = "alice_\(directory.tag)", bob = "bob_\(directory.tag)"
        let folder = InterchangeFolder("team-cli")
        let environment = ["XDG_STATE_HOME": folder.file("state"), "SWITCHBOARD_PASSWORD_COST": "1"]

        let setUp = runSwitchboard(["directory", "init", "--db", owner], environment: environment)
        #expect(setUp.code == 0, "\(setUp.errors)")
        #expect(setUp.output.contains("Set up") && setUp.output.contains("_editor"))
        #expect(!setUp.output.contains("switchboard:switchboard"), "the owner's password is never printed")
        let again = runSwitchboard(["directory", "init", "--db", owner], environment: environment)
        #expect(again.code == 0 && again.output.contains("already set up"))
        let addAlice = runSwitchboard(["directory", "add-member", alice, "--editor", "--password-command", "printf 'alice pw\\n'", "--db", owner],
                                      environment: environment)
        #expect(addAlice.code == 0, "\(addAlice.errors)")
        #expect(addAlice.output.contains("Added \(alice) (editor") && addAlice.output.contains("\(alice)@127.0.0.1"))
        let addBob = runSwitchboard(["directory", "add-member", bob, "--password-command", "echo 'bob pw'", "--db", owner], environment: environment)
        #expect(addBob.code == 0, "\(addBob.errors)")
        let failing = runSwitchboard(["directory", "add-member", "carol_\(directory.tag)", "--password-command", "exit 3", "--db", owner], environment: environment)
        #expect(failing.code == 1 && failing.errors.contains("--password-command failed"))

        folder.write("private.vcf", "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Private Person\r\nN:Person;Private;;;\r\nEMAIL:private@alice.example\r\nNOTE:alice only\r\nEND:VCARD\r\n")
        folder.write("team.vcf", "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Team Plumber\r\nN:Plumber;Team;;;\r\nEMAIL:plumber@team.example\r\nEND:VCARD\r\n")
        #expect(runSwitchboard(["import", folder.file("private.vcf"), "--db", member(alice, "alice pw")], environment: environment).code == 0)
        let teamImport = runSwitchboard(["import", folder.file("team.vcf"), "--team", "--db", member(alice, "alice pw")], environment: environment)
        #expect(teamImport.code == 0, "\(teamImport.errors)")

        // Bob, signed in as himself: alice's contacts are out of reach, whatever he asks for.
        let asBob = member(bob, "bob pw")
        let pretend = runSwitchboard(["export", "--user", alice, "--db", asBob], environment: environment)
        #expect(pretend.code == 1 && pretend.errors.contains("you are the member you sign in as (\(bob))"), "\(pretend.errors)")
        #expect(!pretend.output.contains("alice only"))
        let query = runSwitchboard(["query", "private", "--db", asBob], environment: environment)
        #expect(query.code == 1 && !query.output.contains("private@alice.example"))
        let own = runSwitchboard(["export", "--db", asBob], environment: environment)
        #expect(own.code == 0 && !own.output.contains("Private Person") && !own.output.contains("Plumber"))
        // The team book: bob reads it, and may not change it (he is no editor).
        let team = runSwitchboard(["query", "plumber", "--team", "--db", asBob], environment: environment)
        #expect(team.code == 0 && team.output.contains("plumber@team.example"), "\(team.output) \(team.errors)")
        let bobWrites = runSwitchboard(["import", folder.file("private.vcf"), "--team", "--db", asBob], environment: environment)
        #expect(bobWrites.code == 1 && bobWrites.errors.contains("does not let you change that") && !bobWrites.errors.contains("password"), "\(bobWrites.output) \(bobWrites.errors)")
        #expect(try admin.scalarInt("SELECT count(*) FROM \(schema).contacts WHERE first_name = 'Private'") == 1)
        // A wrong password signs no one in; the message names no password.
        let wrong = runSwitchboard(["query", "x", "--db", member(bob, "guess")], environment: environment)
        #expect(wrong.code == 1 && !wrong.errors.contains("guess"), "\(wrong.errors)")
        // The owner keeps no contacts: commands say to sign in as a member.
        let asOwner = runSwitchboard(["export", "--db", owner], environment: environment)
        #expect(asOwner.code == 1 && asOwner.errors.contains("sign in as a member"))
        // Who did what, as the database wrote it.
        let actors = try admin.execute("SELECT DISTINCT actor FROM \(schema).activity WHERE kind = 'contact_added'")
        #expect(actors.count == 1 && actors.text(0, 0) == alice)
    }

    /// The app on a team directory: Log In is the server's password check, the saved session is
    /// only good for the role that signed in, and Main opens the team book beside the own contacts.
    @Test func membersSignInToTheAppAsThemselves() throws {
        let directory = try ThrowawayTeamDirectory(prefix: "sb_team")
        defer { directory.drop() }
        let (owner, schema, admin, member) = (directory.owner, directory.schema, directory.admin, directory.member)
        let alice = "alice_\(directory.tag)", bob = "bob_\(directory.tag)"
        let folder = InterchangeFolder("team-app")
        let environment = ["XDG_STATE_HOME": folder.file("state"), "SWITCHBOARD_PASSWORD_COST": "1"]
        #expect(runSwitchboard(["directory", "init", "--db", owner], environment: environment).code == 0)
        #expect(runSwitchboard(["directory", "add-member", alice, "--editor", "--password-command", "echo apw", "--db", owner], environment: environment).code == 0)
        #expect(runSwitchboard(["directory", "add-member", bob, "--password-command", "echo bpw", "--db", owner], environment: environment).code == 0)
        folder.write("private.vcf", "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Private Person\r\nN:Person;Private;;;\r\nEND:VCARD\r\n")
        folder.write("team.vcf", "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Team Plumber\r\nN:Plumber;Team;;;\r\nEND:VCARD\r\n")
        #expect(runSwitchboard(["import", folder.file("private.vcf"), "--db", member(alice, "apw")], environment: environment).code == 0)
        #expect(runSwitchboard(["import", folder.file("team.vcf"), "--team", "--db", member(alice, "apw")], environment: environment).code == 0)
        setenv("PGPASSFILE", "/nonexistent", 1) // no password from anywhere but Log In
        defer { unsetenv("PGPASSFILE") }

        // No password in --db: Log In asks; a wrong one signs no one in.
        let wrong = runSwitchboard(["--headless", "--db", member(bob, nil), "--size", "80x24",
                                    "--keys", "wait:1s \"guess\" Enter wait:1s"], environment: environment)
        #expect(wrong.output.contains("Log In") && !wrong.output.contains("Signed in as"), "\(wrong.output)")
        #expect(wrong.output.contains("A team directory: sign in with the name and") && wrong.output.contains("Wrong user name or password."), "\(wrong.output)")
        #expect(wrong.output.contains(bob), "the name --db gives is filled in")
        #expect(!wrong.output.contains("Create an account"))
        let app = runSwitchboard(["--headless", "--db", member(bob, nil), "--size", "80x24",
                                  "--keys", "wait:1s \"bpw\" Enter wait:1s T wait:600ms"], environment: environment)
        #expect(app.code == 0, "\(app.errors)")
        #expect(app.output.contains("Team contacts (1)") && app.output.contains("Team Plumber"))
        #expect(!app.output.contains("Private Person"))
        // Contacts: one list of both books, the team's marked, alice's own never there; b shows one book, then the other.
        folder.write("bob.vcf", "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Bob Own\r\nN:Own;Bob;;;\r\nEND:VCARD\r\n")
        #expect(runSwitchboard(["import", folder.file("bob.vcf"), "--db", member(bob, "bpw")], environment: environment).code == 0)
        let both = runSwitchboard(["--headless", "--db", member(bob, nil), "--size", "80x24",
                                   "--keys", "wait:1s \"bpw\" Enter wait:1s C wait:600ms"], environment: environment)
        #expect(both.output.contains("All contacts (2)") && both.output.contains("Bob Own") && both.output.contains("Team Plumber  · team"), "\(both.output)")
        #expect(!both.output.contains("Private Person") && !both.output.contains("Bob Own  · team"))
        let mine = runSwitchboard(["--headless", "--db", member(bob, nil), "--size", "80x24",
                                   "--keys", "wait:1s \"bpw\" Enter wait:1s C wait:600ms b wait:600ms"], environment: environment)
        #expect(mine.output.contains("My contacts (1)") && mine.output.contains("Only your own contacts · b: only the team's"), "\(mine.output)")
        let theirs = runSwitchboard(["--headless", "--db", member(bob, nil), "--size", "80x24",
                                     "--keys", "wait:1s \"bpw\" Enter wait:1s C wait:600ms b wait:600ms b wait:600ms"], environment: environment)
        #expect(theirs.output.contains("Team contacts (1)") && theirs.output.contains("Team Plumber"), "\(theirs.output)")
        #expect(!theirs.output.contains("Bob Own") || !theirs.output.split(separator: "Team contacts (1)").last!.contains("Bob Own"))
        // A non-editor's change to the team book: the server refuses, and the form says so.
        let edit = runSwitchboard(["--headless", "--db", member(bob, nil), "--size", "100x30",
                                   "--keys", "wait:1s \"bpw\" Enter wait:1s T wait:600ms Enter wait:500ms e wait:500ms End \"x\" C-s wait:800ms"], environment: environment)
        #expect(edit.output.contains("does not let you change that"), "\(edit.output)")
        #expect(try admin.scalarInt("SELECT count(*) FROM \(schema).contacts WHERE first_name = 'Teamx'") == 0)
        // A session file naming alice's account, with bob's credentials: Log In, not alice's contacts.
        let aliceID = try #require(try admin.scalarInt("SELECT id FROM \(schema).accounts WHERE role_name = $1", [alice]))
        let session = try LocalSessionFile(server: member(bob, "bpw"), environment: environment)
        try session.write(accountID: aliceID)
        let forged = runSwitchboard(["--headless", "--db", member(bob, "bpw"), "--size", "80x24", "--keys", "wait:1s wait:400ms"], environment: environment)
        #expect(forged.output.contains("Log In") && !forged.output.contains("Signed in as"), "\(forged.output)")
    }
}
