import AppServices
import Foundation
import Testing
import TestSupport
@testable import Storage
@testable import switchboard

/// Issue 47, "a teammate harms the others", through the command line: the attacker is a member at
/// psql (their own role and password, SQL on their own connection), the others run switchboard.
@MainActor
@Suite("Command line: a team directory's members do not harm one another",
       .enabled(if: ProcessInfo.processInfo.environment["SWITCHBOARD_TEST_POSTGRES_URL"].map { !$0.isEmpty } ?? false,
                "set SWITCHBOARD_TEST_POSTGRES_URL (see .ci/postgres) to run it"))
struct TeamMemberAttackCommandTests {
    /// A team directory in a schema of its own: alice and carol editors, bob a member.
    final class Team {
        let directory: ThrowawayTeamDirectory
        var admin: PostgresConnection { directory.admin }
        var schema: String { directory.schema }
        var owner: String { directory.owner }
        var tag: String { directory.tag }
        let folder = TempFolder("team-attack")
        var alice: String { "alice_\(tag)" }
        var bob: String { "bob_\(tag)" }
        var carol: String { "carol_\(tag)" }
        /// Each member's machine: a state and a config folder of their own.
        func environment(_ member: String) -> [String: String] {
            ["HOME": "/nonexistent-home", "XDG_STATE_HOME": folder.file("\(member)/state"), "XDG_CONFIG_HOME": folder.file("\(member)/config"),
             "SWITCHBOARD_PASSWORD_COST": "1"]
        }

        init() throws {
            directory = try ThrowawayTeamDirectory(prefix: "sb_attack")
            let db = try PostgresDatabase(uri: directory.owner)
            _ = try PostgresTeamDirectory.initialize(db, now: 1)
            for (name, editor) in [(alice, true), (bob, false), (carol, true)] {
                _ = try PostgresTeamDirectory.addMember(db, name: name, password: "pw-\(name)", editor: editor, now: 2)
            }
        }

        deinit { directory.drop() }

        /// The member's connection string, their password in it.
        func uri(_ name: String) -> String { directory.member(name, "pw-\(name)") }
        /// The member at psql: a connection of their own role.
        func psql(_ name: String) throws -> PostgresConnection { try PostgresConnection(uri: uri(name)) }
        func count(_ sql: String, _ parameters: [any PostgresValue] = []) throws -> Int64 {
            try admin.executeScript("SET search_path = \(schema), public")
            return try admin.scalarInt(sql, parameters) ?? -1
        }
    }

    /// Runs `switchboard sync ARGS` as `member` with no terminal to type at; every command it asks to
    /// run is recorded, and run for real.
    func sync(_ arguments: [String], as member: String, _ team: Team, ran: inout [String]) -> (code: Int32, output: String, errors: String) {
        var output = Captured(), errors = Captured()
        var asked: [String] = []
        let input = PasswordInput(readLine: { _ in nil }, runCommand: { command in
            asked.append(command)
            return PasswordInput.standard.runCommand(command)
        })
        let code: Int32
        do {
            code = try SyncCommand.parse(arguments + ["--db", team.uri(member)]).run(environment: team.environment(member), input: input,
                                                                                   output: &output, errors: &errors)
        } catch {
            return (2, "", "\(error)")
        }
        ran += asked
        return (code, output.text, errors.text)
    }

