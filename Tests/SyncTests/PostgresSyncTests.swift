import AppServices
import CardDAV
import Foundation
import Storage
import Sync
import TestSupport
import Testing
@testable import switchboard

/// Two-way CardDAV sync of a team directory on a real PostgreSQL server, per member: `switchboard
/// sync add` and `switchboard sync` with `--db postgresql://MEMBER:…@…` against a real Radicale
/// (the member's first sync, an edit and a delete each way, changes made while the server was
/// away sent once it is back), and another member's connection seeing and changing none of it.
/// Runs when both `SWITCHBOARD_TEST_POSTGRES_URL` and `SWITCHBOARD_TEST_CARDDAV_URL` are set
/// (`.ci/run` starts both); skipped otherwise, and says so.
enum PostgresSyncServer {
    static let postgresURL: String? = {
        guard let value = ProcessInfo.processInfo.environment["SWITCHBOARD_TEST_POSTGRES_URL"], !value.isEmpty else {
            print("note: SWITCHBOARD_TEST_POSTGRES_URL is not set, so the sync tests on PostgreSQL are SKIPPED (start a server with .ci/postgres start and export it).")
            return nil
        }
        return value
    }()
    static var isAvailable: Bool { postgresURL != nil && SyncTestServer.isAvailable }
    static let needs: Comment = "needs SWITCHBOARD_TEST_POSTGRES_URL and SWITCHBOARD_TEST_CARDDAV_URL (.ci/run starts both servers)"
}

@MainActor
@Suite("Sync of a team directory on PostgreSQL", .serialized)
struct PostgresSyncTests {
    struct Captured: TextOutputStream {
        var text = ""
        mutating func write(_ string: String) { text += string }
    }

    /// A team directory in a schema of its own with two members, alice and bob, each a role with a
    /// password; a file with the CardDAV password for --password-command.
    final class Team {
        let admin: PostgresConnection
        let schema: String
        let owner: String
        let alice: Account, bob: Account
        let folder = TempFolder("pg-sync")
        var passwordFile: String { folder.file("pw") }
        var environment: [String: String] { ["HOME": "/nonexistent-home", "XDG_STATE_HOME": folder.file("state"), "XDG_CONFIG_HOME": folder.file("config")] }

        /// `aliceEdits`: alice is an editor (changes the team book, and may sync it).
        init(aliceEdits: Bool = false) throws {
            let base = try #require(PostgresSyncServer.postgresURL)
            let tag = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
            schema = "sb_sync_\(tag)"
            admin = try PostgresConnection(uri: base)
            try admin.executeScript("CREATE SCHEMA \(schema)")
            owner = base + (base.contains("?") ? "&" : "?") + "options=-c%20search_path%3D\(schema)%2Cpublic"
            let db = try PostgresDatabase(uri: owner)
            _ = try PostgresTeamDirectory.initialize(db, now: 1)
            alice = try PostgresTeamDirectory.addMember(db, name: "alice_\(tag)", password: "alice-pg", editor: aliceEdits, now: 2)
            bob = try PostgresTeamDirectory.addMember(db, name: "bob_\(tag)", password: "bob-pg", editor: false, now: 3)
            try SyncTestServer.password.write(toFile: folder.file("pw"), atomically: true, encoding: .utf8)
        }

        deinit { try? admin.executeScript("DROP SCHEMA \(schema) CASCADE") }

        /// The member's connection string, their password in it (as a person might type it).
        func uri(_ member: Account, _ password: String?) -> String {
            let at = owner.range(of: "@")!
            let scheme = owner.range(of: "://")!
            return String(owner[..<scheme.upperBound]) + member.username + (password.map { ":" + $0 } ?? "") + String(owner[at.lowerBound...])
        }
        var asAlice: String { uri(alice, "alice-pg") }
        var asBob: String { uri(bob, "bob-pg") }
        func aliceDatabase() throws -> PostgresDatabase { try PostgresDatabase(uri: owner, signIn: PostgresSignIn(role: alice.username, password: "alice-pg")) }
        func bobDatabase() throws -> PostgresDatabase { try PostgresDatabase(uri: owner, signIn: PostgresSignIn(role: bob.username, password: "bob-pg")) }
    }

