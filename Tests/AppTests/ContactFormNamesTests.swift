import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// Issue 36's form items: the display name (FN) is edited apart from N's parts, N's prefix and
/// suffix have fields, and a company with no person's name is a company's card (KIND:org), kept
/// so by later edits — through the keys on the virtual screen, and at the edit scene's boundary.
@MainActor
@Suite("Contact form: display name, prefix, suffix, company cards", .serialized)
struct ContactFormNamesTests {
    func onContactList(width: Int = 100, height: Int = 30) -> AppHarness { .onContactList(width: width, height: height) }


    /// The row of the screen holding `caption`.
    func row(_ h: AppHarness, _ caption: String) -> String { h.lines.first { $0.contains(caption) } ?? "" }

    @Test func theDisplayNameIsEditedApartFromTheNamesParts() throws {
        let h = onContactList()
        h.press("a wait:400ms")
        // Above the first name (where the form opens): Shown as, then Prefix and Suffix on one row.
        #expect(row(h, "Shown as").contains("the name shown") && row(h, "Prefix").contains("Suffix"), "\(h.text)")
        h.press(#""Ada" Tab "Lovelace""#)
        #expect(row(h, "Shown as").contains("Ada Lovelace"), "the placeholder follows the name: \(h.text)")
        h.press(#"S-Tab S-Tab "PhD" S-Tab "Dr." S-Tab "Ada, Countess of Lovelace" C-s wait:400ms"#)
        var ada = try #require(try h.storedContacts(limit: 10).first)
        #expect(ada.formattedName == "Ada, Countess of Lovelace" && ada.namePrefix == "Dr." && ada.nameSuffix == "PhD", "\(ada)")
        #expect(ada.firstName == "Ada" && ada.lastName == "Lovelace")
        #expect(h.text.contains("Ada, Countess of Lovelace"), "the list shows the display name: \(h.text)")
        // A new last name leaves the display name as it is: it changes only through its own field.
        h.press(#"Enter wait:400ms e wait:400ms Tab C-a C-k "King" C-s wait:400ms"#)
        ada = try #require(try h.storedContacts(limit: 10).first)
        #expect(ada.lastName == "King" && ada.formattedName == "Ada, Countess of Lovelace" && ada.namePrefix == "Dr.", "\(ada)")
        // Emptied, the name is made from the parts again (the placeholder says which).
        h.press(#"e wait:400ms S-Tab S-Tab S-Tab C-u"#)
        #expect(row(h, "Shown as").contains("Ada King"), "\(h.text)")
        h.press("C-s wait:400ms")
        ada = try #require(try h.storedContacts(limit: 10).first)
        #expect(ada.formattedName == "" && ada.displayName == "Ada King", "\(ada)")
    }

    @Test func aCompanyWithoutAPersonsNameIsSavedAsACompanysCardAndStaysOne() throws {
        let h = onContactList()
        h.press("a wait:400ms")
        // To Company: past the last and middle name, three phones and three e-mails with their labels.
        h.press(String(repeating: "Tab ", count: 15) + #""Ørsted A/S" C-s wait:400ms"#)
        #expect(!h.text.contains("Nothing was saved"), "\(h.text)")
        var orsted = try #require(try h.storedContacts(limit: 10).first)
        #expect(!orsted.hasPersonName && orsted.company == "Ørsted A/S" && orsted.extras == "KIND:org", "\(orsted)")
        #expect(h.text.contains("Ørsted A/S"))
        // An edit of another field keeps it a company's card, its KIND line once.
        h.press(#"Enter wait:400ms e wait:400ms "# + String(repeating: "Tab ", count: 16) + #""Energy" C-s wait:400ms"#)
        orsted = try #require(try h.storedContacts(limit: 10).first)
        #expect(orsted.title == "Energy" && orsted.extras == "KIND:org", "\(orsted)")
        // A person's name given to it makes it a person's card at that company.
        h.press(#"e wait:400ms "Anna" C-s wait:400ms"#)
        orsted = try #require(try h.storedContacts(limit: 10).first)
        #expect(orsted.firstName == "Anna" && orsted.extras == "", "\(orsted)")
    }

    @Test func aNameAloneInShownAsIsEnoughAndNothingAtAllIsNot() throws {
        let h = onContactList()
        h.press(#"a wait:400ms C-s wait:100ms"#)
        #expect(h.text.contains("A name or a company needed."), "\(h.text)")
        h.press(#"S-Tab S-Tab S-Tab "Mum" C-s wait:400ms"#)
        let mum = try #require(try h.storedContacts(limit: 10).first)
        #expect(mum.formattedName == "Mum" && mum.displayName == "Mum" && !mum.hasPersonName && mum.extras == "", "\(mum)")
    }

    /// The edit scene's boundary: what the interactor hands the store (a spy) for a kept card's
    /// contact: the display name and prefix as typed, the kept lines untouched.
    @Test func theEditInteractorSavesTheNameFieldsAndLeavesTheKeptLines() throws {
        let store = ContactsStoreSpy()
        var stored = ContactRecord(firstName: "Ada", lastName: "Lovelace", company: "Analytical Engines")
        stored.middleName = "Augusta"
        stored.formattedName = "Ada Lovelace"
        stored.extras = "X-CUSTOM;X-PARAM=one:kept\r\nCATEGORIES:Mathematicians\r\nitem1.X-ABRELATEDNAMES:Charles"
        stored.card = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada Lovelace\r\nEND:VCARD\r\n"
        let id = try store.add(stored)
        let interactor = EditContactInteractor(contactID: id, worker: EditContactWorker(store: store))
        interactor.fetchContact(request: .init())
        var form = try #require(interactor.originalForm)
        #expect(form.displayName == "Ada Lovelace" && form.extras == stored.extras)
        form.displayName = "Augusta Ada King"
        form.namePrefix = "Countess"
        interactor.saveContact(request: .init(form: form))
        let after = try #require(try store.contact(id: id))
        #expect(after.formattedName == "Augusta Ada King" && after.namePrefix == "Countess" && after.middleName == "Augusta")
        #expect(after.extras == stored.extras && after.card == stored.card, "\(after.extras)")
        // Only the company taken away (no person's name was there before either): nothing about the kind changes.
        #expect(ContactValidator.companyKind("X-A:1", company: "", person: true, original: form) == "X-A:1")
    }
}
