import AppServices
import Foundation
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// An iCloud/Apple group card is a group (issue 36): `l` offers it beside the CATEGORIES groups,
/// with its members (MEMBER references matched to contacts' UIDs), and the list shows them in the
/// order chosen.
@MainActor
@Suite("Group cards in the group picker", .serialized)
struct GroupCardsInPickerTests {
    @Test func aGroupCardIsOfferedAndListsItsMembers() throws {
        let h = AppHarness(width: 100, height: 30)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let file = SQLiteContactsStore(database: db, accountID: account.id)
        for (first, last, uid, groups) in [("Ada", "Lovelace", "ada-uid", ["Science"]), ("Grace", "Hopper", "urn:uuid:grace-uid", []),
                                           ("Alan", "Turing", "", ["Science"]), ("Charles", "Babbage", "babbage-uid", [])] {
            var c = ContactRecord(firstName: first, lastName: last)
            c.uid = uid
            c.categories = groups
            _ = try file.add(c)
        }
        try file.keepGroupCard(uid: "family-uid", card: "BEGIN:VCARD\r\nVERSION:3.0\r\nX-ADDRESSBOOKSERVER-KIND:group\r\nFN:Family\r\nUID:family-uid\r\n"
            + "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:ada-uid\r\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:grace-uid\r\nEND:VCARD\r\n")
        h.press("C wait:400ms l wait:400ms")
        #expect(h.text.contains("Family (2) · group card") && h.text.contains("Science (2)"), "\(h.text)")
        h.press("Down Enter wait:400ms")                                // Family, first after All contacts
        #expect(h.lines[0].contains("Contacts · Family (2)"), "\(h.text)")
        #expect(h.text.contains("Grace Hopper") && h.text.contains("Ada Lovelace") && !h.text.contains("Turing") && !h.text.contains("Babbage"),
                "\(h.text)")
        let hopper = try #require(h.lines.firstIndex { $0.contains("Grace Hopper") })
        let lovelace = try #require(h.lines.firstIndex { $0.contains("Ada Lovelace") })
        #expect(hopper < lovelace, "by last name: \(h.text)")
        h.press("o wait:100ms")                                         // by first name, still in the group
        #expect(h.lines[0].contains("Contacts · Family by first name (2)"), "\(h.text)")
        #expect(try #require(h.lines.firstIndex { $0.contains("Ada Lovelace") }) < (try #require(h.lines.firstIndex { $0.contains("Grace Hopper") })))
        h.press("resize:40x12 wait:100ms")
        #expect(h.lines[0].contains("Family"), "\(h.text)")
        h.press("resize:100x30 wait:100ms Esc wait:400ms")
        #expect(h.lines[0].contains("Contacts by first name (4)"), "\(h.text)")
    }
}
