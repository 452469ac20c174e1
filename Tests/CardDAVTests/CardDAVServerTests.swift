import Foundation
import Testing
@testable import CardDAV

/// The protocol against a real Radicale (`.ci/carddav start`): discovery, cards written and read
/// back, etags guarding changes and deletes, sync-collection's changes, and the errors a person
/// sees for a wrong password or an untrusted certificate.
@Suite(.serialized)
struct CardDAVServerTests {
    /// A vCard 3.0 with `index`'s own values, lines ended by CRLF as the RFC has them.
    static func card(_ index: Int, uid: String, note: String = "first") -> String {
        [
            "BEGIN:VCARD", "VERSION:3.0", "UID:\(uid)", "FN:Person \(index) Ødegård",
            "N:Ødegård;Person \(index);;;", "EMAIL;TYPE=INTERNET,WORK:person\(index)@example.com",
            "TEL;TYPE=CELL:+44 20 7946 \(String(format: "%04d", index))", "NOTE:\(note) \(index)\\, with a comma",
            "X-SWITCHBOARD-TEST:\(index)", "item1.ADR;TYPE=HOME:;;\(index) High St;Leeds;;LS1;UK", "item1.X-ABLABEL:home",
            "END:VCARD", "",
        ].joined(separator: "\r\n")
    }

