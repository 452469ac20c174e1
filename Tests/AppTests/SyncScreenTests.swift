import AppServices
import Foundation
import TestSupport
import Testing
@testable import App
@testable import Storage
@testable import TUIKit

/// Sync in the app, on a virtual screen, with the `switchboard sync` child processes stood in
/// for (`RecordedSyncProcesses`): Settings → Sync, the set-up form, the password kept for the
/// run and handed to the child on its standard input (never an argument), the progress bar, the
/// status line and the home's line, the timer and the key.
@MainActor
@Suite(.serialized)
struct SyncScreenTests {
    /// ada signed in, sync offered, on the home.
    func harness(width: Int = 80, height: Int = 24) -> (AppHarness, RecordedSyncProcesses) {
        let processes = RecordedSyncProcesses()
        let h = AppHarness(width: width, height: height, syncProcesses: { _ in processes })
        h.createAccount()
        return (h, processes)
    }

    /// What a `sync add` child does to the data file: the account and its books stored.
    func storeAccount(_ h: AppHarness, books: [String] = ["Contacts"], command: String? = nil) throws -> Int64 {
        let db = try SQLiteDatabase(path: h.databasePath)
        let ada = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        return try SQLiteSyncStore(database: db).addAccount(accountID: ada.id, url: "https://dav.example.com/", homeURL: "https://dav.example.com/alice/",
                                                            username: "alice", passwordCommand: command, caFile: nil,
                                                            books: books.map { ("https://dav.example.com/alice/\($0.lowercased())/", $0) })
    }

    @Test func settingsHasASyncRowThatOpensTheSyncScreen() throws {
        let (h, _) = harness()
        h.press("S wait:400ms")
        #expect(h.text.contains("Sync") && h.text.contains("off") && h.text.contains("Sync every") && h.text.contains("15 min"))
        h.press("End Up Up Up Up Enter wait:400ms")
        #expect(h.topController is SyncViewController)
        #expect(h.text.contains("No CardDAV account yet") && h.text.contains("Add a CardDAV account"))
        // Without an account there is nothing to sync: no status on the status line.
        #expect(!h.lines.last!.contains("sync"))
    }

    @Test func setUpFromTheFormWithTwoBooksPicksOneAndTheTypedPasswordGoesOnStdinOnly() throws {
        let (h, processes) = harness()
        h.switchboard.coordinator.show(.sync)
        h.press("wait:400ms a wait:400ms")
        let form = try #require(h.topController as? SyncSetupViewController)
        h.press("\"http://127.0.0.1:5232/\" Enter \"alice\" Enter \"s3cret pw\" Enter Enter Enter")
        let discover = try #require(processes.last)
        #expect(discover.arguments.starts(with: ["sync", "add", "http://127.0.0.1:5232/", "--list-addressbooks", "--progress", "--passwords-on-stdin"]))
        #expect(discover.arguments.contains("alice") && !discover.arguments.contains { $0.contains("s3cret") }, "never an argument")
        #expect(discover.input == "s3cret pw\n")
        h.press("wait:100ms")
        #expect(h.text.contains("Looking for address books"))
        discover.prints(.book(url: "http://127.0.0.1:5232/alice/work/", name: "Work"), .book(url: "http://127.0.0.1:5232/alice/home/", name: "Home"))
        discover.exits(0)
        h.press("wait:100ms")
        #expect(h.text.contains("The server has 2 address books") && h.text.contains("Work") && h.text.contains("All of them"))
        #expect(form.found.count == 2)
        h.press("Down Enter wait:100ms")
        let add = try #require(processes.last)
        #expect(processes.runs.count == 2)
        #expect(add.arguments.contains("--addressbook") && add.arguments.contains("http://127.0.0.1:5232/alice/home/"))
        #expect(add.input == "s3cret pw\n" && !add.arguments.contains { $0.contains("s3cret") })
        let id = try storeAccount(h, books: ["Home"])
        add.prints(.added(books: ["Home"]))
        add.exits(0)
        h.press("wait:400ms")
        // Back on Sync, saying so; the first sync started with the password on its standard input.
        #expect(h.topController is SyncViewController)
        #expect(h.text.contains("ALICE AT HTTPS://DAV.EXAMPLE.COM/") && h.text.contains("Home") && h.text.contains("new go here"), "\(h.text)")
        let sync = try #require(processes.last)
        #expect(processes.runs.count == 3)
        #expect(sync.arguments == ["sync", "--progress", "--passwords-on-stdin", "--user", "ada"])
        #expect(sync.input == "\(id)\ts3cret pw\n")
        // Once the pass ends, the footer gives its summary.
        sync.prints(.summary("↓ 3 new, 0 changed, 0 deleted · ↑ 0 sent · 0 conflicts"))
        sync.exits(0)
        h.press("wait:100ms")
        #expect(h.text.contains("↓ 3 new, 0 changed"))
        // The password is nowhere in the data file.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: h.databasePath)) + ((try? Data(contentsOf: URL(fileURLWithPath: h.databasePath + "-wal"))) ?? Data())
        #expect(bytes.range(of: Data("s3cret".utf8)) == nil)
    }

