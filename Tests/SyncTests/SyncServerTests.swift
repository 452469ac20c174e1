import AppServices
import CardDAV
import Foundation
import Storage
import Sync
import Testing

/// Two-way sync against real servers (Radicale; Xandikos too where it applies): a data file here,
/// a plain CardDAV client as the other device (the phone).
@Suite(.serialized)
struct SyncServerTests {
    static let needsServer: Comment = "needs SWITCHBOARD_TEST_CARDDAV_URL (.ci/carddav start DIR; .ci/run starts one)"

    @Test(.enabled(if: SyncTestServer.isAvailable, needsServer))
    func aFirstSyncOfTwoThousandCardsBringsThemAllWholeAndASecondIsOneRequest() throws {
        let base = try #require(SyncTestServer.url)
        // The phone's 2,000 cards, put as one collection (Radicale takes a whole address book in one PUT).
        let url = base + "alice/sync-bulk-\(UUID().uuidString.lowercased())/"
        var bulk = ""
        for i in 0..<2000 {
            bulk += SyncFixture.card(uid: "bulk-\(i)", first: "Person\(i)", last: "Bulk", note: "card \(i)", tel: "+44 20 7946 \(1000 + i)")
        }
        _ = try SyncTestServer.client().transport.send(CardDAVRequest(method: "PUT", url: url, headers: [.init("Content-Type", "text/vcard")],
                                                                      body: Array(bulk.utf8)), expecting: [201, 204])
        let book = try #require(try SyncTestServer.client().addressBook(at: url))
        let f = try SyncFixture(server: base, book: book)
        let started = ContinuousClock.now
        let (first, requests) = try f.sync()
        let took = ContinuousClock.now - started
        #expect(first.new == 2000 && first.changed == 0 && first.deleted == 0 && first.sent == 0 && first.conflicts == 0)
        #expect(requests == 1 + 4) // sync-collection, then 4 multigets of 500
        let here = try f.localContacts()
        #expect(here.count == 2000)
        #expect(Set(here.map(\.uid)).count == 2000)
        // Each card is kept whole: what Switchboard does not show (photo, X-, item1 groups) is in it.
        let ada = try f.contact(named: "Person7")
        #expect(ada.notes == "card 7" && ada.phones.first?.number == "+44 20 7946 1007")
        #expect(ada.card.contains("X-PHONE-COLOR:teal") && ada.card.contains("item1.X-ABLABEL:blog") && ada.card.contains("PHOTO;"))
        #expect(try f.store.pendingCount() == 0)

        let (again, againRequests) = try f.sync()
        #expect(again == SyncSummary())
        #expect(againRequests == 2) // the getctag read the first time, and sync-collection from the token
        let (quiet, quietRequests) = try f.sync()
        #expect(quiet == SyncSummary())
        #expect(quietRequests == 1) // the getctag alone: it has not moved
        print("measured: first sync of 2,000 cards in \(requests) requests, \(took); a sync with nothing new \(againRequests) request(s), then \(quietRequests)")
    }