    func run(_ arguments: [String], _ team: Team) -> (code: Int32, output: String, errors: String) {
        var output = Captured(), errors = Captured()
        let code = Switchboard.run(arguments: arguments, environment: team.environment, output: &output, errors: &errors)
        return (code, output.text, errors.text)
    }

    @Test(.enabled(if: PostgresSyncServer.isAvailable, PostgresSyncServer.needs))
    func aMembersFirstSyncThenEditsAndDeletesBothWays() throws {
        let base = try #require(SyncTestServer.url)
        let team = try Team()
        let book = try SyncTestServer.freshAddressBook(on: base)
        let phone = try SyncTestServer.client()
        let adaURL = book.url + "ada.vcf"
        try phone.put(SyncFixture.card(uid: "pg-ada", first: "Ada", last: "Lovelace", note: "from the phone"), at: adaURL, replacing: nil)
        // A contact alice has in the directory before sync is set up: it goes up at the first sync.
        let alice = try team.aliceDatabase()
        let contacts = PostgresContactsStore(database: alice, accountID: team.alice.id)
        let graceID = try contacts.add(ContactRecord(firstName: "Grace", lastName: "Hopper", emails: ["grace@example.com"]))

        let command = "cat \(team.passwordFile)"
        let added = run(["sync", "add", base, "--username", SyncTestServer.user, "--password-command", command,
                         "--addressbook", SyncCommand.lastSegment(of: book.url), "--db", team.asAlice], team)
        #expect(added.code == 0, "\(added.errors)")
        #expect(added.output.contains("added alice at \(base)") && added.output.contains("1 contact here will go up"), "\(added.output)")
        #expect(!added.output.contains("alice-pg") && !added.errors.contains("alice-pg"))
        // Kept in the directory, under alice's account, without the password; its command on alice's machine only.
        #expect(try team.admin.scalarInt("SELECT count(*) FROM \(team.schema).sync_accounts WHERE account_id = $1 AND password_command IS NULL",
                                         [team.alice.id]) == 1)
        let kept = try #require(FileManager.default.subpaths(atPath: team.folder.file("config/switchboard/sync"))?.first)
        #expect(try String(contentsOfFile: team.folder.file("config/switchboard/sync/" + kept), encoding: .utf8).contains("\t" + command + "\n"))
        #expect(try team.admin.scalarInt("SELECT count(*) FROM \(team.schema).sync_accounts WHERE position($1 in concat_ws(' ', url, home_url, username, password_command, ca_file)) > 0",
                                         [SyncTestServer.password]) == 0)

        let first = run(["sync", "--db", team.asAlice], team)
        #expect(first.code == 0, "\(first.errors)")
        #expect(first.output == "↓ 1 new, 0 changed, 0 deleted · ↑ 1 sent · 0 conflicts\n")
        let ada = try #require(try contacts.allContactIDs().compactMap { try contacts.contact(id: $0) }.first { $0.firstName == "Ada" })
        #expect(ada.notes == "from the phone" && ada.card.contains("X-PHONE-COLOR:teal"))
        var cards = try serverCards(phone, book)
        let graceCard = try #require(cards.first { $0.value.contains("Hopper") })
        #expect(graceCard.value.contains("grace@example.com"))
        let sync = PostgresSyncStore(database: alice)
        #expect(try sync.pendingCount() == 0)
        #expect(try sync.bookNames(of: [graceID, ada.id!]).count == 2)

        // An edit each way.
        let adaETag = try #require(try phone.etags(in: book.url).first { adaURL.hasSuffix($0.href) }?.etag)
        try phone.put(SyncFixture.card(uid: "pg-ada", first: "Ada", last: "Lovelace", note: "changed on the phone"), at: adaURL, replacing: adaETag)
        var grace = try #require(try contacts.contact(id: graceID))
        grace.notes = "changed in the directory"
        _ = try contacts.update(grace)
        #expect(try sync.pendingCount() == 1)
        let second = run(["sync", "--db", team.asAlice], team)
        #expect(second.code == 0, "\(second.errors)")
        #expect(second.output == "↓ 0 new, 1 changed, 0 deleted · ↑ 1 sent · 0 conflicts\n")
        #expect(try contacts.contact(id: ada.id!)?.notes == "changed on the phone")
        cards = try serverCards(phone, book)
        #expect(cards[graceCard.key]?.contains("NOTE:changed in the directory") == true)

        // A delete each way.
        _ = try contacts.delete(id: ada.id!)
        let graceHref = graceCard.key
        let graceETag = try #require(try phone.etags(in: book.url).first { $0.href == graceHref }?.etag)
        try phone.delete(at: try #require(phone.resolve(graceHref, against: book.url)), etag: graceETag)
        let third = run(["sync", "--db", team.asAlice], team)
        #expect(third.code == 0, "\(third.errors)")
        #expect(third.output == "↓ 0 new, 0 changed, 1 deleted · ↑ 1 sent · 0 conflicts\n")
        #expect(try contacts.count(matching: "") == 0)
        #expect(try serverCards(phone, book).isEmpty)

        // Bob, with his own credentials: no account of his, nothing of alice's to sync or see.
        let asBob = run(["sync", "--db", team.asBob], team)
        #expect(asBob.code == 1 && asBob.errors.contains("no CardDAV account is set up"), "\(asBob.errors)")
        #expect(!asBob.errors.contains("bob-pg"))
        let pretend = run(["sync", "--user", team.alice.username, "--db", team.asBob], team)
        #expect(pretend.code == 1 && pretend.errors.contains("you are the member you sign in as"), "\(pretend.errors)")
        let bob = try team.bobDatabase().connection
        #expect(try bob.scalarInt("SELECT count(*) FROM sync_accounts") == 0)
        #expect(try bob.scalarInt("SELECT count(*) FROM sync_cards") == 0)
        #expect(try bob.execute("UPDATE sync_accounts SET url = 'https://evil.example/'").affected == 0)
        #expect(try team.admin.scalarInt("SELECT count(*) FROM \(team.schema).sync_accounts WHERE url = $1", [base]) == 1)
    }

    /// Changes made while the server is away (stopped: `.ci/carddav pause`) wait in the
    /// directory's queue — the sync that finds it gone says so and sends nothing — and go out in
    /// order at the next sync once it is back.
    @Test(.enabled(if: PostgresSyncServer.isAvailable, PostgresSyncServer.needs))
    func changesMadeWhileTheServerIsAwayAreSentLater() throws {
        let team = try Team()
        let dir = team.folder.file("radicale")
        let base = try SyncTestServer.carddav(["start", dir])
        defer { _ = try? SyncTestServer.carddav(["stop", dir]) }
        let book = try SyncTestServer.freshAddressBook(on: base)
        let phone = try SyncTestServer.client()
        try phone.put(SyncFixture.card(uid: "pg-bea", first: "Bea", last: "Babbage"), at: book.url + "bea.vcf", replacing: nil)
        try phone.put(SyncFixture.card(uid: "pg-cy", first: "Cy", last: "Clarke"), at: book.url + "cy.vcf", replacing: nil)
        let added = run(["sync", "add", base, "--username", SyncTestServer.user, "--password-command", "cat \(team.passwordFile)",
                         "--addressbook", SyncCommand.lastSegment(of: book.url), "--db", team.asAlice], team)
        #expect(added.code == 0, "\(added.errors)")
        #expect(run(["sync", "--db", team.asAlice], team).output == "↓ 2 new, 0 changed, 0 deleted · ↑ 0 sent · 0 conflicts\n")

        try SyncTestServer.carddav(["pause", dir])
        let alice = try team.aliceDatabase()
        let contacts = PostgresContactsStore(database: alice, accountID: team.alice.id)
        let all = try contacts.allContactIDs().compactMap { try contacts.contact(id: $0) }
        var bea = try #require(all.first { $0.firstName == "Bea" })
        let cy = try #require(all.first { $0.firstName == "Cy" })
        bea.notes = "edited offline"
        _ = try contacts.update(bea)
        _ = try contacts.add(ContactRecord(firstName: "Dan", lastName: "Dijkstra", emails: ["dan@example.com"]))
        _ = try contacts.delete(id: cy.id!)
        _ = try contacts.setFriend(id: bea.id!, true) // the same contact's edit: still one queued change
        let sync = PostgresSyncStore(database: alice)
        #expect(try sync.queue().map(\.kind) == [.edit, .add, .delete])

        let away = run(["sync", "--db", team.asAlice], team)
        #expect(away.code == 1 && !away.errors.isEmpty)
        #expect(try sync.pendingCount() == 3)
        #expect(try sync.accounts().first?.lastError != nil)

        try SyncTestServer.carddav(["resume", dir])
        let back = run(["sync", "--db", team.asAlice], team)
        #expect(back.code == 0, "\(back.errors)")
        #expect(back.output == "↓ 0 new, 0 changed, 0 deleted · ↑ 3 sent · 0 conflicts\n")
        #expect(try sync.pendingCount() == 0 && sync.accounts().first?.lastError == nil)
        let cards = try serverCards(phone, book)
        #expect(cards.count == 2)
        let beaCard = try #require(cards.values.first { $0.contains("Babbage") })
        #expect(beaCard.contains("NOTE:edited offline") && beaCard.contains("X-PHONE-COLOR:teal"))
        #expect(SyncFixture.lines(beaCard).contains { $0.hasPrefix("CATEGORIES:") && $0.contains("friends") })
        #expect(cards.values.contains { $0.contains("Dijkstra") })
        #expect(!cards.values.contains { $0.contains("Clarke") })
    }

    /// A change made on both sides: to different fields, merged; to the same field, the server's
    /// version stays and the member's is kept beside it, listed for the Conflicts screen, and
    /// settled there.
    @Test(.enabled(if: PostgresSyncServer.isAvailable, PostgresSyncServer.needs))
    func conflictsKeepBothSidesInTheDirectory() throws {
        let base = try #require(SyncTestServer.url)
        let team = try Team()
        let book = try SyncTestServer.freshAddressBook(on: base)
        let phone = try SyncTestServer.client()
        let url = book.url + "eve.vcf"
        try phone.put(SyncFixture.card(uid: "pg-eve", first: "Eve", last: "Example", note: "base"), at: url, replacing: nil)
        #expect(run(["sync", "add", base, "--username", SyncTestServer.user, "--password-command", "cat \(team.passwordFile)",
                     "--addressbook", SyncCommand.lastSegment(of: book.url), "--db", team.asAlice], team).code == 0)
        #expect(run(["sync", "--db", team.asAlice], team).code == 0)
        let alice = try team.aliceDatabase()
        let contacts = PostgresContactsStore(database: alice, accountID: team.alice.id)
        let id = try #require(try contacts.allContactIDs().first)

        // Different fields: the phone's note, alice's company: both kept, and hers goes up.
        var etag = try #require(try phone.etags(in: book.url).first?.etag)
        try phone.put(SyncFixture.card(uid: "pg-eve", first: "Eve", last: "Example", note: "the phone's note"), at: url, replacing: etag)
        var eve = try #require(try contacts.contact(id: id))
        eve.company = "Alice's company"
        _ = try contacts.update(eve)
        let merged = run(["sync", "--db", team.asAlice], team)
        #expect(merged.output == "↓ 0 new, 1 changed, 0 deleted · ↑ 1 sent · 0 conflicts\n", "\(merged.output) \(merged.errors)")
        eve = try #require(try contacts.contact(id: id))
        #expect(eve.notes == "the phone's note" && eve.company == "Alice's company")

        // The same field: the server's stays, hers is kept beside it.
        etag = try #require(try phone.etags(in: book.url).first?.etag)
        try phone.put(SyncFixture.card(uid: "pg-eve", first: "Eve", last: "Example", note: "phone again"), at: url, replacing: etag)
        eve.notes = "alice again"
        eve.revision = 0
        _ = try contacts.update(eve)
        let clash = run(["sync", "--db", team.asAlice], team)
        #expect(clash.output.hasSuffix("· 1 conflict\n"), "\(clash.output) \(clash.errors)")
        #expect(try contacts.contact(id: id)?.notes == "phone again")
        let status = PostgresSyncStore(database: alice)
        let conflict = try #require(try status.syncConflicts(of: team.alice.id).first)
        #expect(conflict.fields == ["notes"] && conflict.local?.notes == "alice again" && conflict.contactID == id)
        #expect(try PostgresSyncStore(database: try team.bobDatabase()).syncConflicts(of: team.alice.id).isEmpty)
        try status.settleConflict(conflict.id, with: nil, accountID: team.alice.id)
        #expect(try status.syncConflicts(of: team.alice.id).isEmpty)
    }

    /// The team book syncs as the contacts are changed: by an editor (`--team`), whose team
    /// account every editor then shares; a member who is no editor may not set it up, nor see it.
    @Test(.enabled(if: PostgresSyncServer.isAvailable, PostgresSyncServer.needs))
    func anEditorSyncsTheTeamBookAndOtherMembersCannot() throws {
        let base = try #require(SyncTestServer.url)
        let team = try Team(aliceEdits: true)
        let book = try SyncTestServer.freshAddressBook(on: base)
        let phone = try SyncTestServer.client()
        try phone.put(SyncFixture.card(uid: "pg-team-1", first: "Team", last: "Plumber"), at: book.url + "plumber.vcf", replacing: nil)
        let segment = SyncCommand.lastSegment(of: book.url)
        let byBob = run(["sync", "add", base, "--username", SyncTestServer.user, "--password-command", "cat \(team.passwordFile)",
                         "--addressbook", segment, "--team", "--db", team.asBob], team)
        #expect(byBob.code == 1 && byBob.errors.contains("does not let you change that"), "\(byBob.errors)")
        let byAlice = run(["sync", "add", base, "--username", SyncTestServer.user, "--password-command", "cat \(team.passwordFile)",
                           "--addressbook", segment, "--team", "--db", team.asAlice], team)
        #expect(byAlice.code == 0, "\(byAlice.errors)")
        let synced = run(["sync", "--team", "--db", team.asAlice], team)
        #expect(synced.output == "↓ 1 new, 0 changed, 0 deleted · ↑ 0 sent · 0 conflicts\n", "\(synced.output) \(synced.errors)")
        let teamBook = try #require(try team.aliceDatabase().teamBookID)
        #expect(try team.admin.scalarInt("SELECT count(*) FROM \(team.schema).contacts WHERE account_id = $1 AND last_name = 'Plumber'", [teamBook]) == 1)
        // Alice's own accounts are not the team's: a sync of her own finds none.
        #expect(run(["sync", "--db", team.asAlice], team).errors.contains("no CardDAV account is set up"))
        // Bob reads the team's contacts, not its sync account, queue or cards.
        let bob = try team.bobDatabase().connection
        #expect(try bob.scalarInt("SELECT count(*) FROM contacts WHERE account_id = $1", [teamBook]) == 1)
        for table in ["sync_accounts", "sync_books", "sync_cards", "sync_queue"] {
            #expect(try bob.scalarInt("SELECT count(*) FROM \(table)") == 0, "bob sees \(table)")
        }
        #expect(run(["sync", "--team", "--db", team.asBob], team).errors.contains("no CardDAV account is set up"))
    }

    /// The server's cards in the address book: href → vCard.
    func serverCards(_ phone: CardDAVClient, _ book: AddressBook) throws -> [String: String] {
        let listed = try phone.etags(in: book.url)
        let cards = try phone.multiget(book.url, hrefs: listed.map(\.href))
        return Dictionary(uniqueKeysWithValues: cards.map { ($0.href, $0.vCard) })
    }
}
