import AppServices
import Testing
@testable import Storage

/// Issue 51: a delete of the marked is one transaction and one Undo; the Trash lists the deletes
/// kept, brings any back under the id it had, and is emptied; a contact brought back is logged as
/// brought back (not as added), under its old id.
@Suite("The Trash and a delete of many on both stores")
struct TrashConformanceTests {
    static func check(_ f: StoreFixture) throws {
        let ada = try f.makeAccount()
        let store = f.contacts(of: ada)
        var ids: [Int64] = []
        for name in ["Ada", "Grace", "Alan", "Edsger", "Barbara"] { ids.append(try store.add(ContactRecord(firstName: name, lastName: "Test"))) }
        #expect(try store.delete(id: ids[4]))                                   // Barbara alone, first
        #expect(try store.delete(ids: [ids[0], ids[1], ids[2], 999_999]) == 3)  // the gone one passed over
        #expect(try store.count(matching: "") == 1)
        // The Trash: newest first, each with the id it had.
        let trash = try store.deletedContacts()
        #expect(trash.map(\.record.firstName) == ["Alan", "Grace", "Ada", "Barbara"])
        if f.backend == .sqlite { #expect(trash.map(\.record.id) == [ids[2], ids[1], ids[0], ids[4]]) }
        // One Undo brings the three back together (a second clients sees the same Trash).
        let back = try f.secondClient().contacts(of: ada).restoreLastDeletes()
        #expect(back.map(\.firstName) == ["Ada", "Grace", "Alan"])
        #expect(try store.count(matching: "") == 4)
        if f.backend == .sqlite {
            #expect(back.map(\.id) == [ids[0], ids[1], ids[2]])              // under the ids they had
            #expect(try store.contact(id: ids[0])?.firstName == "Ada")
        }
        // Barbara from the Trash by its place; then nothing is left to bring back.
        func id(_ name: String) throws -> Int64 { try #require(try store.contacts(matching: name, offset: 0, limit: 1).first?.id) }
        let barbara = try #require(try store.deletedContacts().first)
        #expect(barbara.record.firstName == "Barbara")
        #expect(try store.restoreDeleted(trashID: barbara.trashID)?.firstName == "Barbara")
        #expect(try store.restoreDeleted(trashID: barbara.trashID) == nil)
        #expect(try store.count(matching: "") == 5)
        #expect(try store.deletedContacts().isEmpty)
        // Emptied: forgotten for good.
        #expect(try store.delete(ids: [try id("Edsger"), try id("Barbara")]) == 2)
        #expect(try store.emptyTrash() == 2)
        #expect(try store.deletedContacts().isEmpty)
        #expect(try store.restoreLastDeletes().isEmpty)
        #expect(try store.count(matching: "") == 3)
        // The log says what happened: brought back, not added.
        let kinds = try f.activity(of: ada).events(before: nil, limit: 50).map(\.kind)
        #expect(kinds.filter { $0 == .contactRestored }.count == 4)
        #expect(kinds.filter { $0 == .contactAdded }.count == 5)
    }

    @Test func sqlite() throws { try Self.check(StoreFixture(.sqlite)) }

    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
    func postgresql() throws { try Self.check(StoreFixture(.postgresql)) }
}