    @Test func oneBookIsTakenWithoutAsking() throws {
        let (h, processes) = harness()
        h.switchboard.coordinator.show(.syncSetup)
        h.press("wait:400ms \"https://dav.example.com/\" Enter \"alice\" Enter Enter \"pass show dav\" Enter Enter")
        let discover = try #require(processes.last)
        #expect(discover.input == "" && discover.arguments.contains("--password-command") && discover.arguments.contains("pass show dav"))
        discover.prints(.book(url: "https://dav.example.com/alice/contacts/", name: "Contacts"))
        discover.exits(0)
        let add = try #require(processes.last)
        #expect(processes.runs.count == 2 && add.arguments.contains("https://dav.example.com/alice/contacts/"))
    }

    @Test func aServerThatRefusesSaysWhyOnTheForm() throws {
        let (h, processes) = harness()
        h.switchboard.coordinator.show(.syncSetup)
        h.press("wait:400ms \"https://dav.example.com/\" Enter \"alice\" Enter \"wrong\" Enter Enter Enter")
        processes.last?.prints(.error(.server(SyncServerFailure(.unauthorized, url: "https://dav.example.com/", status: 401, detail: "the server refused the user name or password (HTTP 401)"))))
        processes.last?.exits(1)
        h.press("wait:100ms")
        #expect(h.text.contains("Not added: the server refused the user name or password"))
        #expect(processes.runs.count == 1)
        // Missing fields are named, and nothing starts.
        h.switchboard.coordinator.show(.syncSetup)
        h.press("wait:400ms C-s wait:100ms")
        #expect(h.text.contains("The server's http:// or https:// address."))
        #expect(processes.runs.count == 1)
    }

    @Test func aPassShowsItsProgressBarOnTheSyncScreenAndTheStatusLineAndTheHome() throws {
        let (h, processes) = harness()
        _ = try storeAccount(h, command: "cat pw")
        h.press("C wait:400ms Esc wait:400ms")
        h.switchboard.coordinator.show(.sync)
        h.press("wait:400ms n wait:100ms")
        let run = try #require(processes.runs.last)
        #expect(run.arguments.first == "sync" && run.input == "")
        run.prints(.progress(done: 500, total: 2000))
        h.press("wait:100ms")
        #expect(h.text.contains("25%") && h.text.contains("█"))
        #expect(h.lines.last!.contains("⟳ sync 25%"))
        // Keys are answered meanwhile.
        h.press("Esc wait:400ms")
        #expect(h.topController is SettingsViewController || h.topController is MainViewController)
        h.switchboard.coordinator.show(.main)
        h.press("wait:400ms")
        #expect(h.text.contains("Sync: Syncing: 500 of 2000 cards read"))
        run.prints(.progress(done: 2000, total: 2000), .summary("↓ 2000 new, 0 changed, 0 deleted · ↑ 0 sent · 0 conflicts"))
        try SQLiteSyncStore(database: try SQLiteDatabase(path: h.databasePath), now: { AppHarness.noon + 60 }).noteSync(account: 1, error: nil)
        run.exits(0)
        h.press("wait:400ms")
        #expect(h.lines.last!.contains("synced 12:01") || h.lines.last!.contains("synced"), "\(h.lines.last!)")
        #expect(h.text.contains("Sync: Last synced") && h.text.contains("nothing pending"))
    }