    /// A card's content lines, unfolded, whatever line ends it came with (XML turns CRLF into LF).
    static func properties(_ vCard: String) -> [String] {
        var lines: [String] = []
        for raw in vCard.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: true) {
            if raw.hasPrefix(" ") || raw.hasPrefix("\t"), !lines.isEmpty { lines[lines.count - 1] += raw.dropFirst() } else { lines.append(String(raw)) }
        }
        return lines
    }

    @Test(.enabled(if: CardDAVTestServer.isAvailable, "needs SWITCHBOARD_TEST_CARDDAV_URL (.ci/carddav start DIR; .ci/run starts one)"),
          arguments: CardDAVTestServer.servers)
    func discoveryFromTheBareHostURLFindsTheHomeAndItsAddressBooks(server: CardDAVTestServer.Server) throws {
        let client = try CardDAVTestServer.client()
        let book = try CardDAVTestServer.freshAddressBook(client, on: server)
        let base = server.url
        let bare = String(base.dropLast(base.hasSuffix("/") ? 1 : 0)) // "http://127.0.0.1:PORT", no path at all
        let before = client.transport.requestCount
        let account = try client.discover(from: bare)
        #expect(account.principalURL == base + "alice/")
        #expect(account.homeURL == base + (server.name == "Xandikos" ? "alice/contacts/" : "alice/"))
        let found = try #require(account.addressBooks.first { $0.url == book.url })
        #expect(found.displayName == book.displayName)
        #expect(found.syncToken != nil && found.ctag != nil)
        #expect(found.supportsSyncCollection)
        // The password is in no URL discovery hands back (libcurl's redirect URL had it).
        for url in [account.contextURL, account.homeURL, account.principalURL ?? ""] + account.addressBooks.map(\.url) {
            #expect(!url.contains("alice%20pw") && !url.contains("alice pw") && !url.contains("@"))
        }
        // /.well-known/carddav (redirected to /), its redirect, the principal, the home: 4 requests.
        #expect(client.transport.requestCount - before == 4)
    }

    @Test(.enabled(if: CardDAVTestServer.isAvailable, "needs SWITCHBOARD_TEST_CARDDAV_URL (.ci/carddav start DIR; .ci/run starts one)"),
          arguments: CardDAVTestServer.servers)
    func twoHundredCardsPutAreReadBackWithTheirPropertiesIntactBySyncAndMultiget(server: CardDAVTestServer.Server) throws {
        let client = try CardDAVTestServer.client()
        let book = try CardDAVTestServer.freshAddressBook(client, on: server)
        var sent: [String: String] = [:] // href's URL -> card
        var etags: [String: String] = [:]
        for index in 0..<200 {
            let uid = "uid-\(index)-\(UUID().uuidString)"
            let url = book.url + uid + ".vcf"
            let card = Self.card(index, uid: uid)
            etags[url] = try client.put(card, at: url, replacing: nil)
            sent[url] = card
        }
        #expect(etags.values.allSatisfy { !$0.isEmpty })
        let changes = try client.syncCollection(book.url, token: nil)
        #expect(changes.changed.count == 200)
        #expect(changes.deleted.isEmpty)
        #expect(changes.syncToken != nil)
        client.multigetBatchSize = 64 // 4 batches
        let before = client.transport.requestCount
        let started = ContinuousClock.now
        let cards = try client.multiget(book.url, hrefs: changes.changed.map(\.href))
        let multigetTime = ContinuousClock.now - started
        #expect(client.transport.requestCount - before == 4)
        #expect(cards.count == 200)
        for card in cards {
            let url = try #require(client.resolve(card.href, against: book.url))
            let original = try #require(sent[url], "a card came back that was not sent: \(card.href)")
            // Every property line comes back byte for byte; Radicale (vobject) reorders them, grouping item1.*.
            #expect(Self.properties(card.vCard).sorted() == Self.properties(original).sorted())
            #expect(card.etag == etags[url])
        }
        // Nothing changed since: the next sync is one request and lists nothing.
        let beforeAgain = client.transport.requestCount
        let startedAgain = ContinuousClock.now
        let again = try client.syncCollection(book.url, token: changes.syncToken)
        let againTime = ContinuousClock.now - startedAgain
        #expect(client.transport.requestCount - beforeAgain == 1)
        #expect(again.changed.isEmpty && again.deleted.isEmpty)
        print("measured (\(server.name)): multiget of 200 cards in 4 requests \(multigetTime), a sync with nothing new 1 request \(againTime)")
    }

    @Test(.enabled(if: CardDAVTestServer.isAvailable, "needs SWITCHBOARD_TEST_CARDDAV_URL (.ci/carddav start DIR; .ci/run starts one)"),
          arguments: CardDAVTestServer.servers)
    func changesAndDeletesGoThroughWithTheRightEtagAndAreRefusedWithAStaleOne(server: CardDAVTestServer.Server) throws {
        let client = try CardDAVTestServer.client()
        let book = try CardDAVTestServer.freshAddressBook(client, on: server)
        let kept = book.url + "kept.vcf", gone = book.url + "gone.vcf"
        let keptETag = try #require(try client.put(Self.card(1, uid: "kept"), at: kept, replacing: nil))
        let goneETag = try #require(try client.put(Self.card(2, uid: "gone"), at: gone, replacing: nil))
        let token = try client.syncCollection(book.url, token: nil).syncToken

        // A second new card at the same place is refused: If-None-Match: * keeps the first.
        #expect(throws: CardDAVError.changedOnServer(url: kept)) { try client.put(Self.card(1, uid: "kept"), at: kept, replacing: nil) }

        let newETag = try #require(try client.put(Self.card(1, uid: "kept", note: "changed"), at: kept, replacing: keptETag))
        #expect(newETag != keptETag)
        // Someone holding the old etag is refused, and what they sent is not written.
        #expect(throws: CardDAVError.changedOnServer(url: kept)) { try client.put(Self.card(1, uid: "kept", note: "stale"), at: kept, replacing: keptETag) }
        #expect(throws: CardDAVError.changedOnServer(url: kept)) { try client.delete(at: kept, etag: keptETag) }
        try client.delete(at: gone, etag: goneETag)

        let changes = try client.syncCollection(book.url, token: token)
        #expect(changes.changed.map(\.href) == [try #require(URL(string: kept)).path])
        #expect(changes.changed.first?.etag == newETag)
        #expect(changes.deleted == [try #require(URL(string: gone)).path])
        let read = try client.multiget(book.url, hrefs: changes.changed.map(\.href) + changes.deleted)
        #expect(read.count == 1) // the deleted one is not there
        #expect(Self.properties(try #require(read.first).vCard).contains("NOTE:changed 1\\, with a comma"))

        let stale = CardDAVError.changedOnServer(url: kept).description
        #expect(stale.contains("changed on the server") && stale.contains("nothing was overwritten"))
    }

    @Test(.enabled(if: CardDAVTestServer.isAvailable, "needs SWITCHBOARD_TEST_CARDDAV_URL (.ci/carddav start DIR; .ci/run starts one)"),
          arguments: CardDAVTestServer.servers)
    func theEtagListingHasEveryCardWithTheEtagItsPutGave(server: CardDAVTestServer.Server) throws {
        let client = try CardDAVTestServer.client()
        let book = try CardDAVTestServer.freshAddressBook(client, on: server)
        var etags: [String: String] = [:]
        for index in 0..<5 {
            let url = book.url + "c\(index).vcf"
            etags[try #require(URL(string: url)).path] = try client.put(Self.card(index, uid: "c\(index)"), at: url, replacing: nil)
        }
        let listed = try client.etags(in: book.url)
        #expect(Dictionary(uniqueKeysWithValues: listed.map { ($0.href, $0.etag) }) == etags)
        // The ctag moved with the cards: what tells a server without sync-collection that something changed.
        let home = try client.discover(from: server.url).homeURL
        let after = try #require(try client.addressBooks(in: home).first { $0.url == book.url })
        #expect(after.ctag != book.ctag)
    }

    @Test(.enabled(if: CardDAVTestServer.isAvailable, "needs SWITCHBOARD_TEST_CARDDAV_URL (.ci/carddav start DIR; .ci/run starts one)"))
    func writingIntoAnotherAccountsAddressBookIsForbidden() throws {
        let client = try CardDAVTestServer.client()
        let base = try #require(CardDAVTestServer.url)
        let url = try #require(client.resolve("/bob/book/x.vcf", against: base))
        #expect(throws: CardDAVError.forbidden(url: url)) { try client.put(Self.card(1, uid: "x"), at: url, replacing: nil) }
    }

    @Test(.enabled(if: CardDAVTestServer.isAvailable, "needs SWITCHBOARD_TEST_CARDDAV_URL (.ci/carddav start DIR; .ci/run starts one)"),
          arguments: CardDAVTestServer.servers)
    func anUnknownSyncTokenAsksForAFullComparison(server: CardDAVTestServer.Server) throws {
        let client = try CardDAVTestServer.client()
        let book = try CardDAVTestServer.freshAddressBook(client, on: server)
        #expect(throws: CardDAVError.syncTokenExpired(url: book.url)) {
            try client.syncCollection(book.url, token: "http://radicale.org/ns/sync/0000000000000000000000000000000000000000000000000000000000000000")
        }
    }

    @Test(.enabled(if: CardDAVTestServer.isAvailable, "needs SWITCHBOARD_TEST_CARDDAV_URL (.ci/carddav start DIR; .ci/run starts one)"))
    func aWrongPasswordIsTheUnauthorizedErrorThatSaysToCheckIt() throws {
        let base = try #require(CardDAVTestServer.url)
        let client = try CardDAVTestServer.client(password: "not alice's")
        let error = try #require(throws: CardDAVError.self) { try client.discover(from: base) }
        guard case .unauthorized = error else { Issue.record("expected unauthorized, got \(error)"); return }
        #expect(error.description.contains("refused the user name or password (HTTP 401)"))
        #expect(error.description.contains("--username"))
    }

    @Test(.enabled(if: CardDAVTestServer.isTLSAvailable, "needs SWITCHBOARD_TEST_CARDDAV_TLS_URL and _CA (.ci/carddav start DIR --tls)"))
    func overTLSTheServerIsTrustedWithItsCAAndRefusedWithout() throws {
        let url = try #require(CardDAVTestServer.tlsURL), ca = try #require(CardDAVTestServer.caFile)
        let trusted = try CardDAVTestServer.client(caFile: ca)
        let account = try trusted.discover(from: url)
        #expect(account.homeURL == url + "alice/")
        #expect(account.contextURL == url) // /.well-known/carddav redirected to /, with no password in the URL

        let otherCA = (ca as NSString).deletingLastPathComponent + "/other-ca.crt"
        for client in [try CardDAVTestServer.client(), try CardDAVTestServer.client(caFile: otherCA)] {
            let error = try #require(throws: CardDAVError.self) { try client.discover(from: url) }
            guard case .tlsVerificationFailed = error else { Issue.record("expected a TLS failure, got \(error)"); continue }
            #expect(error.description.contains("--ca-file"))
        }
        let missing = try CardDAVTestServer.client(caFile: "/nonexistent/ca.pem")
        #expect(throws: CardDAVError.self) { try missing.discover(from: url) }
    }
}
