import Foundation
import Testing
@testable import Storage
@testable import switchboard

/// `--db postgresql://…` (or `postgres://…`) names a shared directory on a PostgreSQL server,
/// never a file path: the app, populate, import, export and query all connect to it.
@MainActor
@Suite("Command line: a shared directory on PostgreSQL")
struct SharedDirectoryCommandTests {
    /// Without any server: a connection string is not a path (no folder named `postgresql:`
    /// appears), and the message says the server is not there — without the password.
    @Test(arguments: ["postgresql://sb:secret@127.0.0.1:1/nothing", "postgres://sb:secret@127.0.0.1:1/nothing"])
    func aConnectionStringIsNeverAFilePath(uri: String) {
        let scheme = String(uri.prefix { $0 != "/" }) // "postgresql:" / "postgres:"
        for arguments in [["--headless", "--db", uri, "--keys", "wait:1s"], ["populate", "--contacts", "5", "--db", uri],
                          ["query", "ada", "--db", uri], ["export", "--db", uri], ["import", "/dev/null", "--db", uri]] {
            let result = runSwitchboard(arguments)
            #expect(result.code == 1, "\(arguments): \(result.errors)")
            #expect(result.errors.contains("Cannot reach the PostgreSQL server at \(scheme)//sb:***@127.0.0.1:1/nothing"), "\(arguments): \(result.errors)")
            #expect(!result.errors.contains("secret"))
            #expect(!FileManager.default.fileExists(atPath: scheme), "\(arguments) made a folder named \(scheme)")
        }
    }

    /// On a real server (`SWITCHBOARD_TEST_POSTGRES_URL`): sign up in the app, populate, import,
    /// query and export on one directory; another machine's user is not signed in there.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SWITCHBOARD_TEST_POSTGRES_URL"].map { !$0.isEmpty } ?? false,
                   "set SWITCHBOARD_TEST_POSTGRES_URL (see .ci/postgres) to run it"))
    func theCommandsWorkOnASharedDirectory() throws {
        let directory = try ThrowawayTeamDirectory(prefix: "sb_cli")
        defer { directory.drop() }
        let uri = directory.owner
        let folder = InterchangeFolder("shared-cli")
        let mine = ["XDG_STATE_HOME": folder.file("state-a"), "SWITCHBOARD_PASSWORD_COST": "1"]
        let theirs = ["XDG_STATE_HOME": folder.file("state-b"), "SWITCHBOARD_PASSWORD_COST": "1"]
        let signUp = runSwitchboard(["--headless", "--db", uri, "--keys", #"wait:1s C-n wait:400ms "ada" Enter "analytical" Enter "analytical" Enter wait:400ms"#],
                                    environment: mine)
        #expect(signUp.code == 0, "\(signUp.errors)")
        #expect(signUp.output.contains("Signed in as ada"))
        #expect(FileManager.default.fileExists(atPath: folder.file("state-a/switchboard/sessions")))
        let populate = runSwitchboard(["populate", "--contacts", "300", "--db", uri], environment: mine)
        #expect(populate.code == 0, "\(populate.errors)")
        #expect(populate.output.contains("Added 300 contacts for ada"))
        folder.write("grace.vcf", InterchangeCommandTests.cards)
        let imported = runSwitchboard(["import", folder.file("grace.vcf"), "--db", uri], environment: mine)
        #expect(imported.code == 0, "\(imported.errors)")
        let query = runSwitchboard(["query", "hopper", "--db", uri], environment: mine)
        #expect(query.code == 0 && query.output.contains("grace@navy.mil"), "\(query.output) \(query.errors)")
        let export = runSwitchboard(["export", "--format", "csv", "--db", uri], environment: mine)
        #expect(export.code == 0 && export.output.contains("Hopper"))
        #expect(export.output.split(whereSeparator: \.isNewline).count > 300)
        // Another machine: the same directory, nobody signed in there until they sign in.
        let elsewhere = runSwitchboard(["query", "hopper", "--db", uri], environment: theirs)
        #expect(elsewhere.code == 1 && elsewhere.errors.contains("nobody is signed in"), "\(elsewhere.errors)")
        let asAda = runSwitchboard(["query", "hopper", "--user", "ada", "--db", uri], environment: theirs)
        #expect(asAda.code == 0 && asAda.output.contains("grace@navy.mil"))
        let app = runSwitchboard(["--headless", "--db", uri, "--size", "80x24", "--keys", "wait:1s wait:400ms"], environment: theirs)
        #expect(app.output.contains("Sign In") || app.output.contains("Welcome"), "\(app.output)")
        #expect(!app.output.contains("Signed in as ada"))
    }
}