    @Test func aFailedPassSaysWhyOnTheHomeAndTheStatusLine() throws {
        let (h, processes) = harness()
        _ = try storeAccount(h, command: "cat pw")
        h.switchboard.coordinator.show(.sync)
        h.press("wait:400ms Esc wait:400ms") // back on the home
        h.press("Y wait:100ms")
        let run = try #require(processes.runs.last)
        run.prints(.error(.account(user: "alice", url: "https://dav.example.com/", .server(SyncServerFailure(.unreachable, url: "https://dav.example.com/", detail: "could not connect to the server")))))
        run.exits(1)
        h.press("wait:400ms")
        #expect(h.text.contains("Sync failed: alice at") && h.text.contains("could not connect to the server"))
        #expect(h.lines.last!.contains("sync failed"))
    }

    @Test func theTimerSyncsEveryFewMinutesAsTheSettingSays() throws {
        let (h, processes) = harness()
        _ = try storeAccount(h) // no password command: the home does not sync at once
        h.press("C wait:400ms Esc wait:400ms")
        let before = processes.runs.count
        h.press("wait:840s")
        #expect(processes.runs.count == before)
        h.press("wait:61s")
        #expect(processes.runs.count == before + 1, "15 min, the default")
        processes.last?.exits(0)
        // Every 5 min: Settings' row, one step back from 15.
        h.press("S wait:400ms End Up Up Up Left wait:400ms")
        #expect(h.text.contains("5 min"))
        h.press("wait:301s")
        #expect(processes.runs.count == before + 2)
    }

    @Test func anAccountWithoutAPasswordCommandAsksForItOnceThisRun() throws {
        let (h, processes) = harness()
        let id = try storeAccount(h)
        h.switchboard.coordinator.show(.sync)
        h.press("wait:400ms")
        #expect(h.text.contains("Type alice's password"))
        h.switchboard.coordinator.show(.syncPassword(syncAccountID: id, username: "alice"))
        h.press("wait:400ms \"pw of alice\" Enter wait:400ms")
        let run = try #require(processes.last)
        #expect(run.input == "\(id)\tpw of alice\n" && !run.arguments.contains { $0.contains("pw of") })
        run.exits(0)
        h.press("wait:400ms")
        #expect(!h.text.contains("Type alice's password"))
        // Log out: forgotten.
        h.press("Esc wait:400ms")
    }

    @Test func aSyncedContactsCardSaysWhichAddressBookItIsIn() throws {
        let (h, _) = harness()
        _ = try storeAccount(h, books: ["Work"], command: "cat pw")
        let db = try SQLiteDatabase(path: h.databasePath)
        let sync = SQLiteSyncStore(database: db)
        let book = try #require(try sync.books(of: 1).first)
        let contacts = SQLiteContactsStore(database: db, accountID: 1)
        let synced = try sync.applying { () throws(ServiceError) -> Int64 in try contacts.add(ContactRecord(firstName: "Ada", lastName: "Lovelace")) }
        try sync.bind(contact: synced, book: book.id, href: book.url + "ada.vcf", etag: "\"1\"", card: "BEGIN:VCARD\r\nEND:VCARD\r\n")
        let local = try contacts.add(ContactRecord(firstName: "Grace", lastName: "Hopper"))
        h.switchboard.coordinator.show(.contactDetail(id: synced))
        h.press("wait:400ms")
        #expect(h.lines.contains { $0.contains("address book") && $0.contains("Work") }, "\(h.text)")
        h.press("Esc wait:400ms")
        h.switchboard.coordinator.show(.contactDetail(id: local))
        h.press("wait:400ms")
        #expect(h.text.contains("Grace Hopper") && !h.text.contains("address book"), "a contact on no server says nothing of it")
    }

