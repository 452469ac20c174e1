import AppServices
import Testing
@testable import Storage

/// Issue 51: a number searched in its national form finds it stored in its international form
/// (and the other way round), by the account's "Phone region" setting — whose default is the
/// locale's (LC_ALL, LC_TELEPHONE, LANG) — on a data file, on PostgreSQL and in memory.
@Suite("Phone numbers in national form, by the region")
struct PhoneRegionSearchTests {
    @Test func theLocaleNamesTheRegion() {
        func region(_ env: [String: String]) -> String? { PhoneRegion.fromLocale { env[$0] }?.code }
        #expect(region(["LANG": "en_GB.UTF-8"]) == "GB")
        #expect(region(["LANG": "de_DE@euro"]) == "DE")
        #expect(region(["LC_TELEPHONE": "fr_FR.UTF-8", "LANG": "en_GB.UTF-8"]) == "FR")   // LC_TELEPHONE before LANG
        #expect(region(["LC_ALL": "en_US.UTF-8", "LC_TELEPHONE": "fr_FR.UTF-8"]) == "US")  // LC_ALL before both
        #expect(region(["LC_ALL": "C", "LANG": "en_GB.UTF-8"]) == nil)                      // C: none (LC_ALL wins)
        #expect(region(["LANG": "POSIX"]) == nil)
        #expect(region(["LC_ALL": "", "LANG": "en_GB.UTF-8"]) == "GB")                      // an empty one is not set
        #expect(region(["LANG": "en"]) == nil && region([:]) == nil)
        #expect(PhoneRegion.chosen(by: "none") == nil && PhoneRegion.chosen(by: "GB")?.trunkPrefix == "0")
        // Stored and read back; an unknown code keeps the default (the locale's).
        var s = UserSettings()
        s.phoneRegion = "DE"
        #expect(UserSettings(stored: s.stored).phoneRegion == "DE")
        #expect(UserSettings(stored: ["phone_region": "XX"]).phoneRegion == "")
    }

    /// The searches and what they find, with the region GB and with none.
    static func check(_ search: (String) throws -> [String], setRegion: (String) throws -> Void) throws {
        try setRegion("GB")
        #expect(try search("020 7946 0123") == ["Ada Lovelace"])           // national → +44 20 7946 0123
        #expect(try search("(020) 7946-0123") == ["Ada Lovelace"])
        #expect(try search("+44 20 7946 0999") == ["Grace Hopper"])       // international → stored as 020 7946 0999
        #expect(try search("0044 20 7946 0999") == ["Grace Hopper"])
        #expect(try search("7946 0123") == ["Ada Lovelace"])               // as before
        #expect(try search("+442079460123") == ["Ada Lovelace"])
        #expect(try search("020 7946").sorted() == ["Ada Lovelace", "Grace Hopper"])
        #expect(try search("ada") == ["Ada Lovelace"])                     // names as ever
        try setRegion("none")                                             // national forms as typed
        #expect(try search("020 7946 0123").isEmpty)
        #expect(try search("020 7946 0999") == ["Grace Hopper"])
        #expect(try search("+442079460123") == ["Ada Lovelace"])
    }

    static let ada = ContactRecord(firstName: "Ada", lastName: "Lovelace", phones: [.init(label: "work", number: "+44 20 7946 0123")])
    static let grace = ContactRecord(firstName: "Grace", lastName: "Hopper", phones: [.init(label: "home", number: "020 7946 0999")])

    static func onStores(_ f: StoreFixture) throws {
        let account = try f.makeAccount()
        let store = f.contacts(of: account)
        _ = try store.add(ada)
        _ = try store.add(grace)
        try check({ query in
            // The list's page and count agree.
            let rows = try store.contacts(matching: query, offset: 0, limit: 10).map { $0.firstName + " " + $0.lastName }
            #expect(try store.count(matching: query, upTo: 100) == rows.count, "\(query)")
            return rows
        }, setRegion: { code in
            var settings = try f.settings.settings(for: account.id)
            settings.phoneRegion = code
            try f.settings.save(settings, for: account.id, now: 100)
        })
    }

    @Test func onADataFile() throws { try Self.onStores(StoreFixture(.sqlite)) }

    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
    func onPostgreSQL() throws { try Self.onStores(StoreFixture(.postgresql)) }

    @Test func inMemory() throws {
        let book = InMemoryContacts([Self.ada, Self.grace])
        try Self.check({ try book.contacts(matching: $0, offset: 0, limit: 10).map { $0.firstName + " " + $0.lastName } },
                       setRegion: { book.phoneRegion = PhoneRegion.chosen(by: $0) })
    }
}
