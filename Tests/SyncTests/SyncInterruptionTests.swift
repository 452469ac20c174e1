import AppServices
import CardDAV
import Foundation
import Storage
import Sync
import Testing
import CardMapping

/// A server stopped in the middle of a sync — while cards come in, and while changes go out — on a
/// Radicale of this test's own (`.ci/carddav start`, `pause`, `resume`: the same port, the same
/// collections). The sync that was cut off leaves nothing half-done; the next one finishes the job
/// with nothing duplicated or lost.
@Suite(.serialized)
struct SyncInterruptionTests {
    @Test(.enabled(if: SyncTestServer.isAvailable, "needs the CardDAV test servers (.ci/run starts them; Radicale from PyPI)"))
    func aServerStoppedMidSyncLeavesNothingHalfDoneAndTheNextSyncFinishes() throws {
        let dir = "/tmp/sync-interrupt-\(UUID().uuidString.prefix(8))"
        let base = try SyncTestServer.carddav(["start", dir])
        defer { _ = try? SyncTestServer.carddav(["stop", dir]) }

        // 500 cards on the phone's side.
        let url = base + "alice/book/"
        var bulk = ""
        for i in 0..<500 { bulk += SyncFixture.card(uid: "card-\(i)", first: "Person\(i)", last: "Cut", note: "n\(i)") }
        _ = try SyncTestServer.client().transport.send(CardDAVRequest(method: "PUT", url: url, headers: [.init("Content-Type", "text/vcard")],
                                                                      body: Array(bulk.utf8)), expecting: [201, 204])
        let book = try #require(try SyncTestServer.client().addressBook(at: url))
        let f = try SyncFixture(server: base, book: book)
        f.engine.batchSize = 50

        // Pull: the server goes away after the second batch is in.
        var paused = false
        f.engine.progress = { done, _ in
            if done == 100, !paused { paused = true; _ = try? SyncTestServer.carddav(["pause", dir]) }
        }
        let cut = try #require(throws: SyncError.self) { try f.sync() }
        guard case .server(.connectionRefused) = cut else { Issue.record("expected the connection refused, got \(cut)"); return }
        // Whole batches only: the two written, and the third if it was already read (the next
        // batch is read from the server while the last is written) when the server went.
        let kept = try f.localContacts().count
        #expect(kept == 100 || kept == 150)
        #expect(try f.store.books(of: f.account.id).first?.syncToken == nil) // the token waits for the rest
        #expect(try f.store.accounts().first?.lastError != nil)
        f.engine.progress = nil
        try SyncTestServer.carddav(["resume", dir])
        let finished = try f.sync().summary
        #expect(finished.new == 500 - kept)
        var here = try f.localContacts()
        #expect(here.count == 500 && Set(here.map(\.uid)).count == 500)
        #expect(try f.store.etags(book: try #require(try f.store.books(of: f.account.id).first).id).count == 500)

        // Push: 30 contacts made here; the server goes away after the tenth is sent.
        for i in 0..<30 { _ = try f.contacts.add(ContactRecord(firstName: "Local\(i)", lastName: "Made", emails: ["l\(i)@example.com"])) }
        paused = false
        f.engine.afterSend = { sent in
            if sent == 10, !paused { paused = true; _ = try? SyncTestServer.carddav(["pause", dir]) }
        }
        #expect(throws: SyncError.self) { try f.sync() }
        #expect(try f.store.pendingCount() == 20)
        f.engine.afterSend = nil
        try SyncTestServer.carddav(["resume", dir])
        let rest = try f.sync().summary
        #expect(rest.sent == 20 && rest.new == 0 && rest.conflicts == 0)
        #expect(try f.store.pendingCount() == 0)

        // Nothing duplicated or lost on either side.
        let cards = try f.serverCards()
        #expect(cards.count == 530)
        let uids = cards.values.compactMap { SyncFixture.lines($0).first { $0.hasPrefix("UID:") } }
        #expect(Set(uids).count == 530)
        here = try f.localContacts()
        #expect(here.count == 530 && Set(here.map(\.uid)).count == 530)
        #expect(try f.sync().summary == SyncSummary())
    }

    /// An add whose PUT reached the server but whose answer never came (the engine stopped between
    /// the two) is recognised by its href at the next sync: bound, not sent twice.
    @Test(.enabled(if: SyncTestServer.isAvailable, "needs SWITCHBOARD_TEST_CARDDAV_URL (.ci/carddav start DIR; .ci/run starts one)"))
    func anAddThatReachedTheServerUnnotedIsNotSentTwice() throws {
        let base = try #require(SyncTestServer.url)
        let f = try SyncFixture(server: base)
        let id = try f.contacts.add(ContactRecord(firstName: "Ada", lastName: "Lovelace", emails: ["ada@example.com"]))
        // As an engine cut off after its PUT would leave it: the href noted in the queue, the card on the server.
        let item = try #require(try f.store.queued(contact: id))
        let href = URL(string: f.book.url)!.path + "/ada-cut.vcf"
        try f.store.setHref(href, of: item.id)
        var ada = try #require(try f.contacts.contact(id: id))
        ada.uid = "urn:uuid:ada-cut"
        _ = try f.store.applying { () throws(ServiceError) in try f.contacts.update(ada) }
        try f.phone.put(ContactSyncCoding().write(ada, over: nil), at: f.book.url + "ada-cut.vcf", replacing: nil)

        let summary = try f.sync().summary
        #expect(summary.new == 0 && summary.sent == 0 && summary.conflicts == 0)
        #expect(try f.serverCards().count == 1)
        #expect(try f.localContacts().count == 1)
        #expect(try f.store.binding(contact: id)?.href == href)
        #expect(try f.store.pendingCount() == 0)
    }
}
