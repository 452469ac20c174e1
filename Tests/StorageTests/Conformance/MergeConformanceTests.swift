import AppServices
import Testing
@testable import Storage

/// Two contacts of one person made one, on both stores: the kept contact has every value of
/// both, the other is gone and comes back with `u` (restoreLastDeleted), and the merge is one
/// transaction (refused whole); the duplicates screen's slices read the book in list order.
@Suite("Merge duplicates on both stores")
struct MergeConformanceTests {
    static var ada: ContactRecord {
        var c = ContactRecord(firstName: "Ada", lastName: "Lovelace", phones: [.init(label: "work", number: "+44 20 7946 0018")],
                              emails: ["ada@example.org"], company: "Analytical Engines", notes: "first note", isFriend: false)
        c.uid = "urn:uuid:ada-1"; c.nickname = "Enchantress"; c.title = "Countess"
        c.addresses = [.init(label: "home", street: "12 St James's Square", city: "London", postalCode: "SW1Y 4JH", country: "UK")]
        c.extras = "PHOTO:data:image/png;base64,iVBORw0KGgo=\r\nX-MAIDEN-NAME:Byron\r\nCATEGORIES:Science,Poetry"
        c.emailLabels = ["work"]; c.preferredEmail = 0
        return c
    }

    static var ada2: ContactRecord {
        var c = ContactRecord(firstName: "Ada", lastName: "Lovelace", phones: [.init(label: "mobile", number: "+44 7700 900123"), .init(label: "work", number: "+44 (20) 7946-0018")],
                              emails: ["ADA@example.org", "countess@lovelace.example"], company: "", notes: "second note\nwith a line break", isFriend: true)
        c.uid = "urn:uuid:ada-2"; c.birthday = "1815-12-10"; c.url = "https://example.org/ada"
        c.addresses = [.init(label: "work", street: "Ockham Park", city: "Surrey", country: "UK")]
        c.extras = "X-MAIDEN-NAME:Byron\r\nX-TWITTER:@ada\r\nCATEGORIES:Mathematics,science"
        c.emailLabels = ["", "home"]; c.preferredPhone = 0
        return c
    }

    static func check(_ f: StoreFixture) throws {
        let store = f.contacts(of: try f.makeAccount())
        let keptID = try store.add(Self.ada)
        let awayID = try store.add(Self.ada2)
        _ = try store.add(ContactRecord(firstName: "Grace", lastName: "Hopper", emails: ["grace@example.org"]))

        // The slices the duplicates screen reads: list order, each contact's e-mails and phones' digits.
        let first = try store.matchKeys(after: nil, limit: 2)
        #expect(first.map(\.contact.lastName) == ["Hopper", "Lovelace"])
        #expect(first[1].emails == ["ada@example.org"])
        #expect(first[1].phoneDigits == ["442079460018"])
        let rest = try store.matchKeys(after: first.last!.cursor, limit: 2)
        #expect(rest.map(\.contact.id) == [awayID])
        #expect(rest[0].emails == ["ada@example.org", "countess@lovelace.example"])
        #expect(try store.matchKeys(after: rest.last!.cursor, limit: 2).isEmpty)

        // A merge from a read that is out of date is refused whole: both stay as they were.
        var stale = try #require(try store.contact(id: keptID)).merged(with: try #require(try store.contact(id: awayID)))
        _ = try store.setFriend(id: keptID, false)                          // someone changed the kept one meanwhile
        #expect(throws: ServiceError.self) { try store.merge(stale, removing: awayID) }
        #expect(try store.contact(id: awayID) != nil)
        #expect(try store.contact(id: keptID)?.emails == ["ada@example.org"])

        let kept = try #require(try store.contact(id: keptID))
        let away = try #require(try store.contact(id: awayID))
        stale = kept.merged(with: away)
        #expect(try store.merge(stale, removing: awayID))
        let merged = try #require(try store.contact(id: keptID))
        #expect(try store.contact(id: awayID) == nil)
        #expect(merged.emails == ["ada@example.org", "countess@lovelace.example"])
        #expect(merged.emailLabels == ["work", "home"])
        #expect(merged.phones.map(\.number) == ["+44 20 7946 0018", "+44 7700 900123"])
        #expect(merged.preferredEmail == 0 && merged.preferredPhone == 1)
        #expect(merged.addresses.map(\.city) == ["London", "Surrey"])
        #expect(merged.notes == "first note\nsecond note\nwith a line break")
        #expect(merged.isFriend)
        #expect(merged.company == "Analytical Engines" && merged.title == "Countess" && merged.birthday == "1815-12-10")
        #expect(merged.url == "https://example.org/ada" && merged.nickname == "Enchantress" && merged.uid == "urn:uuid:ada-1")
        #expect(merged.categories == ["Science", "Poetry", "Mathematics"])
        #expect(merged.extras.contains("PHOTO:data:image/png;base64,iVBORw0KGgo=") && merged.extras.contains("X-TWITTER:@ada"))
        #expect(merged.extras.components(separatedBy: "X-MAIDEN-NAME").count == 2) // once
        #expect(try store.count(matching: "lovelace") == 1)
        #expect(try store.count(matching: "countess@lovelace") == 1)          // found by the other's e-mail now

        // u: the merged-away contact comes back whole (the kept one keeps what it was given).
        var back = try #require(try store.restoreLastDeleted())
        back.id = nil; back.revision = 0
        #expect(back == Self.ada2)
        #expect(try store.count(matching: "lovelace") == 2)

        // Gone on either side: nothing changes.
        let gone = try store.add(ContactRecord(firstName: "Gone", lastName: "Soon"))
        _ = try store.delete(id: gone)
        let now = try #require(try store.contact(id: keptID))
        #expect(try !store.merge(now, removing: gone))
        #expect(try store.contact(id: keptID) == now)
    }

    @Test func sqlite() throws { try Self.check(StoreFixture(.sqlite)) }

    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
    func postgresql() throws { try Self.check(StoreFixture(.postgresql)) }
}
