import CardDAV
import Foundation
import Storage
import TestSupport
import Testing
@testable import switchboard

/// Issue 50: what `add-email` adds (a new contact, and an address added to a contact) goes out at
/// the next CardDAV sync, as any change made in the app does, to the real Radicale.
@MainActor
@Suite(.serialized)
struct AddEmailSyncTests {
    func run(_ arguments: [String]) -> (code: Int32, output: String, errors: String) {
        var output = SyncCommandTests.Captured(), errors = SyncCommandTests.Captured()
        let code = Switchboard.run(arguments: arguments, environment: ["HOME": "/nonexistent-home"], output: &output, errors: &errors)
        return (code, output.text, errors.text)
    }

    @Test(.enabled(if: SyncTestServer.isAvailable, "needs SWITCHBOARD_TEST_CARDDAV_URL (.ci/carddav start DIR; .ci/run starts one)"))
    func theSenderAddedGoesOutAtTheNextSync() throws {
        let base = try #require(SyncTestServer.url)
        let setup = try SyncCommandTests.Setup()
        let book = try SyncTestServer.freshAddressBook(on: base)
        #expect(run(["sync", "add", base, "--username", "alice", "--password-command", "cat \(setup.passwordFile)",
                     "--addressbook", SyncCommand.lastSegment(of: book.url), "--db", setup.path]).code == 0)
        #expect(run(["sync", "--db", setup.path]).code == 0)
        let message = setup.folder.file("m.eml")
        try "From: =?UTF-8?Q?J=C3=BCrgen_M=C3=BCller?= <jm@example.de>\r\nSubject: hi\r\n\r\nbody\r\n".write(toFile: message, atomically: true, encoding: .utf8)
        let added = run(["add-email", message, "--quiet", "--db", setup.path])
        #expect(added.code == 0 && added.output == "added Jürgen Müller <jm@example.de>\n", "\(added.errors)")
        let synced = run(["sync", "--db", setup.path])
        #expect(synced.output == "↓ 0 new, 0 changed, 0 deleted · ↑ 1 sent · 0 conflicts\n", "\(synced.output)\(synced.errors)")
        let client = try SyncTestServer.client()
        let hrefs = try client.etags(in: book.url).map(\.href)
        let cards = try client.multiget(book.url, hrefs: hrefs)
        #expect(cards.count == 1)
        #expect(cards.first.map { $0.vCard.contains("EMAIL") && $0.vCard.contains("jm@example.de") && $0.vCard.contains("Jürgen Müller") } == true,
                "\(cards.map(\.vCard))")
    }
}