    /// An edit made here is counted on the status line of the screen it was made on, at once (not
    /// only once the home is shown again).
    @Test func aChangeMadeHereShowsAsPendingOnTheStatusLineAtOnce() throws {
        let (h, processes) = harness()
        _ = try storeAccount(h, command: "cat pw")
        h.press("C wait:400ms")
        processes.last?.exits(0)
        h.press("wait:400ms")
        #expect(!h.lines.last!.contains("pending"), "\(h.lines.last!)")
        h.press(#"a wait:400ms "Grace" Tab "Hopper" C-s wait:400ms"#)
        #expect(h.text.contains("Grace Hopper"), "\(h.text)")
        #expect(h.lines.last!.contains("1 pending"), "\(h.lines.last!)")
    }

    /// A card the sync could not read stays on the server and is listed with its reason; one the
    /// server refused, too.
    @Test func cardsLeftAloneAreListedWithTheirReasons() throws {
        let (h, _) = harness(width: 100, height: 30)
        _ = try storeAccount(h, command: "cat pw")
        let sync = SQLiteSyncStore(database: try SQLiteDatabase(path: h.databasePath))
        let book = try #require(try sync.books(of: 1).first)
        try sync.recordProblem(book: book.id, href: "/alice/contacts/broken.vcf", kind: .unreadable, etag: "\"1\"", contact: nil,
                               reason: "not a vCard: no BEGIN:VCARD line")
        try sync.recordProblem(book: book.id, href: "/alice/contacts/big.vcf", kind: .refused, etag: nil, contact: nil,
                               reason: "the server refused it (413): too large")
        h.switchboard.coordinator.show(.sync)
        h.press("wait:400ms")
        #expect(h.text.contains("broken.vcf · left on the server") && h.text.contains("not a vCard: no BEGIN:VCARD line"), "\(h.text)")
        #expect(h.text.contains("big.vcf · refused by the server") && h.text.contains("the server refused it (413): too large"))
        try sync.clearProblem(book: book.id, href: "/alice/contacts/broken.vcf")
        h.press("Esc wait:400ms")
        h.switchboard.coordinator.show(.sync)
        h.press("wait:400ms")
        #expect(!h.text.contains("broken.vcf") && h.text.contains("big.vcf"))
    }

    @Test func theSyncScreenAt40x12() throws {
        let (h, processes) = harness(width: 40, height: 12)
        _ = try storeAccount(h, command: "cat pw")
        h.switchboard.coordinator.show(.sync)
        h.press("wait:400ms n wait:100ms")
        processes.last?.prints(.progress(done: 100, total: 3000))
        h.press("wait:100ms")
        #expect(h.lines.count == 12 && h.lines.allSatisfy { $0.count <= 40 })
        #expect(h.text.contains("3%"))
        h.press("resize:100x30 wait:100ms")
        #expect(h.text.contains("100 of 3000") || h.text.contains("3%"))
    }
}

@Suite struct SyncChildLineTests {
    @Test func everyLineReadsBackAsWritten() {
        let lines: [SyncChildLine] = [.book(url: "https://x/a/", name: "Work"), .added(books: ["A", "B"]), .progress(done: 3, total: 2000),
                                      .sent(4), .summary("↓ 1 new, 0 changed, 0 deleted · ↑ 0 sent · 0 conflicts"), .error(.other("the server said no"))]
        for line in lines { #expect(SyncChildLine(line: line.text) == line) }
    }

    @Test func tabsAndLineEndsInAFieldCannotBreakALine() {
        let text = SyncChildLine.error(.other("one\ttwo\nthree")).text
        #expect(!text.contains("\n") && SyncChildLine(line: text) == .error(.other("one two three")))
        #expect(SyncChildLine(line: "progress\t1\t2\r") == .progress(done: 1, total: 2))
    }

    @Test func otherLinesAreNotOfTheProtocol() {
        for line in ["", "↓ 1 new", "progress\tx\t2", "progress\t1", "progress\t-1\t2", "sent", "book\tonly-url", "nonsense\tx"] {
            #expect(SyncChildLine(line: line) == nil, "\(line)")
        }
        for line in ["error", "error\tserver\tnonsense\tu\t\td", "error\tserver\tunauthorized\tu\tfour-oh-one\td", "error\tstorage\tbusy\tnowhere\tp\td\t",
                     "error\twipeRefused\tContacts\tx\t3", "error\taccount\talice", "error\tstopped\tsoon"] {
            #expect(SyncChildLine(line: line) == nil, "\(line)")
        }
    }
}

/// Every kind of sync failure as the child writes it on its `error` line and the data keeps it
/// as an account's last error, read back as the same value, and the sentence App makes of it.
@MainActor
@Suite struct SyncFailureTests {
    static let server = SyncServerFailure(.unauthorized, url: "https://dav.example.com/", status: 401,
                                          detail: "https://dav.example.com/ refused the user name or password (HTTP 401).")
    static let every: [(SyncFailure, String)] = [
        (.server(server), "refused the user name or password (HTTP 401)"),
        (.server(SyncServerFailure(.unreachable, url: "http://127.0.0.1:1/", detail: "Nothing answers at http://127.0.0.1:1/")), "Nothing answers"),
        (.storage(ServiceError(.busy, place: .file("/tmp/data.sqlite3"), code: .sqlite(5))), "/tmp/data.sqlite3 is locked by another program"),
        (.storage(ServiceError(.unavailable, place: .server("postgresql://db/team"), detail: "server closed the connection", code: .connectionLost)),
         "The connection to the PostgreSQL server at postgresql://db/team was lost"),
        (.storage(ServiceError(.refused, place: .server("postgresql://db/team"), detail: "permission denied", code: .sqlState("42501"))),
         "does not let you change that (permission denied)"),
        (.storage(ServiceError(.damaged, place: .file("x"), detail: "it is not an SQLite file", code: .notADatabase)), "x is not a switchboard database"),
        (.storage(ServiceError(.conflict, place: .memory, detail: "contact 1", code: .changedSinceRead)), "Someone else changed it"),
        (.storage(ServiceError(.failed, place: .unknown, detail: "no")), "no"),
        (.wipeRefused(book: "Contacts", deleting: 60, of: 60), "the server's address book “Contacts” no longer has any of the 60 contacts"),
        (.wipeRefused(book: "Work", deleting: 7, of: 12), "no longer has 7 of the 12 contacts"),
        (.passwordNotTyped, "type it in the app (Settings → Sync)"),
        (.passwordUnavailable("--password-command failed (exit status 1); nothing was changed"), "--password-command failed (exit status 1)"),
        (.passwordCommandFailed(.failed(exitStatus: 3)), "its password command failed (exit status 3); nothing was changed"),
        (.passwordCommandFailed(.timedOut(after: "60 s")), "its password command did not finish within 60 s and was stopped; is it waiting for something"),
        (.passwordCommandFailed(.couldNotStart(reason: "No such file or directory")), "its password command could not be started (No such file or directory)"),
        (.passwordCommandFailed(.printedNothing), "its password command printed an empty line, so there was no password"),
        (.account(user: "bob", url: "https://dav.example.com/", .passwordCommandFailed(.failed(exitStatus: 130))),
         "bob at https://dav.example.com/: its password command failed (exit status 130)"),
        (.passwordCommandStale(user: "bob", url: "https://old.example/", team: true), "kept on this machine for bob at https://old.example/"),
        (.noAddressBooks, "the server lists no address books for this account"),
        (.addressBookNotChosen(books: [ListedAddressBook(name: "Contacts", url: "https://dav.example.com/a/c/"), ListedAddressBook(name: "Work", url: "https://dav.example.com/a/w/")]),
         "the server has 2 address books (Contacts, Work): choose one; nothing was added"),
        (.noSuchAddressBook("https://dav.example.com/a/gone/", books: [ListedAddressBook(name: "Contacts", url: "https://dav.example.com/a/c/")]),
         "the server has no address book “https://dav.example.com/a/gone/” (deleted meanwhile?); it has Contacts; nothing was added"),
        (.noSuchAddressBook("Work", books: []), "it lists none; nothing was added"),
        (.alreadySynced(book: "Contacts", url: "https://dav.example.com/alice/c/", user: "alice", server: "https://dav.example.com/"),
         "the address book “Contacts” (https://dav.example.com/alice/c/) is synced already, by alice at https://dav.example.com/"),
        (.noAccounts(place: "/tmp/data.sqlite3"), "no CardDAV account is set up in /tmp/data.sqlite3"),
        (.noAccount(.noSuchAccount(user: "ada", place: "/tmp/data.sqlite3")), "there is no account “ada” in /tmp/data.sqlite3"),
        (.noAccount(.noDataFile(place: "/tmp/none.sqlite3")), "there is no data file at /tmp/none.sqlite3 yet"),
        (.noAccount(.nobodySignedIn(place: "/tmp/data.sqlite3")), "nobody is signed in to /tmp/data.sqlite3"),
        (.noAccount(.notTheMember(member: "bob", user: "alice")), "you are the member you sign in as (bob)"),
        (.noAccount(.ownerKeepsNoContacts(place: "postgresql://db/team")), "signs in as the directory's owner"),
        (.noAccount(.noTeamBook(place: "/tmp/data.sqlite3")), "has no team address book"),
        (.storage(ServiceError(.refused, place: .server("postgresql://db/team"), detail: "x'y", code: .memberNameInvalid)), "“x'y” cannot be a member's name"),
        (.storage(ServiceError(.busy, place: .server("postgresql://db/team"), detail: "lock wait of 5s ran out; held by alice (session 7)", code: .lockHeld)),
         "held by alice (session 7)), and nothing was changed"),
        // The lock wait's cause crosses the line as a value: App names the holders and the owner's way out, as in-process.
        (.storage(lockWait([(7, "alice"), (9, "")])),
         "the PostgreSQL server at postgresql://db/team is busy: it waited 5s for a lock held by alice (session 7), session 9, and gave up; nothing was changed. "
            + "Ask them to finish (a LOCK TABLE or a transaction left open in psql ends with COMMIT or ROLLBACK), then try again; "
            + "the directory's owner can end it: SELECT pg_terminate_backend(7)."),
        (.storage(lockWait([])), "it waited 5s for a lock held by another session, and gave up; nothing was changed. Ask them to finish"),
        (.account(user: "bob", url: "https://dav.example.com/", .storage(lockWait([(4711, "carol")]))),
         "bob at https://dav.example.com/: the PostgreSQL server at postgresql://db/team is busy: it waited 5s for a lock held by carol (session 4711)"),
        (.account(user: "alice", url: "https://dav.example.com/", .server(server)), "alice at https://dav.example.com/: https://dav.example.com/ refused"),
        (.account(user: "alice", url: "https://dav.example.com/", .passwordNotTyped), "no password for alice at https://dav.example.com/: type it in the app"),
        (.account(user: "team", url: "https://new.example/", .passwordCommandStale(user: "team", url: "https://alice.example/", team: true)),
         "now names team at https://new.example/, not team at https://alice.example/ as when its password command was kept on this machine; nothing was run or sent. If that change is right, keep the command again: switchboard sync password-command CMD --team --db …"),
        (.stopped(exitCode: 3), "the sync stopped (exit code 3)"),
        (.stopped(exitCode: nil), "the sync could not be started"),
        (.other("a tab\there"), "a tab here"),
    ]

