import AppServices
import Testing
@testable import Storage

/// Deletes are kept for Undo on both stores: the contact deleted last comes back with everything
/// it had, after the store is opened again too; each account keeps its last 100, newest first.
@Suite("Undo a delete on both stores")
struct UndoDeleteConformanceTests {
    static var whole: ContactRecord {
        var c = ContactRecord(firstName: "Ada", lastName: "Lovelace", phones: [.init(label: "work", number: "+44 20 7946 0018"), .init(label: "", number: "555.123.4567 x89")],
                              emails: ["ada@example.org", "countess@example.org"], company: "Analytical Engines", notes: "line one\nline two\n\"quoted\" \\ back", isFriend: true)
        c.uid = "urn:uuid:ada-1815"; c.nickname = "Enchantress"; c.title = "Countess"; c.birthday = "1815-12-10"; c.url = "https://example.org/ada"
        c.addresses = [.init(label: "home", poBox: "", extended: "", street: "12 St James's Square", city: "London", region: "", postalCode: "SW1Y 4JH", country: "UK")]
        c.extras = "PHOTO:data:image/png;base64,iVBORw0KGgo=\r\nX-MAIDEN-NAME:Byron"
        c.namePrefix = "Lady"; c.emailLabels = ["home", "work"]; c.preferredEmail = 1; c.preferredPhone = 0
        return c
    }

    static func check(_ f: StoreFixture) throws {
        let ada = try f.makeAccount()
        let store = f.contacts(of: ada)
        #expect(try store.restoreLastDeleted() == nil)                      // nothing deleted yet
        let id = try store.add(Self.whole)
        _ = try store.add(ContactRecord(firstName: "Grace", lastName: "Hopper"))
        #expect(try store.delete(id: id))
        #expect(try store.contact(id: id) == nil)
        // Opened again (a restart, another terminal): the delete is still there to undo.
        let again = try f.secondClient()
        let back = try #require(try again.contacts(of: ada).restoreLastDeleted())
        let newID = try #require(back.id)
        var stored = try #require(try store.contact(id: newID))
        stored.id = nil; stored.revision = 0
        #expect(stored == Self.whole)                                        // everything it had
        #expect(try store.count(matching: "lovelace") == 1)                  // found again by search
        #expect(try store.restoreLastDeleted() == nil)                       // brought back once
        // The last 100 deletes are kept, newest first.
        var ids: [Int64] = []
        for i in 0..<105 { ids.append(try store.add(ContactRecord(firstName: "Temp", lastName: "T\(1000 + i)"))) }
        for id in ids { _ = try store.delete(id: id) }
        #expect(try store.restoreLastDeleted()?.lastName == "T1104")
        var restored = 1
        while try store.restoreLastDeleted() != nil { restored += 1 }
        #expect(restored == 100)
        #expect(try store.count(matching: "temp") == 100)
    }

    @Test func sqlite() throws { try Self.check(StoreFixture(.sqlite)) }

    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
    func postgresql() throws { try Self.check(StoreFixture(.postgresql)) }
}
