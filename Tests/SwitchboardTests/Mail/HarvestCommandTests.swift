import AppServices
import Storage
import Testing
import TestSupport
@testable import switchboard
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 50: `switchboard harvest` on generated maildirs and mboxes: who the user wrote to and
/// heard from, counted once a message however often it is read (resumed runs, a message in two
/// folders, an mbox rewritten), bad messages named and skipped whole, a file that is not mail
/// refused with nothing added.
@MainActor
@Suite("harvest", .serialized)
struct HarvestCommandTests {
    /// A message's text: the header and a short body.
    static func message(from: String, to: [String] = [], cc: [String] = [], date: String = "Thu, 3 Dec 2026 10:00:00 +0000",
                        id: String?, subject: String = "Hello", body: String = "Hi.\n") -> String {
        var text = "From: \(from)\n"
        if !to.isEmpty { text += "To: \(to.joined(separator: ", "))\n" }
        if !cc.isEmpty { text += "Cc: \(cc.joined(separator: ", "))\n" }
        text += "Subject: \(subject)\nDate: \(date)\n"
        if let id { text += "Message-ID: <\(id)>\n" }
        return text + "\n" + body
    }

    /// Messages in mbox form ("From " lines, a blank line between, body "From " lines quoted).
    static func mbox(_ messages: [String]) -> String {
        messages.map { "From sender@example.org Thu Dec  3 10:00:00 2026\n" + $0 + "\n" }.joined()
    }

    static func makeMaildir(_ path: String) {
        mkdir(path, 0o700)
        for sub in ["cur", "new", "tmp"] { mkdir(path + "/" + sub, 0o700) }
    }

    static let me = "Ada Lovelace <ada@analytical.example>"
    static let bob = "Bob Babbage <bob@engine.example>"
    static let carol = "\"Somerville, Mary\" <mary@royal.example>"

    /// The counts kept for the signed-in "ada" of `db`.
    func counts(_ db: String, _ addresses: [String]) throws -> [String: MailCorrespondent] {
        let data = try CommandLineData(location: db, environment: [:])
        let ada = try #require(try data.accounts.account(named: "ada"))
        let store = try #require(data.contacts(of: ada.id).mailHistory)
        return try store.mailCounts(of: addresses)
    }

    /// A sent maildir, an inbox mbox and an archive maildir of the same person: the sent folder
    /// makes ada's address hers; she wrote to Bob three times (twice in Sent, once kept in the
    /// inbox as a copy, counted once by its Message-ID), to Mary once (Cc), and Bob wrote to her twice.
    func seeded(_ folder: InterchangeFolder) -> (sent: String, inbox: String) {
        let sent = folder.file("Sent")
        Self.makeMaildir(sent)
        folder.write("Sent/cur/1764756000.M1P1.host:2,S", Self.message(from: Self.me, to: [Self.bob], date: "Mon, 30 Nov 2026 09:00:00 +0000", id: "s1@a"))
        folder.write("Sent/cur/1764842400.M2P1.host:2,S", Self.message(from: Self.me, to: [Self.bob], cc: [Self.carol], date: "Thu, 3 Dec 2026 10:00:00 +0100", id: "s2@a"))
        folder.write("Sent/new/1764842500.M3P1.host", Self.message(from: Self.me, to: ["bob@engine.example"], date: "Thu, 3 Dec 2026 11:00:00 +0000", id: "s3@a"))
        folder.write("inbox", Self.mbox([
            Self.message(from: Self.bob, to: [Self.me], date: "Tue, 1 Dec 2026 08:00:00 +0000", id: "r1@b"),
            Self.message(from: Self.bob, to: [Self.me], date: "Wed, 2 Dec 2026 08:00:00 +0000", id: "r2@b",
                         body: "A body with a line that is not a message:\n>From the engine.\n\nFrom here too, unquoted but after text.\n"),
            // Her own copy (Bcc) of a message in Sent: the same Message-ID.
            Self.message(from: Self.me, to: [Self.bob], date: "Mon, 30 Nov 2026 09:00:00 +0000", id: "s1@a"),
        ]))
        return (sent, folder.file("inbox"))
    }

