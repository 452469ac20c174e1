import AppServices
import CardDAV
import Foundation
import Storage
import Sync
import TestSupport
import Testing
@testable import switchboard

/// Issue 48: an address book emptied on the server, or deleted and made again, never deletes the
/// contacts here unasked (as vdirsyncer refuses a one-sided wipe); one account per address book;
/// `sync add` given one address book's own URL takes it; a sync that stops half-way says what it kept.
/// On the real Radicale, through `switchboard sync` as a person runs it.
@MainActor
@Suite(.serialized)
struct WipedCollectionTests {
    typealias Captured = SyncCommandTests.Captured

    func run(_ arguments: [String]) -> (code: Int32, output: String, errors: String) {
        var output = Captured(), errors = Captured()
        let code = Switchboard.run(arguments: arguments, environment: ["HOME": "/nonexistent-home"], output: &output, errors: &errors)
        return (code, output.text, errors.text)
    }

    /// The address book at `url` deleted on the server and made again, empty, at the same address.
    func deleteAndMakeAgain(_ book: AddressBook) throws {
        let phone = try SyncTestServer.client()
        try phone.delete(at: book.url, etag: nil)
        let home = try phone.discover(from: try #require(SyncTestServer.url)).homeURL
        let again = try phone.createAddressBook(in: home, segment: SyncCommand.lastSegment(of: book.url), displayName: book.displayName ?? "")
        #expect(again.url == book.url)
    }

    @Test(.enabled(if: SyncTestServer.isAvailable, SyncServerTests.needsServer))
    func aCollectionDeletedAndMadeAgainDeletesNothingHereUntilAllowed() throws {
        let base = try #require(SyncTestServer.url)
        let setup = try SyncCommandTests.Setup()
        let book = try SyncTestServer.freshAddressBook(on: base)
        let phone = try SyncTestServer.client()
        for i in 0..<12 {
            try phone.put(SyncFixture.card(uid: "w\(i)", first: "Person\(i)", last: "Wiped"), at: book.url + "w\(i).vcf", replacing: nil)
        }
        let command = "cat \(setup.passwordFile)"
        #expect(run(["sync", "add", book.url, "--username", "alice", "--password-command", command, "--db", setup.path]).code == 0)
        #expect(run(["sync", "--db", setup.path]).output.hasPrefix("↓ 12 new"))
        let db = try SQLiteDatabase(path: setup.path)
        let ada = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let contacts = SQLiteContactsStore(database: db, accountID: ada.id)
        #expect(try contacts.allContactIDs().count == 12)

        try deleteAndMakeAgain(book)
        // Refused: nothing deleted here, the words say what happened and what allows it.
        let refused = run(["sync", "--db", setup.path])
        #expect(refused.code == 1)
        #expect(refused.output == "↓ 0 new, 0 changed, 0 deleted · ↑ 0 sent · 0 conflicts\n", "\(refused.output)")
        #expect(refused.errors.contains("no longer has any of the 12 contacts synced from it") && refused.errors.contains("none was deleted here")
                && refused.errors.contains("switchboard sync --allow-wipe"), "\(refused.errors)")
        #expect(try contacts.allContactIDs().count == 12)
        // The app's child says it on a line of its own, so the app can ask.
        let child = run(["sync", "--progress", "--db", setup.path])
        #expect(child.output.split(separator: "\n").contains { SyncChildLine(line: $0) == .wipe(book: book.displayName ?? "", deleting: 12, of: 12) }, "\(child.output)")
        #expect(try contacts.allContactIDs().count == 12)
        // Asked for: they go.
        let allowed = run(["sync", "--allow-wipe", "--db", setup.path])
        #expect(allowed.code == 0, "\(allowed.errors)")
        #expect(allowed.output.hasPrefix("↓ 0 new, 0 changed, 12 deleted"), "\(allowed.output)")
        #expect(try contacts.allContactIDs().isEmpty)
        #expect(run(["sync", "--db", setup.path]).code == 0)
    }

    @Test func theGuardIsAllOrOverHalfOfMoreThanTen() {
        #expect(SyncEngine.isWipe(deleting: 1, of: 1) && SyncEngine.isWipe(deleting: 5, of: 5) && SyncEngine.isWipe(deleting: 6, of: 11))
        #expect(!SyncEngine.isWipe(deleting: 4, of: 5) && !SyncEngine.isWipe(deleting: 5, of: 10) && !SyncEngine.isWipe(deleting: 5, of: 11))
        #expect(!SyncEngine.isWipe(deleting: 0, of: 0) && !SyncEngine.isWipe(deleting: 50, of: 101) && SyncEngine.isWipe(deleting: 51, of: 101))
        #expect(SyncChildLine(line: SyncChildLine.wipe(book: "Work\tBook", deleting: 3, of: 3).text) == .wipe(book: "Work Book", deleting: 3, of: 3))
    }

