import Testing
@testable import Sync

/// A sync with nothing new asks the address book's getctag alone (one request, which servers
/// answer cheaply); when the ctag moved, the changes come by sync-collection from the token, so a
/// change is never missed for the ctag's sake.
struct SyncCtagFirstTests {
    /// The kinds of request `server` answered since `from` of them.
    private func asked(_ server: FuzzServer, since from: Int) -> [FuzzServer.Kind] {
        server.served.dropFirst(from).map(\.kind)
    }

    @Test func nothingNewIsOneGetctagAndAChangeStillComesIn() throws {
        let server = FuzzServer(cards: Array(SyncFuzzTests.startCards.prefix(3)))
        let f = try SyncFuzzTests.Synced(server)
        var before = server.served.count
        #expect(try f.sync(server).new == 3)
        #expect(!asked(server, since: before).contains(.propfind0)) // a first sync does not ask
        #expect(try #require(try f.store.books(of: try f.account.id).first).ctag == nil)

        // The second asks it (and lists the changes from the token), then keeps it.
        before = server.served.count
        #expect(try f.sync(server) == SyncSummary())
        #expect(asked(server, since: before) == [.propfind0, .syncSince])
        #expect(try #require(try f.store.books(of: try f.account.id).first).ctag == server.ctag)

        before = server.served.count
        #expect(try f.sync(server) == SyncSummary())
        #expect(asked(server, since: before) == [.propfind0])

        // c2 edited on the server: the ctag and the token move.
        server.cards[1].vCard = server.cards[1].vCard.replacingOccurrences(of: "as first synced", with: "edited on the phone")
        server.cards[1].etag = "\"e-edited\""
        server.changedSince = [server.cards[1].name]
        server.token = "http://radicale.org/ns/sync/t-edited"
        server.ctag = "\"c-edited\""
        before = server.served.count
        #expect(try f.sync(server).changed == 1)
        #expect(asked(server, since: before) == [.propfind0, .syncSince, .multiget])
        #expect(try f.contacts.allContactIDs().compactMap { try f.contacts.contact(id: $0) }.contains { $0.notes.contains("edited on the phone") })

        // Quiet again: the new ctag was kept with the new token.
        server.changedSince = []
        before = server.served.count
        #expect(try f.sync(server) == SyncSummary())
        #expect(asked(server, since: before) == [.propfind0])
    }

    @Test func withoutTheCheckNothingNewIsOneSyncCollection() throws {
        let server = FuzzServer(cards: Array(SyncFuzzTests.startCards.prefix(2)))
        let f = try SyncFuzzTests.Synced(server)
        f.engine.checksCtagFirst = false
        #expect(try f.sync(server).new == 2)
        _ = try f.sync(server)
        let before = server.served.count
        #expect(try f.sync(server) == SyncSummary())
        #expect(asked(server, since: before) == [.syncSince])
    }
}