    @Test func countsWhoTheUserWroteToAndHeardFrom() throws {
        let folder = InterchangeFolder("harvest-counts")
        let db = folder.dataFile("h.sqlite3")
        let (sent, inbox) = seeded(folder)
        let run = runSwitchboard(["harvest", inbox, sent, "--db", db])
        #expect(run.code == 0, "\(run.errors)")
        #expect(run.output.contains("harvested 2 folders: 6 messages read, 5 new"), "\(run.output)")
        let found = try counts(db, ["BOB@engine.example", "mary@royal.example", "ada@analytical.example"])
        let bob = try #require(found["bob@engine.example"])
        #expect(bob.sent == 3 && bob.received == 2)
        #expect(bob.lastSent.map(MailCountText.day) == "2026-12-03" && bob.lastReceived.map(MailCountText.day) == "2026-12-02")
        #expect(bob.name == "Bob Babbage")
        let mary = try #require(found["mary@royal.example"])
        #expect(mary.sent == 1 && mary.received == 0 && mary.name == "Somerville, Mary")
        #expect(mary.lastSent == 1796288400) // 10:00 +0100 is 09:00 UTC
        #expect(found["ada@analytical.example"] == nil) // her own address is no correspondent

        // Not contacts yet: listed most written to first, then added.
        let listed = runSwitchboard(["harvest", "--list", "--db", db])
        #expect(listed.output == "bob@engine.example\tBob Babbage\t3\t2026-12-03\nmary@royal.example\tSomerville, Mary\t1\t2026-12-03\n", "\(listed.output)")
        let added = runSwitchboard(["harvest", "--add", "1", "--db", db])
        #expect(added.output == "added Bob Babbage <bob@engine.example>\n", "\(added.output)")
        #expect(runSwitchboard(["harvest", "--list", "--db", db]).output.hasPrefix("mary@royal.example\t"))
        #expect(runSwitchboard(["query", "bob", "--db", db]).output.contains("bob@engine.example\tBob Babbage"))
    }

    @Test func aSecondRunAddsOnlyWhatIsNew() throws {
        let folder = InterchangeFolder("harvest-resume")
        let db = folder.dataFile("h.sqlite3")
        let (sent, inbox) = seeded(folder)
        #expect(runSwitchboard(["harvest", sent, inbox, "--db", db]).code == 0)
        // Nothing new: nothing read again.
        let again = runSwitchboard(["harvest", sent, inbox, "--db", db])
        #expect(again.output.contains("0 messages read, 0 new, 3 read before"), "\(again.output)")
        // A message read in mutt moves from new/ to cur/ with its flags: the same file.
        rename(sent + "/new/1764842500.M3P1.host", sent + "/cur/1764842500.M3P1.host:2,RS")
        // One more sent, one more received appended to the mbox.
        folder.write("Sent/cur/1765000000.M4P1.host:2,S", Self.message(from: Self.me, to: [Self.carol], date: "Sat, 5 Dec 2026 12:00:00 +0000", id: "s4@a"))
        let f = fopen(inbox, "ab")!
        var more = Self.mbox([Self.message(from: Self.carol, to: [Self.me], date: "Sun, 6 Dec 2026 12:00:00 +0000", id: "r3@c")])
        more.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
        let third = runSwitchboard(["harvest", sent, inbox, "--db", db])
        #expect(third.output.contains("2 messages read, 2 new, 3 read before"), "\(third.output)")
        var found = try counts(db, ["bob@engine.example", "mary@royal.example"])
        #expect(found["bob@engine.example"]?.sent == 3 && found["bob@engine.example"]?.received == 2)
        #expect(found["mary@royal.example"]?.sent == 2 && found["mary@royal.example"]?.received == 1)
        #expect(found["mary@royal.example"]?.lastSent.map(MailCountText.day) == "2026-12-05")

        // mutt deletes a message and writes the mbox again: read again from its start, nothing counted twice.
        folder.write("inbox", Self.mbox([
            Self.message(from: Self.bob, to: [Self.me], date: "Wed, 2 Dec 2026 08:00:00 +0000", id: "r2@b"),
            Self.message(from: Self.carol, to: [Self.me], date: "Sun, 6 Dec 2026 12:00:00 +0000", id: "r3@c"),
        ]))
        let rewritten = runSwitchboard(["harvest", inbox, "--db", db])
        #expect(rewritten.output.contains("\(inbox) was rewritten since the last harvest"), "\(rewritten.output)")
        #expect(rewritten.output.contains("2 messages read, 0 new"), "\(rewritten.output)")
        found = try counts(db, ["bob@engine.example", "mary@royal.example"])
        #expect(found["bob@engine.example"]?.received == 2 && found["mary@royal.example"]?.received == 1)
    }