    @Test(.enabled(if: SyncTestServer.isAvailable, SyncServerTests.needsServer))
    func theSameAddressBookTwiceIsRefusedAndItsOwnURLIsTakenWithoutAsking() throws {
        let base = try #require(SyncTestServer.url)
        let setup = try SyncCommandTests.Setup()
        let book = try SyncTestServer.freshAddressBook(on: base)
        _ = try SyncTestServer.freshAddressBook(on: base) // alice has several address books
        let command = "cat \(setup.passwordFile)"
        // The address book's own URL: that one, no question which.
        let added = run(["sync", "add", book.url, "--username", "alice", "--password-command", command, "--db", setup.path])
        #expect(added.code == 0, "\(added.errors)")
        #expect(added.output.contains(": " + (book.displayName ?? "")), "\(added.output)")
        // Again, by its URL without the slash, or by the host with --addressbook: refused, one account kept.
        let again = run(["sync", "add", String(book.url.dropLast()), "--username", "alice", "--password-command", command, "--db", setup.path])
        #expect(again.code == 1)
        #expect(again.errors.contains("is synced already, by alice at \(book.url)") && again.errors.contains("nothing was added"), "\(again.errors)")
        let byName = run(["sync", "add", base, "--username", "alice", "--password-command", command,
                          "--addressbook", SyncCommand.lastSegment(of: book.url), "--db", setup.path])
        #expect(byName.code == 1 && byName.errors.contains("is synced already"))
        let store = SQLiteSyncStore(database: try SQLiteDatabase(path: setup.path))
        #expect(try store.accounts().count == 1)
        #expect(try store.books(of: try #require(try store.accounts().first).id).map(\.url) == [book.url])
    }

    /// Two accounts on one address book (set up before `sync add` refused it): the first syncs it,
    /// the second is skipped with a line saying why, and no card is "unreadable" or another's UID.
    @Test(.enabled(if: SyncTestServer.isAvailable, SyncServerTests.needsServer))
    func anAddressBookTwoAccountsSyncIsSyncedOnceAndTheOtherSaysWhy() throws {
        let base = try #require(SyncTestServer.url)
        let setup = try SyncCommandTests.Setup()
        let book = try SyncTestServer.freshAddressBook(on: base)
        let phone = try SyncTestServer.client()
        for i in 0..<3 { try phone.put(SyncFixture.card(uid: "d\(i)", first: "Twice\(i)", last: "Set"), at: book.url + "d\(i).vcf", replacing: nil) }
        let db = try SQLiteDatabase(path: setup.path)
        let ada = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteSyncStore(database: db)
        for _ in 0..<2 {
            _ = try store.addAccount(accountID: ada.id, url: book.url, homeURL: base + "alice/", username: "alice",
                                     passwordCommand: "cat \(setup.passwordFile)", caFile: nil, books: [(book.url, "Twice")])
        }
        let synced = run(["sync", "--db", setup.path])
        #expect(synced.code == 0, "\(synced.errors)")
        #expect(synced.output == "↓ 3 new, 0 changed, 0 deleted · ↑ 0 sent · 0 conflicts\n", "\(synced.output)")
        #expect(synced.errors == "switchboard: sync: alice at \(book.url) skipped: its address book “Twice” is synced already by alice at \(book.url) (one account per address book)\n",
                "\(synced.errors)")
        #expect(try store.problems().isEmpty)
        #expect(try SQLiteContactsStore(database: db, accountID: ada.id).allContactIDs().count == 3)
    }

    @Test(.enabled(if: SyncTestServer.isAvailable, SyncServerTests.needsServer))
    func aSyncStoppedHalfWaySaysWhatItKept() throws {
        let base = try #require(SyncTestServer.url)
        let setup = try SyncCommandTests.Setup()
        let book = try SyncTestServer.freshAddressBook(on: base)
        let phone = try SyncTestServer.client()
        for i in 0..<3 { try phone.put(SyncFixture.card(uid: "h\(i)", first: "Half\(i)", last: "Way"), at: book.url + "h\(i).vcf", replacing: nil) }
        // Two address books; the second is gone from the server, so the pass stops after the first is in.
        let db = try SQLiteDatabase(path: setup.path)
        let ada = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        _ = try SQLiteSyncStore(database: db).addAccount(accountID: ada.id, url: base, homeURL: base + "alice/", username: "alice",
                                                         passwordCommand: "cat \(setup.passwordFile)", caFile: nil,
                                                         books: [(book.url, "Kept"), (base + "alice/gone-\(UUID().uuidString.lowercased())/", "Gone")])
        let stopped = run(["sync", "--db", setup.path])
        #expect(stopped.code == 1)
        // What it kept is told (not "↓ 0 new"), and never "nothing half-done was kept".
        #expect(stopped.output == "↓ 3 new, 0 changed, 0 deleted · ↑ 0 sent · 0 conflicts\n", "\(stopped.output)")
        #expect(stopped.errors.contains("HTTP 404") && !stopped.errors.lowercased().contains("nothing half-done"), "\(stopped.errors)")
        #expect(try SQLiteContactsStore(database: db, accountID: ada.id).allContactIDs().count == 3)
    }
}