    @Test(.enabled(if: SyncTestServer.isAvailable, needsServer), arguments: SyncTestServer.servers)
    func editsAddsAndDeletesGoBothWays(server: SyncTestServer.Server) throws {
        let f = try SyncFixture(server: server.url)
        let a = try f.phonePut(SyncFixture.card(uid: "a", first: "Ada", last: "Lovelace", note: "first"), name: "a")
        let b = try f.phonePut(SyncFixture.card(uid: "b", first: "Bea", last: "Babbage"), name: "b")
        let c = try f.phonePut(SyncFixture.card(uid: "c", first: "Cy", last: "Clarke"), name: "c")
        #expect(try f.sync().summary.new == 3)

        // Here: an edit, an add, a delete and a friend flag, made offline and queued.
        var ada = try f.contact(named: "Ada")
        ada.notes = "edited here"
        _ = try f.contacts.update(ada)
        let dan = try f.contacts.add(ContactRecord(firstName: "Dan", lastName: "Dijkstra", emails: ["dan@example.com"]))
        _ = try f.contacts.delete(id: try f.contact(named: "Bea").id!)
        _ = try f.contacts.setFriend(id: try f.contact(named: "Cy").id!, true)
        #expect(try f.store.pendingCount() == 4)
        let sent = try f.sync().summary
        #expect(sent.sent == 4 && sent.new == 0 && sent.conflicts == 0)
        #expect(try f.store.pendingCount() == 0)

        var cards = try f.serverCards()
        let path = { (url: String) in URL(string: url)!.path }
        #expect(cards[path(b.url)] == nil)
        let adaCard = SyncFixture.lines(try #require(cards[path(a.url)]))
        #expect(adaCard.contains("NOTE:edited here"))
        // Only the edited line (and REV) differ from the phone's card: the photo, X- and grouped lines went back as they came.
        for line in ["X-PHONE-COLOR:teal", "item1.URL:https://example.com/ada", "item1.X-ABLABEL:blog", "UID:a", "TEL;TYPE=CELL:+44 20 7946 0000"] {
            #expect(adaCard.contains(line), "\(line) is missing from \(adaCard)")
        }
        #expect(adaCard.contains { $0.hasPrefix("PHOTO;") })
        #expect(SyncFixture.lines(try #require(cards[path(c.url)])).contains { $0.hasPrefix("CATEGORIES:") && $0.contains("friends") })
        let danCard = try #require(cards.values.first { $0.contains("Dijkstra") })
        #expect(SyncFixture.lines(danCard).contains("EMAIL;TYPE=INTERNET:dan@example.com") || danCard.contains("dan@example.com"))
        #expect(try f.contacts.contact(id: dan)?.uid.isEmpty == false)

        // There: the phone changes Cy's number, deletes Ada, adds Eve.
        let cyCard = try #require(try f.phone.multiget(f.book.url, hrefs: [path(c.url)]).first)
        try f.phone.put(cyCard.vCard.replacingOccurrences(of: "+44 20 7946 0000", with: "+44 20 7946 9999"), at: c.url, replacing: cyCard.etag)
        let adaNow = try #require(try f.phone.multiget(f.book.url, hrefs: [path(a.url)]).first)
        try f.phone.delete(at: a.url, etag: adaNow.etag)
        try f.phonePut(SyncFixture.card(uid: "e", first: "Eve", last: "Euler"), name: "e")
        let pulled = try f.sync().summary
        #expect(pulled.new == 1 && pulled.changed == 1 && pulled.deleted == 1 && pulled.sent == 0 && pulled.conflicts == 0)
        let names = Set(try f.localContacts().map(\.firstName))
        #expect(names == ["Cy", "Dan", "Eve"])
        let cy = try f.contact(named: "Cy")
        #expect(cy.phones.map(\.number) == ["+44 20 7946 9999"] && cy.isFriend)
        cards = try f.serverCards()
        #expect(cards.count == 3)

        let (idle, requests) = try f.sync()
        #expect(idle == SyncSummary())
        #expect(requests <= 2)
    }

    @Test(.enabled(if: SyncTestServer.isAvailable, needsServer), arguments: SyncTestServer.servers)
    func theSameFieldChangedOnBothSidesKeepsTheServersInTheListAndOursBeside(server: SyncTestServer.Server) throws {
        let f = try SyncFixture(server: server.url)
        let (url, etag) = try f.phonePut(SyncFixture.card(uid: "a", first: "Ada", last: "Lovelace", note: "base"), name: "a")
        try f.sync()
        var ada = try f.contact(named: "Ada")
        ada.notes = "mine"
        _ = try f.contacts.update(ada)
        try f.phone.put(SyncFixture.card(uid: "a", first: "Ada", last: "Lovelace", note: "theirs"), at: url, replacing: etag)

        let summary = try f.sync().summary
        #expect(summary.conflicts == 1 && summary.changed == 1 && summary.sent == 0)
        #expect(try f.contact(named: "Ada").notes == "theirs")
        let conflict = try #require(try f.store.conflicts().first)
        #expect(conflict.fields == ["notes"])
        #expect(conflict.local?.notes == "mine")
        #expect(conflict.contactID == ada.id)
        // The server's card was not overwritten, and nothing waits to be sent.
        #expect(SyncFixture.lines(try #require(try f.serverCards().values.first)).contains("NOTE:theirs"))
        #expect(try f.store.pendingCount() == 0)
    }

    @Test(.enabled(if: SyncTestServer.isAvailable, needsServer), arguments: SyncTestServer.servers)
    func changesToDifferentFieldsOnBothSidesAreMergedBothWays(server: SyncTestServer.Server) throws {
        let f = try SyncFixture(server: server.url)
        let (url, etag) = try f.phonePut(SyncFixture.card(uid: "a", first: "Ada", last: "Lovelace", note: "base"), name: "a")
        try f.sync()
        var ada = try f.contact(named: "Ada")
        ada.company = "Analytical Engines"
        _ = try f.contacts.update(ada)
        try f.phone.put(SyncFixture.card(uid: "a", first: "Ada", last: "Lovelace", note: "theirs"), at: url, replacing: etag)

        let summary = try f.sync().summary
        #expect(summary.conflicts == 0 && summary.changed == 1 && summary.sent == 1)
        let merged = try f.contact(named: "Ada")
        #expect(merged.notes == "theirs" && merged.company == "Analytical Engines")
        let card = SyncFixture.lines(try #require(try f.serverCards().values.first))
        #expect(card.contains("NOTE:theirs") && card.contains("ORG:Analytical Engines"))
        #expect(card.contains("X-PHONE-COLOR:teal") && card.contains { $0.hasPrefix("PHOTO;") })
        #expect(try f.store.conflicts().isEmpty && f.store.pendingCount() == 0)
    }

    @Test(.enabled(if: SyncTestServer.isAvailable, needsServer), arguments: SyncTestServer.servers)
    func aChangeOnTheServerBetweenPullAndPushIsA412ThatIsReadMergedAndSentAgain(server: SyncTestServer.Server) throws {
        let f = try SyncFixture(server: server.url)
        let (url, _) = try f.phonePut(SyncFixture.card(uid: "a", first: "Ada", last: "Lovelace", note: "base"), name: "a")
        try f.sync()
        var ada = try f.contact(named: "Ada")
        ada.title = "Countess"
        _ = try f.contacts.update(ada)
        var raced = false
        f.engine.beforePush = {
            // The phone saves its own change after our pull, before our PUT.
            guard let current = try? f.phone.multiget(f.book.url, hrefs: [URL(string: url)!.path]).first else { return }
            raced = (try? f.phone.put(current.vCard.replacingOccurrences(of: "NOTE:base", with: "NOTE:raced"), at: url, replacing: current.etag)) != nil
        }
        let summary = try f.sync().summary
        f.engine.beforePush = nil
        #expect(raced)
        #expect(summary.sent == 1 && summary.conflicts == 0)
        let card = SyncFixture.lines(try #require(try f.serverCards().values.first))
        #expect(card.contains("NOTE:raced") && card.contains("TITLE:Countess"))
        let here = try f.contact(named: "Ada")
        #expect(here.notes == "raced" && here.title == "Countess")
        #expect(try f.store.pendingCount() == 0)
    }

    @Test(.enabled(if: SyncTestServer.isAvailable, needsServer), arguments: SyncTestServer.servers)
    func aDeleteOnTheServerOfAContactEditedHereKeepsItHereAsAConflict(server: SyncTestServer.Server) throws {
        let f = try SyncFixture(server: server.url)
        let (url, etag) = try f.phonePut(SyncFixture.card(uid: "a", first: "Ada", last: "Lovelace"), name: "a")
        try f.sync()
        var ada = try f.contact(named: "Ada")
        ada.notes = "still wanted"
        _ = try f.contacts.update(ada)
        try f.phone.delete(at: url, etag: etag)
        let summary = try f.sync().summary
        #expect(summary.conflicts == 1 && summary.deleted == 0)
        #expect(try f.contact(named: "Ada").notes == "still wanted")
        #expect(try f.store.conflicts().first?.kind == .deletedOnServer)
        #expect(try f.serverCards().isEmpty)
    }

    /// Deleted here, changed on the server meanwhile: the server's version comes back, and the
    /// conflict says whose it is (issue 48: it was "(no name)").
    @Test(.enabled(if: SyncTestServer.isAvailable, needsServer), arguments: SyncTestServer.servers)
    func aContactDeletedHereButChangedOnTheServerComesBackAsANamedConflict(server: SyncTestServer.Server) throws {
        let f = try SyncFixture(server: server.url)
        let (url, etag) = try f.phonePut(SyncFixture.card(uid: "a", first: "Ada", last: "Lovelace"), name: "a")
        try f.phonePut(SyncFixture.card(uid: "b", first: "Bea", last: "Babbage"), name: "b")
        try f.sync()
        _ = try f.contacts.delete(id: try f.contact(named: "Ada").id!)
        try f.phone.put(SyncFixture.card(uid: "a", first: "Ada", last: "Lovelace", note: "changed there"), at: url, replacing: etag)
        let summary = try f.sync().summary
        #expect(summary.conflicts == 1, "\(summary)")
        #expect(try f.contact(named: "Ada").notes == "changed there")
        let conflict = try #require(try f.store.conflicts().first)
        #expect(conflict.kind == .deletedHere && conflict.local?.firstName == "Ada" && conflict.local?.lastName == "Lovelace")
    }

    @Test(.enabled(if: SyncTestServer.isAvailable, needsServer), arguments: SyncTestServer.servers)
    func aCardThatCannotBeReadStaysOnTheServerUntouchedAndIsListed(server: SyncTestServer.Server) throws {
        let f = try SyncFixture(server: server.url)
        // iCloud's group card: left on the server quietly (listed once on the Sync screen, as a group),
        // never "unreadable" in a sync's summary (issue 48). A card with nothing to show is unreadable.
        let group = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:g1\r\nFN:Family\r\nN:Family;;;;\r\nX-ADDRESSBOOKSERVER-KIND:group\r\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:a\r\nEND:VCARD\r\n"
        let (url, _) = try f.phonePut(group, name: "group")
        let (blankURL, _) = try f.phonePut("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:blank\r\nFN:\r\nN:;;;;\r\nEND:VCARD\r\n", name: "blank")
        try f.phonePut(SyncFixture.card(uid: "a", first: "Ada", last: "Lovelace"), name: "a")
        let summary = try f.sync().summary
        #expect(summary.new == 1 && summary.unreadable == 1, "\(summary)")
        #expect(summary.notes.count == 1 && summary.notes.first?.contains("blank") == true, "\(summary.notes)")
        #expect(!summary.line.contains("group") && summary.line.contains("1 unreadable card left"), "\(summary.line)")
        #expect(try f.localContacts().map(\.firstName) == ["Ada"])
        let problems = try f.store.problems()
        let groupProblem = try #require(problems.first { $0.href == URL(string: url)!.path })
        #expect(groupProblem.kind == .unreadable && groupProblem.reason.contains("a group card (Family)"), "\(groupProblem.reason)")
        #expect(problems.contains { $0.href == URL(string: blankURL)!.path })
        // Local changes and more syncs leave both alone, and say nothing of them.
        _ = try f.contacts.add(ContactRecord(firstName: "Bea", lastName: "Babbage"))
        let again = try f.sync().summary
        #expect(again.unreadable == 0 && again.notes.isEmpty, "\(again)") // not read again while unchanged
        let cards = try f.serverCards()
        #expect(cards.count == 4)
        #expect(SyncFixture.lines(try #require(cards[URL(string: url)!.path])).contains("X-ADDRESSBOOKSERVER-KIND:group"))
    }

    @Test(.enabled(if: SyncTestServer.isAvailable, needsServer))
    func aCardTheServerRefusesIsKeptHereQueuedAndListed() throws {
        let base = try #require(SyncTestServer.url)
        let f = try SyncFixture(server: base)
        var dup = ContactRecord(firstName: "Dup", lastName: "Licate")
        dup.uid = "same-uid"
        let id = try f.contacts.add(dup)
        // After our pull, the phone takes the UID for a card of its own: Radicale refuses a second card with it (409).
        f.engine.beforePush = { _ = try? f.phonePut(SyncFixture.card(uid: "same-uid", first: "Other", last: "Card"), name: "other") }
        let summary = try f.sync().summary
        f.engine.beforePush = nil
        #expect(summary.refused == 1 && summary.sent == 0)
        #expect(summary.line.contains("1 refused by the server"))
        #expect(try f.contacts.contact(id: id) != nil)
        #expect(try f.store.queued(contact: id)?.kind == .add)
        let problem = try #require(try f.store.problems().first)
        #expect(problem.kind == .refused && problem.contactID == id && problem.reason.contains("409"))
    }

    @Test(.enabled(if: SyncTestServer.isAvailable, needsServer))
    func aWrongPasswordStopsTheSyncSayingSoAndChangesNothing() throws {
        let base = try #require(SyncTestServer.url)
        let f = try SyncFixture(server: base)
        try f.phonePut(SyncFixture.card(uid: "a", first: "Ada", last: "Lovelace"), name: "a")
        _ = try f.contacts.add(ContactRecord(firstName: "Bea", lastName: "Babbage"))
        let error = try #require(throws: SyncError.self) { try f.sync(password: "not alice's") }
        guard case .server(.unauthorized) = error else { Issue.record("expected unauthorized, got \(error)"); return }
        #expect(error.description.contains("refused the user name or password"))
        #expect(try f.localContacts().map(\.firstName) == ["Bea"])
        #expect(try f.store.pendingCount() == 1)
        guard case .server(let kept)? = try f.store.accounts().first?.lastError else { Issue.record("no server failure kept"); return }
        #expect(kept.kind == .unauthorized && kept.status == 401 && kept.detail.contains("HTTP 401"), "\(kept)")
    }

    @Test(.enabled(if: SyncTestServer.isTLSAvailable, "needs SWITCHBOARD_TEST_CARDDAV_TLS_URL and _CA (.ci/carddav start DIR --tls)"))
    func overTLSTheRightCASyncsAndAnotherIsRefused() throws {
        let url = try #require(SyncTestServer.tlsURL), ca = try #require(SyncTestServer.caFile)
        let f = try SyncFixture(server: url, caFile: ca)
        try f.phonePut(SyncFixture.card(uid: "a", first: "Ada", last: "Lovelace"), name: "a")
        #expect(try f.sync().summary.new == 1)
        f.caFile = (ca as NSString).deletingLastPathComponent + "/other-ca.crt"
        try f.phonePut(SyncFixture.card(uid: "b", first: "Bea", last: "Babbage"), name: "b")
        let error = try #require(throws: SyncError.self) { try f.sync() }
        guard case .server(.tlsVerificationFailed) = error else { Issue.record("expected a TLS failure, got \(error)"); return }
        #expect(error.description.contains("--ca-file"))
        #expect(try f.localContacts().count == 1)
    }
}