    /// Item 1: an editor plants a password command on the team book's sync account; another
    /// editor's `sync --team` never runs it. Her own command is kept on her machine, and is not run
    /// once someone points the account at another server.
    @Test func aPasswordCommandNeverComesFromTheDirectory() throws {
        let team = try Team()
        let marker = team.folder.file("pwned")
        let alice = try team.psql(team.alice)
        let teamBook = try #require(try alice.scalarInt("SELECT id FROM accounts WHERE is_team"))
        let planted = "touch \(marker); echo stolen"
        // Straight into the table, as psql would; a directory that refuses the column is fine too.
        let account: Int64
        if let id = try? alice.scalarInt("""
            INSERT INTO sync_accounts (account_id, url, home_url, username, password_command, created_at) VALUES ($1, 'http://127.0.0.1:9/', 'http://127.0.0.1:9/', 'team', $2, 0) RETURNING id
            """, [teamBook, planted]) {
            account = id
        } else {
            account = try #require(try alice.scalarInt("""
                INSERT INTO sync_accounts (account_id, url, home_url, username, created_at) VALUES ($1, 'http://127.0.0.1:9/', 'http://127.0.0.1:9/', 'team', 0) RETURNING id
                """, [teamBook]))
            let refused = #expect(throws: ServiceError.self) { try alice.execute("UPDATE sync_accounts SET password_command = $1 WHERE id = $2", [planted, account]) }
            #expect(refused?.sqlState == "23514")
        }
        try alice.execute("INSERT INTO sync_books (sync_account_id, url, display_name, is_default) VALUES ($1, 'http://127.0.0.1:9/team/', 'Team', true)", [account])

        var ran: [String] = []
        let carols = sync(["--team"], as: team.carol, team, ran: &ran)
        #expect(!FileManager.default.fileExists(atPath: marker), "the planted command ran in carol's process")
        #expect(ran.isEmpty, "\(ran)")
        #expect(carols.code == 1 && carols.errors.contains("switchboard sync password-command CMD --team"), "\(carols.errors)")

        // Carol keeps her own command on her machine: that one runs (the server is not there: the sync fails after it).
        let kept = sync(["password-command", "printf 'carol dav pw'", "--team"], as: team.carol, team, ran: &ran)
        #expect(kept.code == 0 && kept.output.contains("kept on this machine"), "\(kept.errors)")
        #expect(try team.count("SELECT count(*) FROM sync_accounts WHERE password_command IS NOT NULL") == 0)
        _ = sync(["--team"], as: team.carol, team, ran: &ran)
        #expect(ran == ["printf 'carol dav pw'"])
        // Alice cannot use it elsewhere: she points the account at her own server, and carol's command is not run for it.
        try alice.execute("UPDATE sync_accounts SET url = 'https://alice.example/' WHERE id = $1", [account])
        let moved = sync(["--team"], as: team.carol, team, ran: &ran)
        #expect(ran == ["printf 'carol dav pw'"], "carol's password went nowhere new: \(ran)")
        #expect(moved.code == 1 && moved.errors.contains("now names team at https://alice.example/") && moved.errors.contains("nothing was run or sent"), "\(moved.errors)")
        // Nor does alice's machine run carol's: each machine keeps its own.
        let alices = sync(["--team"], as: team.alice, team, ran: &ran)
        #expect(alices.code == 1 && ran.count == 1)
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    /// Item 2, as a member runs it: alice holds the contacts locked at psql; bob's export ends
    /// within the lock timeout and says whose lock it is.
    @Test func anExportWaitsNoLongerThanTheLockTimeoutAndSaysWhoHoldsTheLock() throws {
        let team = try Team()
        let alice = try team.psql(team.alice)
        try alice.executeScript("BEGIN; LOCK TABLE contacts IN ACCESS EXCLUSIVE MODE")
        let started = ContinuousClock.now
        let export = runSwitchboard(["export", "--db", team.uri(team.bob)], environment: team.environment(team.bob))
        let took = ContinuousClock.now - started
        try alice.executeScript("ROLLBACK")
        #expect(took < .seconds(10), "\(took)")
        #expect(export.code == 1 && export.errors.contains("held by \(team.alice)") && export.errors.contains("pg_terminate_backend"), "\(export.errors)")
        #expect(runSwitchboard(["export", "--db", team.uri(team.bob)], environment: team.environment(team.bob)).code == 0)
    }

    /// Item 6: `directory remove-member` asks (or is told) what becomes of the member's own
    /// contacts, says what it did, and the name can be added again.
    @Test func removingAMemberSaysWhatBecomesOfTheirContactsAndTheNameIsFreeAgain() throws {
        let team = try Team()
        let folder = team.folder
        folder.write("own.vcf", Data("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Bob Own\r\nN:Own;Bob;;;\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:4.0\r\nFN:Bob Two\r\nN:Two;Bob;;;\r\nEND:VCARD\r\n".utf8))
        folder.write("team.vcf", Data("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Team Plumber\r\nN:Plumber;Team;;;\r\nEND:VCARD\r\n".utf8))
        #expect(runSwitchboard(["import", folder.file("own.vcf"), "--db", team.uri(team.bob)], environment: team.environment(team.bob)).code == 0)
        #expect(runSwitchboard(["import", folder.file("own.vcf"), "--db", team.uri(team.carol)], environment: team.environment(team.carol)).code == 0)
        #expect(runSwitchboard(["import", folder.file("team.vcf"), "--team", "--db", team.uri(team.carol)], environment: team.environment(team.carol)).code == 0)
        let env = team.environment("owner")

        // Not said, and no terminal to ask at: nothing changes.
        var output = Captured(), errors = Captured()
        let unsaid = try DirectoryCommand.parse(["remove-member", team.bob, "--db", team.owner]).run(now: 5, ask: { _ in nil }, output: &output, errors: &errors)
        #expect(unsaid == 2 && errors.text.contains("--delete-contacts or --keep-contacts"), "\(errors.text)")
        #expect(try team.count("SELECT count(*) FROM pg_roles WHERE rolname = $1", [team.bob]) == 1)
        // Asked at a terminal: "k" keeps them.
        var question = ""
        output = Captured(); errors = Captured()
        let asked = try DirectoryCommand.parse(["remove-member", team.bob, "--db", team.owner]).run(now: 5, ask: { question = $0; return "k" },
                                                                                                  output: &output, errors: &errors)
        #expect(asked == 0, "\(errors.text)")
        #expect(question.contains("\(team.bob) has 2 contacts of their own"), "\(question)")
        #expect(output.text.contains("Removed \(team.bob)") && output.text.contains("2 contacts of their own kept as “\(team.bob) (removed)”"), "\(output.text)")
        #expect(try team.count("SELECT count(*) FROM pg_roles WHERE rolname = $1", [team.bob]) == 0)
        #expect(try team.count("SELECT count(*) FROM contacts c JOIN accounts a ON a.id = c.account_id WHERE a.username = $1", [team.bob + " (removed)"]) == 2)
        #expect(runSwitchboard(["export", "--db", team.uri(team.bob)], environment: team.environment(team.bob)).code == 1)
        // Added again: a new member with an empty book, not the kept contacts.
        let again = runSwitchboard(["directory", "add-member", team.bob, "--password-command", "echo pw-\(team.bob)", "--db", team.owner], environment: env)
        #expect(again.code == 0, "\(again.errors)")
        let fresh = runSwitchboard(["export", "--db", team.uri(team.bob)], environment: team.environment(team.bob))
        #expect(fresh.code == 0 && !fresh.output.contains("Bob Own"), "\(fresh.errors)")

        // Carol, with --delete-contacts: her own contacts go, her team book change stays.
        let removed = runSwitchboard(["directory", "remove-member", team.carol, "--delete-contacts", "--db", team.owner], environment: env)
        #expect(removed.code == 0, "\(removed.errors)")
        #expect(removed.output.contains("2 contacts of their own deleted") && removed.output.contains("1 change of theirs to the team book stays"), "\(removed.output)")
        #expect(try team.count("SELECT count(*) FROM accounts WHERE username = $1", [team.carol]) == 0)
        #expect(try team.count("SELECT count(*) FROM contacts WHERE first_name = 'Team'") == 1)
        #expect(try team.count("SELECT count(*) FROM contact_search WHERE first_name = 'Bob'") == 2) // bob's kept two, carol's gone
        let readded = runSwitchboard(["directory", "add-member", team.carol, "--editor", "--password-command", "echo pw-\(team.carol)", "--db", team.owner], environment: env)
        #expect(readded.code == 0, "\(readded.errors)")
        #expect(runSwitchboard(["import", folder.file("own.vcf"), "--db", team.uri(team.carol)], environment: team.environment(team.carol)).code == 0)
        // A role dropped by hand (what there was before remove-member) left its account behind, and the
        // name could not be added again; remove-member clears what is left, and it can.
        try team.admin.executeScript("DROP ROLE \(team.alice)")
        let stuck = runSwitchboard(["directory", "add-member", team.alice, "--password-command", "echo pw", "--db", team.owner], environment: env)
        #expect(stuck.code == 1, "\(stuck.output)")
        let cleared = runSwitchboard(["directory", "remove-member", team.alice, "--keep-contacts", "--db", team.owner], environment: env)
        #expect(cleared.code == 0 && cleared.output.contains("Removed \(team.alice)"), "\(cleared.errors)")
        #expect(runSwitchboard(["directory", "add-member", team.alice, "--password-command", "echo pw", "--db", team.owner], environment: env).code == 0)
        let unknown = runSwitchboard(["directory", "remove-member", "nobody_\(team.tag)", "--delete-contacts", "--db", team.owner], environment: env)
        #expect(unknown.code == 1 && unknown.errors.contains("is not a member"), "\(unknown.errors)")
    }
}
