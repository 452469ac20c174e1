import AppServices
import CardDAV
import Foundation
import Storage
import Sync
import TestSupport
import Testing
@testable import switchboard

/// `switchboard sync add …` and `switchboard sync` as a person (or cron) runs them, against the
/// real Radicale: discovery from the bare host URL, the password from a command (never stored,
/// never an argument), one summary line, and the exit codes 0, 1 and 2.
@MainActor
@Suite(.serialized)
struct SyncCommandTests {
    struct Captured: TextOutputStream {
        var text = ""
        mutating func write(_ string: String) { text += string }
    }

    /// A data file with `ada` signed in, and a file holding alice's password for --password-command.
    struct Setup {
        let folder = TempFolder("sync-cli")
        var path: String { folder.file("data.sqlite3") }
        var passwordFile: String { folder.file("pw") }
        init() throws {
            let db = try SQLiteDatabase(path: folder.file("data.sqlite3"))
            let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
            let ada = try accounts.createAccount(username: "ada", password: "analytical", now: 1)
            try accounts.signIn(accountID: ada.id, now: 2)
            try SyncTestServer.password.write(toFile: folder.file("pw"), atomically: true, encoding: .utf8)
        }
    }

    func run(_ arguments: [String]) -> (code: Int32, output: String, errors: String) {
        var output = Captured(), errors = Captured()
        let code = Switchboard.run(arguments: arguments, environment: ["HOME": "/nonexistent-home"], output: &output, errors: &errors)
        return (code, output.text, errors.text)
    }

    @Test(.enabled(if: SyncTestServer.isAvailable, "needs SWITCHBOARD_TEST_CARDDAV_URL (.ci/carddav start DIR; .ci/run starts one)"))
    func addFromTheBareHostURLThenSyncPrintsOneLine() throws {
        let base = try #require(SyncTestServer.url)
        let bare = String(base.dropLast()) // http://127.0.0.1:PORT
        let setup = try Setup()
        let book = try SyncTestServer.freshAddressBook(on: base)
        let phone = try SyncTestServer.client()
        try phone.put(SyncFixture.card(uid: "a", first: "Ada", last: "Lovelace"), at: book.url + "a.vcf", replacing: nil)
        let command = "cat \(setup.passwordFile)"

        // Several address books on the server: listed, none taken, a usage error.
        let several = run(["sync", "add", bare, "--username", "alice", "--password-command", command, "--db", setup.path])
        #expect(several.code == 2)
        #expect(several.errors.contains("--addressbook NAME or --addressbook all") && several.errors.contains(book.url))

        let segment = SyncCommand.lastSegment(of: book.url)
        let added = run(["sync", "add", bare, "--username", "alice", "--password-command", command, "--addressbook", segment, "--db", setup.path])
        #expect(added.code == 0, "\(added.errors)")
        #expect(added.output.contains("added alice at \(bare)"))
        let store = SQLiteSyncStore(database: try SQLiteDatabase(path: setup.path))
        let account = try #require(try store.accounts().first)
        #expect(account.passwordCommand == command && account.homeURL == base + "alice/")
        #expect(try store.books(of: account.id).map(\.url) == [book.url])
        // The password is nowhere in the data file.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: setup.path)) + ((try? Data(contentsOf: URL(fileURLWithPath: setup.path + "-wal"))) ?? Data())
        #expect(bytes.range(of: Data(SyncTestServer.password.utf8)) == nil)

        let synced = run(["sync", "--db", setup.path])
        #expect(synced.code == 0, "\(synced.errors)")
        #expect(synced.output == "↓ 1 new, 0 changed, 0 deleted · ↑ 0 sent · 0 conflicts\n")
        let again = run(["sync", "--db", setup.path])
        #expect(again.output == "↓ 0 new, 0 changed, 0 deleted · ↑ 0 sent · 0 conflicts\n")
    }

