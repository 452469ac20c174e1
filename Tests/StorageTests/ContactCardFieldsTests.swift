import TestSupport
import AppServices
import Testing
import Foundation
@testable import Storage

@Suite("Contacts' address-book fields (migration 9)")
struct ContactCardFieldsTests {
    func makeStore(_ tmp: TempFolder) throws -> SQLiteContactsStore {
        let db = try SQLiteDatabase(path: tmp.file("c.sqlite3"))
        let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
        let owner = try accounts.createAccount(username: "ada", password: "analytical", now: 1)
        return SQLiteContactsStore(database: db, accountID: owner.id, now: { 100 })
    }

    @Test func fieldsSurviveAddUpdateAndReopen() throws {
        let tmp = TempFolder()
        let store = try makeStore(tmp)
        var ada = ContactRecord(firstName: "Ada", lastName: "Lovelace", emails: ["ada@example.org"])
        ada.uid = "urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1"
        ada.nickname = "Countess"
        ada.title = "Programmer"
        ada.birthday = "1815-12-10"
        ada.url = "https://example.org/ada"
        ada.addresses = [.init(label: "home", street: "12 St James's Square\nflat 2", city: "London", postalCode: "SW1Y 4JH", country: "UK"),
                         .init(label: "work", street: "1 Engine Way")]
        ada.extras = "PHOTO:data:image/jpeg;base64,AAAA\r\nX-JABBER:ada@jabber.org"
        ada.id = try store.add(ada)
        #expect(try store.contact(id: ada.id!)?.unversioned == ada)
        #expect(try store.contactID(uid: ada.uid) == ada.id)
        #expect(try store.contactID(uid: "urn:uuid:other") == nil)
        ada.nickname = "Enchantress of Numbers"
        ada.addresses.removeLast()
        #expect(try store.update(ada))
        let reopened = SQLiteContactsStore(database: try SQLiteDatabase(path: tmp.file("c.sqlite3")), accountID: store.accountID)
        #expect(try reopened.contact(id: ada.id!)?.unversioned == ada)
    }

    /// Migration 10: name prefix and suffix, e-mail labels, preferred e-mail and phone; a save from
    /// the form keeps them, the labels and preferences following their address or number.
    @Test func prefixSuffixLabelsAndPreferencesAreStored() throws {
        let tmp = TempFolder()
        let store = try makeStore(tmp)
        var grace = ContactRecord(firstName: "Grace", lastName: "Hopper", phones: [.init(label: "mobile", number: "555 0199"), .init(label: "work", number: "555 0100")],
                                  emails: ["grace@navy.mil", "g@example.org", "h@example.net"])
        grace.namePrefix = "Rear Adm."
        grace.nameSuffix = "PhD"
        grace.emailLabels = ["work", "", "home \"quoted\" \\ \u{1}"]
        grace.preferredEmail = 2
        grace.preferredPhone = 1
        grace.id = try store.add(grace)
        #expect(try store.contact(id: grace.id!)?.unversioned == grace)
        var plain = ContactRecord(firstName: "Ada", lastName: "Lovelace", emails: ["ada@example.org"])
        plain.id = try store.add(plain)
        #expect(try store.contact(id: plain.id!)?.unversioned == plain)

        // One e-mail removed in the form, the others reordered, each with its label as a one-line
        // field shows it (the control character left out): saved unchanged, the label stays as stored.
        var fromForm = ContactRecord(id: grace.id, firstName: "Grace", lastName: "Hopper", phones: [.init(label: "work", number: "555 0100")],
                                     emails: ["h@example.net", "grace@navy.mil"])
        fromForm.emailLabels = ["home \"quoted\" \\", "work"]   // trimmed, as the form saves it
        // The form edits the prefix and suffix too (issue 36): the prefix as it loaded it, the suffix cleared.
        fromForm.namePrefix = "Rear Adm."
        fromForm.keepCardFields(of: try store.contact(id: grace.id!)!)
        #expect(fromForm.emailLabels == ["home \"quoted\" \\ \u{1}", "work"] && fromForm.preferredEmail == 0 && fromForm.preferredPhone == 0)
        #expect(fromForm.namePrefix == "Rear Adm." && fromForm.nameSuffix == "")
        #expect(try store.update(fromForm))
        #expect(try store.contact(id: grace.id!)?.unversioned == fromForm)
    }

    @Test func uidsAreUniquePerAccountAndGivenOnceForExport() throws {
        let tmp = TempFolder()
        let store = try makeStore(tmp)
        var one = ContactRecord(firstName: "One", lastName: "A")
        one.uid = "u-1"
        _ = try store.add(one)
        #expect(throws: ServiceError.self) { try store.add(one) }
        let bare = try store.add(ContactRecord(firstName: "Bare", lastName: "B"))
        #expect(try store.contact(id: bare)?.uid == "")
        try store.assignMissingUIDs()
        let given = try #require(try store.contact(id: bare)?.uid)
        #expect(given.hasPrefix("urn:uuid:") && given.count == 45)
        try store.assignMissingUIDs()
        #expect(try store.contact(id: bare)?.uid == given)
        #expect(try store.allContactIDs().count == 2)
    }

    @Test func companyAndNotesAreSearchedInTheFileAndInMemoryAlike() throws {
        let tmp = TempFolder()
        let store = try makeStore(tmp)
        let grace = ContactRecord(firstName: "Grace", lastName: "Hopper", company: "US Navy", notes: "Wrote the first COBOL compiler")
        let id = try store.add(grace)
        _ = try store.add(ContactRecord(firstName: "Ada", lastName: "Lovelace", company: "Analytical Engines"))
        for query in ["navy", "cobol", "Compiler"] {
            #expect(try store.contacts(matching: query, offset: 0, limit: 10).map(\.id) == [id], "\(query)")
            #expect(ContactQuery(query).matches(grace), "\(query)")
        }
        #expect(try store.count(matching: "engines") == 1)
        // One- and two-character searches stay on word starts of the name.
        #expect(try store.count(matching: "u") == 0)
    }

    @Test func aFormSaveKeepsTheFieldsTheFormDoesNotShow() {
        var stored = ContactRecord(firstName: "A", lastName: "B")
        stored.uid = "u"; stored.nickname = "n"; stored.birthday = "--04-12"; stored.extras = "X-A:1"
        var fromForm = ContactRecord(firstName: "A2", lastName: "B")
        fromForm.keepCardFields(of: stored)
        // The form shows nickname and birthday now (issue 22): what it gives is what is saved.
        #expect(fromForm.uid == "u" && fromForm.nickname == "" && fromForm.birthday == "" && fromForm.extras == "X-A:1" && fromForm.firstName == "A2")
    }
}
