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

    /// A big group read in windows in each order (from the top, across a window's edge, from the
    /// end), its members kept as they are renamed, deleted and taken out; a group card's members.
    static func checkWindowsAndGroupCards(_ f: StoreFixture) throws {
        let store = f.contacts(of: try f.makeAccount())
        var generator = ContactGenerator(seed: 3)
        for i in 0..<300 {
            var c = generator.next()
            c.categories = i % 3 == 0 ? ["Big", "Third"] : ["Big"]
            c.company = i % 5 == 0 ? "" : "Firm \(i % 7)"
            _ = try store.add(c)
        }
        _ = try store.add(contact("Not", "Grouped", []))
        for order in ContactListOrder.allCases {
            let all = try store.page(matching: "", in: order, offset: 0, limit: 400, countingUpTo: .max).rows
            let whole = try store.page(inGroup: "Third", matching: "", in: order, offset: 0, limit: 200, countingUpTo: .max)
            #expect(whole.count == 100)
            #expect(whole.rows.map(\.id) == all.filter { row in whole.rows.contains { $0.id == row.id } }.map(\.id), "\(order)")
            #expect(whole.rows.map(\.sortKey) == all.filter { row in whole.rows.contains { $0.id == row.id } }.map(\.sortKey))
            let big = try store.page(inGroup: "Big", matching: "", in: order, offset: 0, limit: 400, countingUpTo: .max).rows
            #expect(big.count == 300 && big.map(\.id) == all.filter { $0.lastName != "Grouped" }.map(\.id), "\(order)")
            for (offset, limit) in [(0, 60), (140, 30), (199, 2), (250, 60)] {
                let page = try store.page(inGroup: "Big", matching: "", in: order, offset: offset, limit: limit, countingUpTo: .max)
                #expect(page.count == 300 && page.rows.map(\.id) == big.dropFirst(offset).prefix(limit).map(\.id), "\(order) \(offset)")
            }
        }
        // Renamed: its place in the group follows; deleted or taken out: gone from it.
        let first = try #require(try store.page(inGroup: "Third", matching: "", offset: 0, limit: 1, countingUpTo: .max).rows.first)
        var renamed = try #require(try store.contact(id: first.id))
        renamed.lastName = "Zzyzx"
        #expect(try store.update(renamed))
        let third = try store.page(inGroup: "Third", matching: "", offset: 0, limit: 200, countingUpTo: .max).rows
        let everyone = try store.page(matching: "", offset: 0, limit: 400, countingUpTo: .max).rows
        #expect(third.map(\.id) == everyone.filter { row in third.contains { $0.id == row.id } }.map(\.id))
        #expect(third.first?.id != first.id && third.contains { $0.id == first.id && $0.sortKey.hasPrefix("zzyzx") })
        #expect(try store.page(inGroup: "Third", matching: "zzyzx", offset: 0, limit: 5, countingUpTo: .max).rows.map(\.id) == [first.id])
        renamed = try #require(try store.contact(id: first.id))
        renamed.categories = ["Big"]
        #expect(try store.update(renamed))
        #expect(try store.page(inGroup: "Third", matching: "", offset: 0, limit: 200, countingUpTo: .max).count == 99)
        let second = try #require(try store.page(inGroup: "Third", matching: "", offset: 0, limit: 1, countingUpTo: .max).rows.first)
        #expect(try store.delete(id: second.id))
        #expect(try store.page(inGroup: "Third", matching: "", offset: 0, limit: 200, countingUpTo: .max).count == 98)
        #expect(try store.groups().filter { !$0.isGroupCard } == [ContactGroup(name: "Big", count: 299), ContactGroup(name: "Third", count: 98)])

        // An iCloud/Apple group card: a group in the list of groups, its members found by UID.
        var ada = contact("Ada", "Lovelace", [])
        ada.uid = "ada-uid"
        var grace = contact("Grace", "Hopper", [])
        grace.uid = "urn:uuid:grace-uid"
        _ = try store.add(ada)
        _ = try store.add(grace)
        try store.keepGroupCard(uid: "family-uid", card: """
            BEGIN:VCARD\r\nVERSION:3.0\r\nX-ADDRESSBOOKSERVER-KIND:group\r\nFN:Family\r\nN:Family;;;;\r\nUID:family-uid\r\n\
            X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:ada-uid\r\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:grace-uid\r\n\
            X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:nobody-here\r\nEND:VCARD\r\n
            """)
        let family = try #require(try store.groups().first { $0.isGroupCard })
        #expect(family.name == "Family" && family.count == 2)
        #expect(try store.page(inGroup: family.id, matching: "", offset: 0, limit: 10, countingUpTo: .max).rows.map(\.name) == ["Grace Hopper", "Ada Lovelace"])
        #expect(try store.page(inGroup: family.id, matching: "", in: .firstName, offset: 0, limit: 10, countingUpTo: .max).rows.map(\.name) == ["Ada Lovelace", "Grace Hopper"])
        #expect(try store.page(inGroup: family.id, matching: "ada", offset: 0, limit: 10, countingUpTo: .max).rows.map(\.name) == ["Ada Lovelace"])
        #expect(try store.page(inGroup: family.id, matching: "", offset: 1, limit: 10, countingUpTo: .max) .count == 2)
    }

    @Test func sqliteWindowsAndGroupCards() throws { try Self.checkWindowsAndGroupCards(StoreFixture(.sqlite)) }

    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
    func postgresqlWindowsAndGroupCards() throws { try Self.checkWindowsAndGroupCards(StoreFixture(.postgresql)) }

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