    @Test(.enabled(if: SyncTestServer.isAvailable, "needs SWITCHBOARD_TEST_CARDDAV_URL (.ci/carddav start DIR; .ci/run starts one)"))
    func aWrongPasswordIsExitOneWithTheReasonOnStderr() throws {
        let base = try #require(SyncTestServer.url)
        let setup = try Setup()
        let refused = run(["sync", "add", base, "--username", "alice", "--password-command", "echo wrong", "--addressbook", "all", "--db", setup.path])
        #expect(refused.code == 1)
        #expect(refused.errors.contains("refused the user name or password (HTTP 401)"))
        #expect(try SQLiteSyncStore(database: try SQLiteDatabase(path: setup.path)).accounts().isEmpty)

        // Set up right, then the password command changes: the sync fails with the reason.
        let book = try SyncTestServer.freshAddressBook(on: base)
        #expect(run(["sync", "add", base, "--username", "alice", "--password-command", "cat \(setup.passwordFile)",
                     "--addressbook", SyncCommand.lastSegment(of: book.url), "--db", setup.path]).code == 0)
        try "not it".write(toFile: setup.passwordFile, atomically: true, encoding: .utf8)
        let failed = run(["sync", "--db", setup.path])
        #expect(failed.code == 1)
        #expect(failed.errors.contains("alice at \(base)") && failed.errors.contains("HTTP 401"))
    }

    @Test(.enabled(if: SyncTestServer.isTLSAvailable, "needs SWITCHBOARD_TEST_CARDDAV_TLS_URL and _CA (.ci/carddav start DIR --tls)"))
    func overTLSAnUntrustedCertificateIsRefusedAndTheCAFileTrustsIt() throws {
        let url = try #require(SyncTestServer.tlsURL), ca = try #require(SyncTestServer.caFile)
        let setup = try Setup()
        // An address book of its own: on a fresh server (CI's) alice has none until a test makes one.
        _ = try SyncTestServer.freshAddressBook(on: url, caFile: ca)
        let untrusted = run(["sync", "add", url, "--username", "alice", "--password-command", "cat \(setup.passwordFile)", "--addressbook", "all", "--db", setup.path])
        #expect(untrusted.code == 1)
        #expect(untrusted.errors.contains("could not be trusted") && untrusted.errors.contains("--ca-file"))
        let trusted = run(["sync", "add", url, "--username", "alice", "--password-command", "cat \(setup.passwordFile)", "--addressbook", "all",
                           "--ca-file", ca, "--db", setup.path])
        #expect(trusted.code == 0, "\(trusted.errors)")
        #expect(try SQLiteSyncStore(database: try SQLiteDatabase(path: setup.path)).accounts().first?.caFile == ca)
    }

    @Test func usageErrorsAreExitTwo() throws {
        let setup = try Setup()
        for arguments in [["sync", "add"], ["sync", "add", "http://127.0.0.1:1/"], ["sync", "add", "dav.example.com", "--username", "a"],
                          ["sync", "--username", "alice"], ["sync", "now"], ["sync", "--frobnicate"]] {
            let result = run(arguments + ["--db", setup.path])
            #expect(result.code == 2, "\(arguments): \(result.errors)")
            #expect(result.errors.hasPrefix("switchboard: sync: "))
        }
        #expect(run(["sync", "--help"]).output.contains("switchboard sync add URL --username NAME"))
        #expect(run(["--help"]).output.contains("switchboard sync add URL --username NAME"))
    }

    @Test func withNoAccountSetUpSyncSaysHowToAddOne() throws {
        let setup = try Setup()
        let result = run(["sync", "--db", setup.path])
        #expect(result.code == 1)
        #expect(result.errors.contains("sync add URL --username NAME"))
    }

    @Test func oneAddressBookIsTakenWithoutAskingSeveralAreListed() throws {
        let one = [AddressBook(url: "http://h/alice/contacts/", href: "/alice/contacts/", displayName: "Contacts")]
        #expect(try SyncCommand.choose(nil, from: one).get() == one)
        let two = one + [AddressBook(url: "http://h/alice/work/", href: "/alice/work/", displayName: nil)]
        guard case .failure(let why) = SyncCommand.choose(nil, from: two) else { Issue.record("two books were not listed"); return }
        #expect(why == .addressBookNotChosen(books: [ListedAddressBook(name: "Contacts", url: "http://h/alice/contacts/"),
                                                     ListedAddressBook(name: "work", url: "http://h/alice/work/")]))
        let words = CommandLineMessage.line(for: why)
        #expect(words.contains("Contacts  (http://h/alice/contacts/)") && words.contains("work  (http://h/alice/work/)"), "\(words)")
        #expect(try SyncCommand.choose("work", from: two).get().map(\.url) == ["http://h/alice/work/"])
        #expect(try SyncCommand.choose("all", from: two).get() == two)
        guard case .failure(.noSuchAddressBook("home", let listed)) = SyncCommand.choose("home", from: two) else { Issue.record("an unknown book was taken"); return }
        #expect(listed.map(\.name) == ["Contacts", "work"])
    }
}
