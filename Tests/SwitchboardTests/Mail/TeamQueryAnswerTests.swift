import AppServices
import Foundation
import Testing
import TestSupport
@testable import Storage
@testable import switchboard

/// Issue 50: on a team directory (the real PostgreSQL, a member signed in as their own role),
/// `query` answers a search of two characters from the word starts read with the addresses
/// (`PostgresContactsStore+MailQuery`): the same text, line for line, as the plain search's
/// answer, in mutt's format (its count line first) and aerc's; another member's contacts and the
/// team book's are in neither.
@MainActor
@Suite("query on a team directory: the search's answer",
       .enabled(if: ProcessInfo.processInfo.environment["SWITCHBOARD_TEST_POSTGRES_URL"].map { !$0.isEmpty } ?? false,
                "set SWITCHBOARD_TEST_POSTGRES_URL (see .ci/postgres) to run it"))
struct TeamQueryAnswerTests {
    func answer(_ query: String, format: String, db: String, index: Bool, state: String) -> (code: Int32, text: String) {
        guard var command = try? QueryCommand.parse([query, "--format", format, "--db", db]) else { return (-1, "") }
        command.usesIndex = index
        var output = Captured(), errors = Captured()
        let code = command.run(environment: ["XDG_STATE_HOME": state], output: &output, errors: &errors)
        return (code, output.text + errors.text)
    }

    @Test func twoCharacterQueriesAnswerAsThePlainSearchDoes() throws {
        let directory = try ThrowawayTeamDirectory(prefix: "sb_teamquery")
        defer { directory.drop() }
        let alice = "alice_\(directory.tag)", bob = "bob_\(directory.tag)"
        let state = InterchangeFolder("team-query").file("state")
        let environment = ["XDG_STATE_HOME": state, "SWITCHBOARD_PASSWORD_COST": "1"]
        #expect(runSwitchboard(["directory", "init", "--db", directory.owner], environment: environment).code == 0)
        #expect(runSwitchboard(["directory", "add-member", alice, "--editor", "--password-command", "echo 'alice pw'", "--db", directory.owner], environment: environment).code == 0)
        #expect(runSwitchboard(["directory", "add-member", bob, "--password-command", "echo 'bob pw'", "--db", directory.owner], environment: environment).code == 0)
        let asAlice = directory.member(alice, "alice pw"), asBob = directory.member(bob, "bob pw")

        var rng = SeededGenerator(seed: 2026)
        for (uri, domain, count) in [(asAlice, "alice.example", 400), (asBob, "bob.example", 40)] {
            let db = try PostgresDatabase(uri: uri)
            let me = try #require(db.memberAtOpening)
            let store = PostgresContactsStore(database: db, accountID: me.id)
            for serial in 0..<count {
                var record = QueryIndexMatchesTheSearchTests.randomContact(&rng, serial: serial)
                record.emails = record.emails.map { $0.replacingOccurrences(of: "@", with: "+\(domain)@") }
                _ = try store.add(record)
            }
            if domain == "alice.example" {
                // Some answers run past aerc's first page (64 contacts).
                #expect(try store.count(matching: "jo", upTo: .max) > PostgresContactsStore.firstMailQueryPage)
                _ = try PostgresContactsStore(database: db, accountID: try #require(db.teamBookID))
                    .add(ContactRecord(firstName: "Joanna", lastName: "Teambook", emails: ["jo@team.example"]))
            }
        }
        for query in QueryIndexMatchesTheSearchTests.queries {
            for format in ["mutt", "aerc"] {
                let indexed = answer(query, format: format, db: asAlice, index: true, state: state)
                let plain = answer(query, format: format, db: asAlice, index: false, state: state)
                #expect(indexed.code == plain.code && indexed.text == plain.text, "“\(query)” \(format):\n\(indexed.text)\nplain:\n\(plain.text)")
                #expect(!indexed.text.contains("bob.example") && !indexed.text.contains("team.example"), "“\(query)” \(format)")
            }
        }
    }
}
