import AppServices
import CardDAV
import Foundation
import Storage
import Sync
import Testing

/// The way without sync-collection (RFC 6352's getctag, then every card's etag), as a server
/// without it is synced, against the real Radicale and Xandikos with the engine told not to ask
/// for sync-collection: a nothing-new sync is one request (the ctag is the same), changes both
/// ways arrive, and nothing is read twice.
@Suite(.serialized)
struct SyncFallbackTests {
    @Test(.enabled(if: SyncTestServer.isAvailable, SyncServerTests.needsServer), arguments: SyncTestServer.servers)
    func withoutSyncCollectionTheCtagAndEtagsFindEveryChange(server: SyncTestServer.Server) throws {
        let f = try SyncFixture(server: server.url)
        f.engine.usesSyncCollection = false
        let a = try f.phonePut(SyncFixture.card(uid: "a", first: "Ada", last: "Lovelace", note: "first"), name: "a")
        let b = try f.phonePut(SyncFixture.card(uid: "b", first: "Bea", last: "Babbage"), name: "b")
        try f.phonePut(SyncFixture.card(uid: "c", first: "Cy", last: "Clarke"), name: "c")

        let (first, firstRequests) = try f.sync()
        #expect(first.new == 3 && first.deleted == 0)
        #expect(firstRequests == 3) // PROPFIND of the ctag, PROPFIND Depth 1 of the etags, one multiget
        let book = try #require(try f.store.books(of: try f.account.id).first)
        #expect(book.syncToken == nil && book.ctag?.isEmpty == false)

        // Nothing new: the ctag alone says so.
        let (idle, idleRequests) = try f.sync()
        #expect(idle == SyncSummary())
        #expect(idleRequests == 1)

        // The phone changes Ada, deletes Bea, adds Dan; here Cy is edited.
        let path = { (url: String) in URL(string: url)!.path }
        let adaCard = try #require(try f.phone.multiget(f.book.url, hrefs: [path(a.url)]).first)
        try f.phone.put(adaCard.vCard.replacingOccurrences(of: "NOTE:first", with: "NOTE:changed on the phone"), at: a.url, replacing: adaCard.etag)
        let beaCard = try #require(try f.phone.multiget(f.book.url, hrefs: [path(b.url)]).first)
        try f.phone.delete(at: b.url, etag: beaCard.etag)
        try f.phonePut(SyncFixture.card(uid: "d", first: "Dan", last: "Dijkstra"), name: "d")
        var cy = try f.contact(named: "Cy")
        cy.notes = "edited here"
        _ = try f.contacts.update(cy)

        let (both, bothRequests) = try f.sync()
        #expect(both.new == 1 && both.changed == 1 && both.deleted == 1 && both.sent == 1 && both.conflicts == 0, "\(both)")
        #expect(bothRequests == 4) // ctag, etags, one multiget of the two read, the PUT
        #expect(Set(try f.localContacts().map(\.firstName)) == ["Ada", "Cy", "Dan"])
        #expect(try f.contact(named: "Ada").notes == "changed on the phone")
        #expect(SyncFixture.lines(try #require(try f.serverCards().values.first { $0.contains("UID:c") })).contains("NOTE:edited here"))

        // Our own PUT changed the ctag: the etags are listed once more, none is read again.
        let (after, afterRequests) = try f.sync()
        #expect(after == SyncSummary())
        #expect(afterRequests == 2)
        let (quiet, quietRequests) = try f.sync()
        #expect(quiet == SyncSummary() && quietRequests == 1)
    }
}
