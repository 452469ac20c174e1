import Foundation
import Testing
import AppServices
@testable import Storage
@testable import switchboard

/// What a file holds that a C string or an index cannot: a NUL inside an e-mail and a name
/// thousands of characters long. Both stores answer such a file the same way and say nothing raw
/// (no 22P05, no 54000): the NUL is taken out and the card imported; the name longer than the
/// form takes (issue 51: one limit for typing, ^S and import) skips its card, said by its line.
@MainActor
@Suite("Hostile text in an imported file", .serialized)
struct HostileTextImportTests {
    static let longName = String(repeating: "Ṁarianne-", count: 450)             // 4,050 characters
    static let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Nul Byte\r\nN:Byte;Nul;;;\r\nEMAIL:nul\u{0}byte@example.org\r\nEND:VCARD\r\n"
        + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(longName) Long\r\nN:Long;\(longName);;;\r\nEMAIL:long@example.org\r\nEND:VCARD\r\n"

    func importAndCheck(db: String, folder: InterchangeFolder, environment: [String: String]) throws {
        folder.write("hostile.vcf", Self.card)
        let result = runSwitchboard(["import", folder.file("hostile.vcf"), "--db", db], environment: environment)
        #expect(result.code == 0, "\(result.errors)")
        #expect(result.output.contains("imported 1"), "\(result.output)")
        #expect((result.output + result.errors).contains("has 4050 characters, at most 80 are taken (as in the app's form); the card was not imported"),
                "\(result.output) \(result.errors)")
        // The card and field named: the NUL taken out of its e-mail, the rest imported.
        #expect((result.output + result.errors).contains("hostile.vcf:1: NUL characters taken out of an e-mail; the rest of the card was imported"),
                "\(result.output) \(result.errors)")
        let nul = runSwitchboard(["query", "nulbyte", "--db", db], environment: environment)
        #expect(nul.output.contains("nulbyte@example.org"), "\(nul.output) \(nul.errors)")   // whole, the NUL taken out
        let long = runSwitchboard(["query", "long@example.org", "--db", db], environment: environment)
        #expect(!long.output.contains(String(Self.longName.prefix(200))), "\(long.output)")  // skipped whole, nothing half-added
        let list = runSwitchboard(["--headless", "--db", db, "--size", "80x24", "--keys", "wait:1s wait:400ms C wait:400ms"], environment: environment)
        #expect(list.output.contains("Nul Byte"), "\(list.output)")
        #expect(list.output.contains("Contacts (1)"), "\(list.output)")
    }

    @Test func onAnSQLiteFile() throws {
        let folder = InterchangeFolder("hostile")
        let db = folder.dataFile("data.sqlite3")
        try importAndCheck(db: db, folder: folder, environment: ["HOME": folder.path, "SWITCHBOARD_PASSWORD_COST": "1"])
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SWITCHBOARD_TEST_POSTGRES_URL"].map { !$0.isEmpty } ?? false,
                   "set SWITCHBOARD_TEST_POSTGRES_URL (see .ci/postgres) to run it"))
    func onASharedDirectory() throws {
        let directory = try ThrowawayTeamDirectory(prefix: "sb_hostile")
        defer { directory.drop() }
        let uri = directory.owner
        let folder = InterchangeFolder("hostile-pg")
        let environment = ["XDG_STATE_HOME": folder.file("state"), "SWITCHBOARD_PASSWORD_COST": "1"]
        let signUp = runSwitchboard(["--headless", "--db", uri, "--keys", #"wait:1s C-n wait:400ms "ada" Enter "analytical" Enter "analytical" Enter wait:400ms"#],
                                    environment: environment)
        #expect(signUp.code == 0, "\(signUp.errors)")
        try importAndCheck(db: uri, folder: folder, environment: environment)
    }
}
