import TestSupport
import AppServices
import Foundation
import Testing
@testable import Storage

/// A team's directory (`PostgresTeamDirectory`): each member signs in as a role of their own and
/// the server's row-level security decides what they read and change — checked here with the
/// members' own connections (what psql with their credentials would do), not through the app.
@Suite("A team directory: the database enforces who sees what",
       .enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
struct TeamDirectoryTests {
    /// A team directory with alice (an editor) and bob (a member), each with a password of their own.
    struct Team {
        let server: PostgresTestServer
        let owner: PostgresDatabase
        let alice: Account, bob: Account
        let teamBook: Int64
        let suffix = String(UUID().uuidString.prefix(8)).lowercased()

        init() throws {
            server = try PostgresTestServer()
            owner = try server.open()
            let setUp = try PostgresTeamDirectory.initialize(owner, now: 1)
            #expect(setUp.created)
            alice = try PostgresTeamDirectory.addMember(owner, name: "alice_" + suffix, password: "alice's secret", editor: true, now: 2)
            bob = try PostgresTeamDirectory.addMember(owner, name: "bob_" + suffix, password: "bob's secret", editor: false, now: 3)
            teamBook = try #require(owner.teamBookID)
        }

        func signIn(_ account: Account, _ password: String) throws -> PostgresDatabase {
            try PostgresDatabase(uri: server.uri, signIn: PostgresSignIn(role: account.username, password: password))
        }
        func asAlice() throws -> PostgresDatabase { try signIn(alice, "alice's secret") }
        func asBob() throws -> PostgresDatabase { try signIn(bob, "bob's secret") }
    }

    @Test func aMemberReadsOnlyTheirOwnContactsAndTheTeamBook() throws {
        let team = try Team()
        let alice = try team.asAlice(), bob = try team.asBob()
        #expect(alice.connection.role == team.alice.username)
        #expect(alice.isTeamDirectory && alice.teamBookID == team.teamBook)
        let privateNote = try PostgresContactsStore(database: alice, accountID: team.alice.id)
            .add(ContactRecord(firstName: "Private", lastName: "Person", notes: "alice's private note"))
        _ = try PostgresContactsStore(database: alice, accountID: team.teamBook).add(ContactRecord(firstName: "Team", lastName: "Plumber"))

        // Bob, with his own credentials, straight at the tables (what psql would do).
        let pg = bob.connection
        #expect(try pg.scalarInt("SELECT count(*) FROM contacts") == 1)
        #expect(try pg.scalarInt("SELECT count(*) FROM contacts WHERE account_id = $1", [team.alice.id]) == 0)
        #expect(try pg.scalarInt("SELECT count(*) FROM contact_search WHERE account_id = $1", [team.alice.id]) == 0)
        #expect(try pg.scalarInt("SELECT count(*) FROM activity WHERE account_id = $1", [team.alice.id]) == 0)
        #expect(try pg.scalarInt("SELECT count(*) FROM accounts") == 2) // his own and the team's
        #expect(try pg.execute("UPDATE contacts SET notes = 'bob was here' WHERE id = $1", [privateNote]).affected == 0)
        #expect(try pg.execute("DELETE FROM contacts WHERE id = $1", [privateNote]).affected == 0)
        // Through the app's store, pointed at alice's account: nothing to read, nothing it may write.
        let asBobOnAlice = PostgresContactsStore(database: bob, accountID: team.alice.id)
        #expect(try asBobOnAlice.contact(id: privateNote) == nil)
        #expect(try asBobOnAlice.page(matching: "", offset: 0, limit: 10, countingUpTo: 100).rows.isEmpty)
        let refused = #expect(throws: ServiceError.self) { try asBobOnAlice.add(ContactRecord(firstName: "Planted", lastName: "Card")) }
        #expect(refused?.sqlState == "42501")
        // The team book: bob reads it.
        let teamRows = try PostgresContactsStore(database: bob, accountID: team.teamBook).page(matching: "", offset: 0, limit: 10, countingUpTo: 100).rows
        #expect(teamRows.map(\.lastName) == ["Plumber"])
        // Alice's note is where she left it.
        #expect(try PostgresContactsStore(database: alice, accountID: team.alice.id).contact(id: privateNote)?.notes == "alice's private note")
    }

    @Test func onlyEditorsChangeTheTeamBook() throws {
        let team = try Team()
        let alice = try team.asAlice(), bob = try team.asBob()
        let plumber = try PostgresContactsStore(database: alice, accountID: team.teamBook).add(ContactRecord(firstName: "Team", lastName: "Plumber"))
        let bobsView = PostgresContactsStore(database: bob, accountID: team.teamBook)
        var edited = try #require(try bobsView.contact(id: plumber))
        edited.notes = "bob's change"
        #expect(throws: ServiceError.self) { _ = try bobsView.update(edited) }
        #expect(throws: ServiceError.self) { _ = try bobsView.add(ContactRecord(firstName: "Bob's", lastName: "Pick")) }
        #expect(try bob.connection.execute("DELETE FROM contacts WHERE id = $1", [plumber]).affected == 0)
        // Alice, an editor, may.
        let alicesView = PostgresContactsStore(database: alice, accountID: team.teamBook)
        var hers = try #require(try alicesView.contact(id: plumber))
        hers.notes = "fixed the boiler"
        #expect(try alicesView.update(hers))
        #expect(try bobsView.contact(id: plumber)?.notes == "fixed the boiler")
        // Bob still keeps his own contacts.
        _ = try PostgresContactsStore(database: bob, accountID: team.bob.id).add(ContactRecord(firstName: "Bob's", lastName: "Dentist"))
    }

    /// Undo on a team directory: a member brings back their own delete; the team book's deletes
    /// only an editor brings back; no one sees another member's.
    @Test func deletesAreKeptForUndoUnderTheSameRules() throws {
        let team = try Team()
        let alice = try team.asAlice(), bob = try team.asBob()
        let bobs = PostgresContactsStore(database: bob, accountID: team.bob.id)
        _ = try bobs.delete(id: try bobs.add(ContactRecord(firstName: "Bob's", lastName: "Dentist")))
        let alices = PostgresContactsStore(database: alice, accountID: team.alice.id)
        _ = try alices.delete(id: try alices.add(ContactRecord(firstName: "Alice's", lastName: "Secret")))
        #expect(try bob.connection.scalarInt("SELECT count(*) FROM deleted_contacts") == 1)      // his own only
        #expect(try bobs.restoreLastDeleted()?.lastName == "Dentist")
        let teamBook = PostgresContactsStore(database: alice, accountID: team.teamBook)
        _ = try teamBook.delete(id: try teamBook.add(ContactRecord(firstName: "Team", lastName: "Plumber")))
        #expect(try PostgresContactsStore(database: bob, accountID: team.teamBook).restoreLastDeleted() == nil) // not an editor
        #expect(try teamBook.restoreLastDeleted()?.lastName == "Plumber")
        #expect(try alices.restoreLastDeleted()?.lastName == "Secret")
    }

    @Test func theActivityLogSaysWhoDidItAndNoClientCanSayOtherwise() throws {
        let team = try Team()
        let alice = try team.asAlice(), bob = try team.asBob()
        let id = try PostgresContactsStore(database: alice, accountID: team.teamBook).add(ContactRecord(firstName: "Ada", lastName: "Lovelace"))
        let rows = try bob.connection.execute("SELECT kind, subject, actor, contact_id FROM activity WHERE account_id = $1 ORDER BY id", [team.teamBook])
        #expect(rows.count == 1)
        #expect(rows.text(0, 0) == "contact_added" && rows.text(0, 1) == "Ada Lovelace" && rows.text(0, 2) == team.alice.username)
        #expect(rows.int64(0, 3) == id)
        // Bob writes an event in his own log claiming to be alice: the database writes his name.
        try bob.connection.execute("INSERT INTO activity (account_id, at, kind, subject, actor) VALUES ($1, 1, 'contact_added', 'forged', $2)",
                                   [team.bob.id, team.alice.username])
        #expect(try bob.connection.execute("SELECT actor FROM activity WHERE subject = 'forged'").text(0, 0) == team.bob.username)
        // Bob's feed: the team book's event, with who made it; his own without a name; none of alice's own.
        _ = try PostgresContactsStore(database: alice, accountID: team.alice.id).add(ContactRecord(firstName: "Alice's", lastName: "Secret"))
        let feed = try PostgresActivityStore(database: bob, accountID: team.bob.id).events(before: nil, limit: 10)
        #expect(feed.map(\.subjectWithActor).contains("Ada Lovelace · by \(team.alice.username)"), "\(feed)")
        #expect(feed.contains { $0.subject == "forged" && $0.actor.isEmpty })
        #expect(!feed.contains { $0.subject.contains("Secret") })
        // Nor can he rewrite or remove what the log holds.
        #expect(throws: ServiceError.self) { try bob.connection.execute("UPDATE activity SET actor = 'nobody'") }
        #expect(throws: ServiceError.self) { try bob.connection.execute("DELETE FROM activity") }
    }

    /// Populate as a member: row-level security refuses COPY FROM into the tables (0A000, every
    /// member's populate failed); the rows go through temporary tables and the policies instead.
    @Test func aMemberPopulatesTheirOwnBook() throws {
        let team = try Team()
        let bob = try team.asBob(), alice = try team.asAlice()
        let bobs = PostgresContactsStore(database: bob, accountID: team.bob.id)
        var generator = ContactGenerator(seed: 7)
        try bobs.addMany(count: 300, generator: &generator, friendPercent: 10)
        #expect(try bobs.count(matching: "", upTo: .max) == 300)
        let first = try #require(try bobs.contacts(matching: "", offset: 0, limit: 1).first)
        #expect(try bobs.count(matching: first.lastName, upTo: .max) >= 1)                   // searchable
        #expect(try bobs.count(matching: String(first.lastName.prefix(2)), upTo: .max) >= 1) // word starts too
        #expect(try alice.connection.scalarInt("SELECT count(*) FROM contacts WHERE account_id = $1", [team.bob.id]) == 0)
        #expect(try bob.connection.scalarInt("SELECT count(*) FROM contacts WHERE account_id = $1", [team.bob.id]) == 300)
        // Into another's book: refused by the server.
        var more = ContactGenerator(seed: 8)
        #expect(throws: ServiceError.self) {
            try PostgresContactsStore(database: bob, accountID: team.alice.id).addMany(count: 10, generator: &more, friendPercent: 0)
        }
    }

    @Test func aWrongPasswordOrNoneSignsNoOneIn() throws {
        let team = try Team()
        let wrong = #expect(throws: ServiceError.self) { _ = try team.signIn(team.alice, "guess") }
        #expect(wrong?.kind == .refused)
        // No password anywhere libpq looks (none in the string, PGPASSWORD unset): it says a password is needed.
        let noPassword = team.server.uri.replacingOccurrences(of: "switchboard:switchboard@", with: "\(team.bob.username)@")
        setenv("PGPASSFILE", "/nonexistent", 1)
        defer { unsetenv("PGPASSFILE") }
        let none = #expect(throws: ServiceError.self) { _ = try PostgresDatabase(uri: noPassword) }
        #expect(none?.code == ServiceError.Code.passwordNeeded)
    }

    @Test func settingUpTwiceChangesNothingAndAddingATakenNameIsRefused() throws {
        let team = try Team()
        let again = try PostgresTeamDirectory.initialize(team.owner, now: 9)
        #expect(!again.created)
        #expect(try team.owner.connection.scalarInt("SELECT count(*) FROM accounts WHERE is_team") == 1)
        let taken = #expect(throws: ServiceError.self) {
            _ = try PostgresTeamDirectory.addMember(team.owner, name: team.bob.username, password: "x", editor: false, now: 9)
        }
        #expect(taken?.kind == .conflict)
        #expect(throws: ServiceError.self) { _ = try PostgresTeamDirectory.addMember(team.owner, name: "robert'); DROP TABLE contacts; --", password: "x", editor: false, now: 9) }
        #expect(throws: ServiceError.self) { _ = try PostgresTeamDirectory.addMember(team.owner, name: "postgres", password: "x", editor: false, now: 9) }
    }

    @Test func theServerIsSentAVerifierNeverThePassword() throws {
        let team = try Team()
        // What `addMember` puts in CREATE ROLE: libpq's SCRAM verifier of the password, made here.
        let verifier = try team.owner.connection.encryptedPassword("alice's secret", role: team.alice.username)
        #expect(verifier.hasPrefix("SCRAM-SHA-256$"))
        #expect(!verifier.contains("secret"))
        #expect(try team.asAlice().connection.role == team.alice.username)
    }
}
