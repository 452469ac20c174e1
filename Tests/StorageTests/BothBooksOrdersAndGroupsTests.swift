import TestSupport
import AppServices
import Foundation
import Testing
@testable import Storage

/// A member's list of both books in the first-name and company orders, and its groups: both books'
/// rows merged in each order, the groups of both (another member's memberships never seen: the
/// membership table is under the same row-level security as the contacts).
@Suite("A team directory: both books in each order, and their groups",
       .enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
struct BothBooksOrdersAndGroupsTests {
    @Test func bothBooksInEachOrderAndTheirGroups() throws {
        let team = try TeamDirectoryTests.Team()
        let alice = try team.asAlice(), bob = try team.asBob()
        let own = PostgresContactsStore(database: bob, accountID: team.bob.id)
        let teamBook = PostgresContactsStore(database: bob, accountID: team.teamBook)
        let both = PostgresContactsStore(database: bob, scope: .both(own: team.bob.id, team: team.teamBook))
        let alicesTeamView = PostgresContactsStore(database: alice, accountID: team.teamBook)
        let alicesOwn = PostgresContactsStore(database: alice, accountID: team.alice.id)
        func card(_ first: String, _ last: String, _ company: String, _ groups: [String]) -> ContactRecord {
            var c = ContactRecord(firstName: first, lastName: last, company: company)
            c.categories = groups
            return c
        }
        let surnames = ["Abbott", "Baker", "Carter", "Dalton", "Evans", "Fisher"]
        for i in 0..<12 { _ = try own.add(card("Bob\(i)", surnames[i % 6], i % 3 == 0 ? "" : "Firm \(i % 4)", i % 2 == 0 ? ["Club"] : [])) }
        for i in 0..<9 { _ = try alicesTeamView.add(card("Team\(i)", surnames[(i * 5) % 6], "Firm \(i % 3)", ["Club"])) }
        for i in 0..<5 { _ = try alicesOwn.add(card("Alice\(i)", surnames[i], "Secret", ["Club", "Alice only"])) }
        for order in [ContactListOrder.firstName, .company] {
            let mine = try own.page(matching: "", in: order, offset: 0, limit: 100, countingUpTo: .max).rows
            let theirs = try teamBook.page(matching: "", in: order, offset: 0, limit: 100, countingUpTo: .max).rows
            let expected = (mine + theirs.map { var r = $0; r.inTeamBook = true; return r }).sorted(by: PostgresContactsStore.precedes)
            #expect(expected.count == 21)
            for (offset, limit) in [(0, 5), (8, 6), (15, 10)] {
                let page = try both.page(matching: "", in: order, offset: offset, limit: limit, countingUpTo: .max)
                #expect(page.count == 21 && page.rows == Array(expected.dropFirst(offset).prefix(limit)), "\(order) \(offset)")
            }
            let club = try both.page(inGroup: "Club", matching: "", in: order, offset: 0, limit: 100, countingUpTo: .max)
            #expect(club.count == 15 && club.rows.map(\.id) == expected.filter { $0.firstName.hasPrefix("Team") || ["Bob0", "Bob2", "Bob4", "Bob6", "Bob8", "Bob10"].contains($0.firstName) }.map(\.id), "\(order)")
            #expect(try both.listIndex(ofContact: expected[7].id, in: order) == 7)
        }
        // Bob's own address book (a CardDAV account of his): both books' list by it, and on none
        // (the team's contacts with his unsynced ones); Alice's sync account is not his to see.
        let sync = PostgresSyncStore(database: bob)
        let bobsAccount = try sync.addAccount(accountID: team.bob.id, url: "https://dav.example/", homeURL: "https://dav.example/bob/",
                                              username: "bob", passwordCommand: nil, caFile: nil, books: [("https://dav.example/bob/cards/", "Cards")])
        let cards = try #require(try sync.books(of: bobsAccount).first).id
        _ = try PostgresSyncStore(database: alice).addAccount(accountID: team.alice.id, url: "https://dav.example/", homeURL: "https://dav.example/alice/",
                                                              username: "alice", passwordCommand: nil, caFile: nil,
                                                              books: [("https://dav.example/alice/secret/", "Alice's")])
        let bobs = try own.page(matching: "", in: .lastName, offset: 0, limit: 100, countingUpTo: .max).rows
        for row in bobs.prefix(4) { try sync.bind(contact: row.id, book: cards, href: "/bob/\(row.id).vcf", etag: nil, card: "BEGIN:VCARD\r\nEND:VCARD\r\n") }
        let books = try both.addressBooks(counted: true)
        #expect(books.books == [ContactAddressBook(id: cards, name: "Cards", count: 4)] && books.notSynced == 17, "\(books)")
        let onCards = try both.page(in: .book(cards), matching: "", in: .lastName, offset: 0, limit: 100, countingUpTo: .max)
        #expect(onCards.count == 4 && Set(onCards.rows.map(\.id)) == Set(bobs.prefix(4).map(\.id)))
        let local = try both.page(in: .notSynced, matching: "", in: .firstName, offset: 2, limit: 5, countingUpTo: .max)
        let expectedLocal = try both.page(matching: "", in: .firstName, offset: 0, limit: 100, countingUpTo: .max).rows
            .filter { !bobs.prefix(4).map(\.id).contains($0.id) }
        #expect(local.count == 17 && local.rows == Array(expectedLocal.dropFirst(2).prefix(5)))
        #expect(try both.rowDetails(of: [bobs[0].id])[bobs[0].id]?.addressBook == "Cards")
        // Alice's memberships are hers: Bob sees the groups of his book and the team's only.
        #expect(try both.groups() == [ContactGroup(name: "Club", count: 15)])
        #expect(try alicesOwn.groups().contains(ContactGroup(name: "Alice only", count: 5)))
    }
}
