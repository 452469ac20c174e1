import Foundation
import Testing
import TestSupport
@testable import Storage
import AppServices
@testable import switchboard

/// Issue 50's gap: an address differs from another in case only beyond ASCII (`JÜRGEN@example.de`,
/// `jürgen@example.de`): `query` finds one by the other, and `add-email` knows it is in the
/// address book already (not added twice), on a data file and on a team directory (the real
/// PostgreSQL, as a member), as harvest's "known" check does.
@MainActor
@Suite("An address in another case is the same address", .serialized)
struct AddressCaseTests {
    static let card = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Jürgen Müller\r\nN:Müller;Jürgen;;;\r\nEMAIL:jürgen@example.de\r\nEND:VCARD\r\n"
    static let upper = "From: =?UTF-8?Q?J=C3=9CRGEN_M=C3=9CLLER?= <JÜRGEN@example.de>\r\nTo: x@example.org\r\n\r\nhi\r\n"
    static let lower = "From: Someone <ÉMILE@example.fr>\r\nTo: x@example.org\r\n\r\nhi\r\n"

    /// `db`: a data file or a member's connection string; `environment` as the run needs it.
    static func check(db: String, folder: InterchangeFolder, environment: [String: String] = [:]) {
        folder.write("j.vcf", card)
        folder.write("upper.eml", upper)
        folder.write("emile.vcf", "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Émile Zola\r\nN:Zola;Émile;;;\r\nEMAIL:émile@example.fr\r\nEND:VCARD\r\n")
        folder.write("lower.eml", lower)
        #expect(runSwitchboard(["import", folder.file("j.vcf"), folder.file("emile.vcf"), "--db", db], environment: environment).code == 0)
        let query = runSwitchboard(["query", "--format", "aerc", "JÜRGEN@example.de", "--db", db], environment: environment)
        #expect(query.code == 0 && query.output == "jürgen@example.de\tJürgen Müller\n", "\(query.output) \(query.errors)")
        let again = runSwitchboard(["add-email", folder.file("upper.eml"), "--quiet", "--db", db], environment: environment)
        #expect(again.code == 0 && again.output == "JÜRGEN@example.de is in the address book already (Jürgen Müller)\n", "\(again.output) \(again.errors)")
        let emile = runSwitchboard(["add-email", folder.file("lower.eml"), "--quiet", "--db", db], environment: environment)
        #expect(emile.code == 0 && emile.output == "ÉMILE@example.fr is in the address book already (Émile Zola)\n", "\(emile.output) \(emile.errors)")
        let exported = runSwitchboard(["export", "--db", db], environment: environment).output
        #expect(exported.components(separatedBy: "BEGIN:VCARD").count - 1 == 2, "nothing was added: \(exported)")
    }

    @Test func onADataFile() {
        let folder = InterchangeFolder("address-case")
        Self.check(db: folder.dataFile("a.sqlite3"), folder: folder)
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SWITCHBOARD_TEST_POSTGRES_URL"].map { !$0.isEmpty } ?? false,
                   "set SWITCHBOARD_TEST_POSTGRES_URL (see .ci/postgres) to run it"))
    func onATeamDirectory() throws {
        let directory = try ThrowawayTeamDirectory(prefix: "sb_case")
        defer { directory.drop() }
        let folder = InterchangeFolder("address-case-team")
        let environment = ["XDG_STATE_HOME": folder.file("state"), "SWITCHBOARD_PASSWORD_COST": "1"]
        let bob = "bob_\(directory.tag)"
        #expect(runSwitchboard(["directory", "init", "--db", directory.owner], environment: environment).code == 0)
        #expect(runSwitchboard(["directory", "add-member", bob, "--password-command", "echo 'bob pw'", "--db", directory.owner], environment: environment).code == 0)
        Self.check(db: directory.member(bob, "bob pw"), folder: folder, environment: environment)
        // Harvest's check, on the store: the key of an address in any case.
        let database = try PostgresDatabase(uri: directory.member(bob, "bob pw"))
        let account = try #require(try PostgresTeamDirectory.account(ofSignedInRoleOn: database.connection))
        let store = PostgresContactsStore(database: database, accountID: account.id)
        #expect(try store.knownAddresses(among: ["JÜRGEN@example.de", "Émile@EXAMPLE.fr", "nobody@example.org"]) == ["jürgen@example.de", "émile@example.fr"])
        #expect(try store.contacts(withEmail: "JÜRGEN@EXAMPLE.DE").map(\.lastName) == ["Müller"])
        // Kept in capitals, asked in small letters.
        _ = try store.add(ContactRecord(firstName: "Åsa", lastName: "Öberg", emails: ["ÅSA.ÖBERG@EXAMPLE.SE"]))
        #expect(try store.knownAddresses(among: ["åsa.öberg@example.se"]) == ["åsa.öberg@example.se"])
        #expect(try store.contacts(withEmail: "åsa.öberg@example.se").map(\.lastName) == ["Öberg"])
    }
}