    /// Each bad message is named and skipped whole; the good ones around it are counted.
    @Test func badMessagesAreNamedAndSkippedWhole() throws {
        let folder = InterchangeFolder("harvest-bad")
        let db = folder.dataFile("h.sqlite3")
        var bytes = Array(Self.mbox([
            Self.message(from: Self.bob, to: [Self.me], id: "good1@b"),
            "To: ada@analytical.example\nSubject: no sender\nMessage-ID: <nofrom@x>\n\nbody\n",
            Self.message(from: "=?UTF-8?B?not*base64?= <eve@evil.example>", to: [Self.me], id: "badword@x"),
        ]).utf8)
        // 8-bit Latin-1 in From (not UTF-8), and a header with a NUL byte.
        bytes += Array("From x Thu Dec  3 10:00:00 2026\nFrom: J".utf8) + [0xFC] + Array("rgen <j@latin.example>\nMessage-ID: <latin@x>\n\nbody\n\n".utf8)
        bytes += Array("From x Thu Dec  3 10:00:00 2026\nFrom: nul <n@x.example>\nX-Bad: a".utf8) + [0] + Array("b\n\nbody\n\n".utf8)
        bytes += Array(Self.mbox([Self.message(from: "Carol <carol@c.example>", to: [Self.me], id: "good2@c")]).utf8)
        folder.write("inbox", bytes: bytes)
        let run = runSwitchboard(["harvest", folder.file("inbox"), "--me", "ada@analytical.example", "--db", db])
        #expect(run.code == 0)
        #expect(run.output.contains("6 messages read, 2 new, 4 skipped"), "\(run.output)")
        let problems = run.errors.split(separator: "\n")
        #expect(problems.count == 4, "\(run.errors)")
        #expect(run.errors.contains("the message has no address in its From: field; skipped"))
        #expect(run.errors.contains("a malformed encoded word"))
        #expect(run.errors.contains("the From: field has 8-bit bytes that are not UTF-8"))
        #expect(run.errors.contains("not a mail message"))
        #expect(run.errors.contains("\(folder.file("inbox")), the message at byte "))
        let found = try counts(db, ["bob@engine.example", "carol@c.example", "eve@evil.example", "j@latin.example", "n@x.example"])
        #expect(Set(found.keys) == ["bob@engine.example", "carol@c.example"])
    }

