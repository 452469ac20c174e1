import AppServices
import Testing
@testable import Storage

/// Groups (CATEGORIES kept among a contact's extras) on both stores: the groups there are, with
/// their counts, and the list of one group — whole, searched, a page of it.
@Suite("Groups on both stores")
struct GroupsConformanceTests {
    static func contact(_ first: String, _ last: String, _ groups: [String], extras: String = "") -> ContactRecord {
        var c = ContactRecord(firstName: first, lastName: last)
        c.extras = extras
        c.categories = groups
        return c
    }

    static func check(_ f: StoreFixture) throws {
        let store = f.contacts(of: try f.makeAccount())
        #expect(try store.groups().isEmpty)
        _ = try store.add(contact("Ada", "Lovelace", ["Science", "Poetry, old"], extras: "X-MAIDEN-NAME:Byron"))
        _ = try store.add(contact("Grace", "Hopper", ["Science", "Navy"]))
        _ = try store.add(contact("Alan", "Turing", ["science"]))
        _ = try store.add(contact("Charles", "Babbage", []))
        _ = try store.add(ContactRecord(firstName: "Sciencey", lastName: "Name", notes: "CATEGORIES:Science in the notes only"))
        #expect(try store.groups() == [ContactGroup(name: "Navy", count: 1), ContactGroup(name: "Poetry, old", count: 1),
                                       ContactGroup(name: "Science", count: 2), ContactGroup(name: "science", count: 1)])
        let science = try store.page(inGroup: "Science", matching: "", offset: 0, limit: 10, countingUpTo: .max)
        #expect(science.count == 2 && science.rows.map(\.lastName) == ["Hopper", "Lovelace"])
        #expect(try store.page(inGroup: "Science", matching: "", offset: 1, limit: 10, countingUpTo: .max).rows.map(\.lastName) == ["Lovelace"])
        #expect(try store.page(inGroup: "Science", matching: "", offset: 0, limit: 1, countingUpTo: 1) == ContactsPage(count: 1, rows: science.rows.prefix(1).map { $0 }))
        #expect(try store.page(inGroup: "Poetry, old", matching: "", offset: 0, limit: 10, countingUpTo: .max).rows.map(\.lastName) == ["Lovelace"])
        // A search among the group's contacts: from three letters anywhere, one at a word's start.
        #expect(try store.page(inGroup: "Science", matching: "love", offset: 0, limit: 10, countingUpTo: .max).rows.map(\.lastName) == ["Lovelace"])
        #expect(try store.page(inGroup: "Science", matching: "g", offset: 0, limit: 10, countingUpTo: .max).rows.map(\.lastName) == ["Hopper"])
        #expect(try store.page(inGroup: "Science", matching: "turing", offset: 0, limit: 10, countingUpTo: .max).count == 0)
        #expect(try store.page(inGroup: "Nobody", matching: "", offset: 0, limit: 10, countingUpTo: .max).count == 0)
        // Edited out of a group: gone from it.
        var grace = try #require(try store.contact(id: science.rows[0].id))
        grace.categories = ["Navy"]
        #expect(try store.update(grace))
        #expect(try store.page(inGroup: "Science", matching: "", offset: 0, limit: 10, countingUpTo: .max).rows.map(\.lastName) == ["Lovelace"])
        #expect(try store.contact(id: science.rows[1].id)?.extras == "X-MAIDEN-NAME:Byron\r\nCATEGORIES:Science,Poetry\\, old")
    }

    @Test func sqlite() throws { try Self.check(StoreFixture(.sqlite)) }

    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
    func postgresql() throws { try Self.check(StoreFixture(.postgresql)) }
}

/// SQLite's quick reading of a plain CATEGORIES line agrees with the whole reading, or leaves it to it.
@Suite("Groups: the quick reading of a line")
struct GroupsQuickReadingTests {
    @Test(arguments: [
        "CATEGORIES:Science,Poetry", "X-A:1\r\nCATEGORIES: Science , Navy \r\nX-B:2", "CATEGORIES:Sciences", "CATEGORIES:Poets\\, Romantic,Science",
        "item1.CATEGORIES:Science", "CATEGORIES;X-P=1:Science", "CATEGORIES:Navy\r\nCATEGORIES:Science", "", "X-CATEGORIES:Science",
        "PHOTO:data:image/png;base64,AAAA\r\nCATEGORIES:myContacts,Science", "CATEGORIES:", "CATEGORIES:Science,",
    ])
    func agreesWithTheWholeReading(extras: String) {
        for group in ["Science", "Navy", "Poets, Romantic", "Sciences", "myContacts"] {
            let whole = ContactCardText.categories(inExtras: extras).contains(group)
            let quick = Array(extras.utf8).withUnsafeBufferPointer { e in Array(group.utf8).withUnsafeBufferPointer { g in GroupsFunction.plainLineHolds(e, g) } }
            #expect(quick == nil || quick == whole, "\(extras) / \(group): quick \(String(describing: quick)), whole \(whole)")
        }
    }
}