    /// A lock wait that ran out on `postgresql://db/team`, held by `holders`, as the PostgreSQL store makes it.
    static func lockWait(_ holders: [(Int64, String)]) -> ServiceError {
        let named = holders.prefix(3).map { $0.1.isEmpty ? "session \($0.0)" : "\($0.1) (session \($0.0))" }
        return ServiceError(.busy, place: .server("postgresql://db/team"),
                            detail: "lock wait of 5s ran out; held by \(named.isEmpty ? "another session" : named.joined(separator: ", "))", code: .lockHeld,
                            cause: ServiceError.LockWait(waited: "5s", holders: holders.map { ServiceError.LockWait.Holder(pid: $0.0, role: $0.1) }))
    }

    /// The same store error shows the same sentence in the app whether it happened in-process or
    /// came over a sync child's line (its cause with it), and a cause App does not read is left
    /// behind, the rest of the error kept.
    @Test func aStoreErrorReadsTheSameAfterTheLine() throws {
        for holders in [[(Int64(7), "alice")], [], [(1, ""), (2, "b"), (3, "c"), (4, "d")]] {
            let error = Self.lockWait(holders)
            guard case .error(.storage(let read))? = SyncChildLine(line: SyncChildLine.error(.storage(error)).text) else {
                Issue.record("\(holders)"); continue
            }
            #expect(read.message == error.message && read.cause as? ServiceError.LockWait == error.cause as? ServiceError.LockWait, "\(read.message)")
        }
        struct Unread: Error {}
        var other = ServiceError(.failed, place: .server("postgresql://db/team"), detail: "no", code: .sqlState("XX000"), cause: Unread())
        let read = SyncChildLine(line: SyncChildLine.error(.storage(other)).text)
        other.cause = nil
        #expect(read == .error(.storage(other)))
        // A cause word the build does not know, or a wait that is not one, is not a line of the protocol.
        let base = SyncChildLine.error(.storage(Self.lockWait([(7, "alice")]))).text
        #expect(SyncChildLine(line: base.replacingOccurrences(of: "lockWait", with: "lockwait")) == nil)
        #expect(SyncChildLine(line: base + "\t8") == nil)
        #expect(SyncChildLine(line: base.replacingOccurrences(of: "\t7\t", with: "\tseven\t")) == nil)
    }