    /// A maildir message that could not be read (a directory where a file should be: reading it
    /// fails, as a disk or a permission may) is named and not remembered: once it can be read, the
    /// next run counts it. One read but not understood (no From) is named once and remembered: a
    /// maildir file never changes, so the next run neither reads it nor names it again.
    @Test func aMaildirMessageNotReadIsTriedAgainNextRun() throws {
        let folder = InterchangeFolder("harvest-retry")
        let db = folder.dataFile("h.sqlite3")
        let inbox = folder.file("Inbox")
        Self.makeMaildir(inbox)
        folder.write("Inbox/cur/1764756000.M1P1.host:2,S", Self.message(from: Self.bob, to: [Self.me], id: "good@b"))
        folder.write("Inbox/cur/1764756001.M2P1.host:2,S", "To: ada@analytical.example\nSubject: no sender\nMessage-ID: <late@c>\n\nbody\n")
        mkdir(folder.file("Inbox/new/1764756002.M3P1.host"), 0o700)
        let first = runSwitchboard(["harvest", inbox, "--me", "ada@analytical.example", "--db", db])
        #expect(first.code == 0, "\(first.errors)")
        #expect(first.output.contains("3 messages read, 1 new, 2 skipped (not readable, named above); 1 of them could not be read, tried again at the next harvest"),
                "\(first.output)")
        #expect(first.errors.contains("1764756002.M3P1.host: cannot be read: Is a directory; skipped (tried again at the next harvest)"), "\(first.errors)")
        #expect(first.errors.contains("1764756001.M2P1.host:2,S: the message has no address in its From: field; skipped\n"), "\(first.errors)")
        // The directory becomes the message it should have been.
        rmdir(folder.file("Inbox/new/1764756002.M3P1.host"))
        folder.write("Inbox/new/1764756002.M3P1.host", Self.message(from: "Dan <dan@d.example>", to: [Self.me], id: "dir@d"))
        let second = runSwitchboard(["harvest", inbox, "--db", db])
        #expect(second.output.contains("1 message read, 1 new, 2 read before"), "\(second.output)")
        #expect(second.errors.isEmpty, "\(second.errors)")
        let found = try counts(db, ["bob@engine.example", "dan@d.example"])
        #expect(found["bob@engine.example"]?.received == 1 && found["dan@d.example"]?.received == 1)
        let third = runSwitchboard(["harvest", inbox, "--db", db])
        #expect(third.output.contains("0 messages read, 0 new, 3 read before") && third.errors.isEmpty, "\(third.output)\(third.errors)")
    }

    /// A PATH that is not mail stops the run before anything is read: nothing is added.
    @Test func aFileThatIsNotMailIsRefusedWithNothingAdded() throws {
        let folder = InterchangeFolder("harvest-binary")
        let db = folder.dataFile("h.sqlite3")
        folder.write("inbox", Self.mbox([Self.message(from: Self.bob, to: [Self.me], id: "ok@b")]))
        folder.write("photo.jpg", bytes: [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + Array(repeating: 0, count: 100))
        folder.write("notes.txt", "Dear diary,\nnothing here.\n")
        let binary = runSwitchboard(["harvest", folder.file("inbox"), folder.file("photo.jpg"), "--db", db])
        #expect(binary.code == 1)
        #expect(binary.errors == "switchboard: harvest: \(folder.file("photo.jpg")) is a binary file, not an mbox (an mbox starts with a “From ” line); nothing was read from it\n", "\(binary.errors)")
        let text = runSwitchboard(["harvest", folder.file("notes.txt"), "--db", db])
        #expect(text.code == 1 && text.errors.contains("not an mbox: its first line is not a “From ” line"))
        let empty = folder.file("empty-dir")
        mkdir(empty, 0o700)
        #expect(runSwitchboard(["harvest", empty, "--db", db]).errors.contains("neither a maildir"))
        #expect(try counts(db, ["bob@engine.example"]).isEmpty)
        #expect(runSwitchboard(["harvest", "--db", db]).code == 2)
        #expect(runSwitchboard(["harvest", "x", "--me", "nobody", "--db", db]).errors.contains("--me"))
    }

    /// A large mbox streams: 20,000 messages (100,000 in the by-hand run of the report), each
    /// batch a transaction; counted once each, the second run reads nothing.
    @Test func aLargeMboxIsReadWhole() throws {
        let folder = InterchangeFolder("harvest-large")
        let db = folder.dataFile("h.sqlite3")
        let path = folder.file("big")
        let f = fopen(path, "wb")!
        for i in 0..<20_000 {
            var text = "From x Thu Dec  3 10:00:00 2026\n" + Self.message(from: "P\(i % 500) <p\(i % 500)@many.example>", to: [Self.me], id: "m\(i)@many")
                + String(repeating: "body line\n", count: 20) + "\n"
            text.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, f) }
        }
        fclose(f)
        let run = runSwitchboard(["harvest", path, "--me", "ada@analytical.example", "--db", db])
        #expect(run.output.contains("20000 messages read, 20000 new"), "\(run.output) \(run.errors)")
        #expect(try counts(db, ["p7@many.example"])["p7@many.example"]?.received == 40)
        #expect(runSwitchboard(["harvest", path, "--db", db]).output.contains("0 messages read, 0 new"))
    }

    /// A run cut off after its second batch (the store fails on the third, as a full disk would)
    /// keeps the batches written whole; the next run goes on from there, and the counts equal one
    /// whole run's.
    @Test func aRunCutOffGoesOnWhereItStopped() throws {
        let folder = InterchangeFolder("harvest-cut")
        let db = folder.dataFile("h.sqlite3")
        let path = folder.file("inbox")
        var messages: [String] = []
        for i in 0..<95 { messages.append(Self.message(from: "P\(i % 7) <p\(i % 7)@x.example>", to: [Self.me], id: "c\(i)@x")) }
        folder.write("inbox", Self.mbox(messages))
        let data = try CommandLineData(location: db, environment: [:])
        let ada = try #require(try data.accounts.account(named: "ada"))
        let store = try #require(data.contacts(of: ada.id).mailHistory)
        let failing = FailingHistory(store: store, failAt: 3)
        var harvester = MailHarvester(store: failing, mine: ["ada@analytical.example"], now: 0)
        harvester.batchSize = 20
        let folderToRead = MailFolder(path: path, kind: .mbox, isSent: false)
        #expect(throws: ServiceError.self) { try harvester.harvestMbox(folderToRead) }
        #expect(try store.mailCounts(of: ["p0@x.example"])["p0@x.example"]?.received == 6) // 40 messages: 0, 7, …, 35
        let mark = try #require(try store.mailboxMark(path: path))
        #expect(mark.offset > 0)
        let rest = runSwitchboard(["harvest", path, "--db", db])
        #expect(rest.output.contains("55 messages read, 55 new"), "\(rest.output)")
        let found = try store.mailCounts(of: (0..<7).map { "p\($0)@x.example" })
        #expect((0..<7).map { found["p\($0)@x.example"]?.received } == (0..<7).map { i in (0..<95).filter { $0 % 7 == i }.count })
    }
}

