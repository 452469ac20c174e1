import AppServices
import Testing
@testable import Storage

/// A file imported twice updates its contacts the second time, on both stores — by UID, and
/// without one by `ImportMatchRule` (name, then first e-mail, else first phone).
@Suite("Import matching on both stores")
struct ImportMatchConformanceTests {
    static func importTwiceUpdates(_ f: StoreFixture) throws {
        let ada = try f.makeAccount()
        let store = f.contacts(of: ada)
        let file = [
            ContactRecord(firstName: "Grace", lastName: "Hopper", emails: ["Grace@Navy.example"]),
            ContactRecord(firstName: "Alan", lastName: "Turing", phones: [.init(label: "home", number: "+44 161 555 0100")]),
            ContactRecord(firstName: "Emmy", lastName: "Noether"),
            { var c = ContactRecord(firstName: "Ada", lastName: "Lovelace"); c.uid = "urn:uuid:ada"; return c }(),
        ]
        func importing(_ cards: [ContactRecord]) throws -> [ImportOutcome] {
            var outcomes: [ImportOutcome] = []
            try store.inOneTransaction { () throws(ServiceError) in
                let importer = try store.importer()
                for card in cards { outcomes.append(try importer.take(card)) }
                try importer.finish(subject: "test")
            }
            return outcomes
        }
        let first = try importing(file)
        #expect(first.allSatisfy { if case .added = $0 { true } else { false } })
        var again = file
        again[0].firstName = "GRACE"                  // case aside, the same name
        again[0].emails = ["grace@navy.example"]      // and the same first e-mail
        again[0].notes = "second import"
        again[1].phones = [.init(label: "work", number: "+44 (161) 555-0100")] // the same digits
        let second = try importing(again)
        #expect(second == first.map { if case .added(let id) = $0 { .updated(id) } else { $0 } })
        #expect(try store.count(matching: "") == 4)
        if case .updated(let id) = second[0] { #expect(try store.contact(id: id)?.notes == "second import") }
        // A namesake with another e-mail is someone else.
        let other = try importing([ContactRecord(firstName: "Grace", lastName: "Hopper", emails: ["grace@elsewhere.example"])])
        guard case .added = other.first else { Issue.record("a namesake with another e-mail was taken for Grace"); return }
        #expect(try store.count(matching: "") == 5)
    }

    @Test func sqlite() throws { try Self.importTwiceUpdates(StoreFixture(.sqlite)) }

    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
    func postgresql() throws { try Self.importTwiceUpdates(StoreFixture(.postgresql)) }
}