    @Test func eachKindGoesOverTheLineAndIntoTheDataAsItIs() {
        for (failure, _) in Self.every {
            let line = SyncChildLine.error(failure).text
            #expect(!line.contains("\n"))
            let read = SyncChildLine(line: line)
            let expected = failure == .other("a tab\there") ? SyncFailure.other("a tab here") : failure
            #expect(read == .error(expected), "\(line)")
            #expect(SyncFailure(encoded: failure.encoded) == expected, "\(failure.encoded)")
        }
    }

    @Test func theAppMakesTheSentence() {
        for (failure, words) in Self.every {
            let read = SyncChildLine(line: SyncChildLine.error(failure).text)
            guard case .error(let got)? = read else { Issue.record("\(failure)"); continue }
            #expect(got.message().contains(words), "\(got.message())")
        }
        #expect(SyncFailure.stopped(exitCode: 2).message(during: .asking) == "the server could not be asked (exit code 2)")
        #expect(SyncFailure.stopped(exitCode: nil).message(during: .adding) == "the account was not added (exit code none)")
    }

    /// What an older build kept in `last_error` (a sentence), or printed on an `error` line, is shown as it was.
    @Test func anOlderBuildsWordsAreKept() {
        #expect(SyncFailure(encoded: "alice at http://127.0.0.1:1/: Nothing answers at http://127.0.0.1:1/ (Connection refused).")
                == .other("alice at http://127.0.0.1:1/: Nothing answers at http://127.0.0.1:1/ (Connection refused)."))
        #expect(SyncChildLine(line: "error\tthe server said no") == .error(.other("the server said no")))
        #expect(SyncFailure(encoded: "noAddressBooks") == .noAddressBooks)
    }
}