/// The store, failing at its `failAt`th batch (a spy on the harvest's boundary with the store).
final class FailingHistory: MailHistoryService {
    let store: any MailHistoryService
    let failAt: Int
    var batches = 0
    init(store: any MailHistoryService, failAt: Int) {
        self.store = store
        self.failAt = failAt
    }
    func myAddresses() throws(ServiceError) -> [String] { try store.myAddresses() }
    func mailboxMark(path: String) throws(ServiceError) -> MailboxMark? { try store.mailboxMark(path: path) }
    func readMessageFiles(in folder: String, among names: [String]) throws(ServiceError) -> Set<String> {
        try store.readMessageFiles(in: folder, among: names)
    }
    func addHarvest(_ batch: MailHarvestBatch) throws(ServiceError) -> Int {
        batches += 1
        if batches == failAt { throw ServiceError(.unavailable, place: .file("test"), detail: "disk full") }
        return try store.addHarvest(batch)
    }
    func mailCounts(of addresses: [String]) throws(ServiceError) -> [String: MailCorrespondent] { try store.mailCounts(of: addresses) }
    func writtenTo() throws(ServiceError) -> [MailCorrespondent] { try store.writtenTo() }
    func knownAddresses(among addresses: [String]) throws(ServiceError) -> Set<String> { try store.knownAddresses(among: addresses) }
    func forgetHarvest() throws(ServiceError) { try store.forgetHarvest() }
}
